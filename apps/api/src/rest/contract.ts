/**
 * What a REST route promises, built from its row of the route table (rest/table.ts): which
 * procedure it calls (its zod input and output are the request and the answer), the success status,
 * and anything the procedure does not say (a text answer, extra statuses). The OpenAPI document
 * (openapi/document.ts) is built from these, row by row (docs/api.md#the-openapi-document); each
 * registered route also carries its own in its config (`rest`).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

/** Every REST error answer: `{ error }` with a human message, plus the fields' messages on a 400. */
export const restErrorBody = z
  .object({
    error: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string()).optional()).optional(),
  })
  .meta({ description: 'Every REST error answer: a human message, and the fields on a 400.' });

export type RestErrorBody = z.infer<typeof restErrorBody>;

/** A header a route reads, as the OpenAPI parameter says it. */
export interface RestHeader {
  name: string;
  description: string;
}

export interface RestContract {
  /** The procedure this route calls (`ride.byId`): its input and output describe the route. */
  procedure?: string;
  /** What the route does, in a few words (the document's summary). */
  summary: string;
  /** The success status (200 when left out). */
  status?: number;
  /** The answer's media type when it is not JSON (then the answer is the procedure's text). */
  produces?: 'text/csv' | 'text/calendar' | 'text/event-stream' | 'text/html' | 'text/css' | 'text/javascript';
  /** The answer's schema when no procedure gives it (a route answered without one). */
  output?: z.ZodType;
  /** The input's schema when no procedure gives it. */
  input?: z.ZodType;
  /** Input fields the route fills itself and so does not read from the request. */
  omit?: readonly string[];
  /** Headers the route reads. */
  headers?: readonly RestHeader[];
  /** Statuses beyond the ones every route may answer, with what they mean. */
  responses?: Readonly<Record<number, string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rest?: RestContract;
  }
}

/** The declared success status of the route answering `request` (200 when none is declared). */
export function successStatusOf(request: FastifyRequest): number {
  return request.routeOptions.config.rest?.status ?? 200;
}
