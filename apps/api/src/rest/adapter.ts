import { idParam, idParamMessage } from '@rideshare/domain';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ZodError, ZodRealError } from 'zod';

import { createCaller } from '../routers/app-router';
import { createContextFromRequest, type HttpContextDeps } from '../trpc/context';
import { type RestErrorBody, successStatusOf } from './contract';
import { describeInvalidInput, INTERNAL_ERROR_MESSAGE, isInternalError, retryAfterOf } from '../trpc/errors';

export type Caller = ReturnType<typeof createCaller>;

/**
 * A procedure's error → the documented REST shape `{ error }` with the mapped status, and the
 * Retry-After seconds of a rate limit (429) or a full password queue (503).
 */
export function restErrorFromTRPC(error: TRPCError): {
  status: number;
  body: RestErrorBody;
  retryAfter: number | null;
} {
  const status = getHTTPStatusCodeFromError(error);
  const retryAfter = retryAfterOf(error);
  if (error.cause instanceof ZodError) {
    const { message, fieldErrors } = describeInvalidInput(error.cause);
    return { status, body: { error: message, fieldErrors }, retryAfter };
  }
  if (isInternalError(error)) return { status, body: { error: INTERNAL_ERROR_MESSAGE }, retryAfter };
  return { status, body: { error: error.message }, retryAfter };
}

/**
 * Builds a Fastify handler that calls a procedure through a server-side caller with the request's
 * session, and answers its result as JSON with the route's declared status (rest/contract.ts), or the
 * mapped error. The REST adapter only reshapes.
 */
export function viaCaller<T>(
  deps: HttpContextDeps,
  run: (caller: Caller, request: FastifyRequest, reply: FastifyReply) => Promise<T>,
) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const ctx = await createContextFromRequest(deps, { req: request });
      const result = await run(createCaller(ctx), request, reply);
      if (reply.sent) return reply;
      return await reply.code(successStatusOf(request)).send(result);
    } catch (error) {
      if (error instanceof TRPCError) {
        const { status, body, retryAfter } = restErrorFromTRPC(error);
        if (isInternalError(error)) {
          request.log.error({ err: error.cause ?? error, params: request.params }, 'procedure failed');
        }
        if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
        return reply.code(status).send(body);
      }
      throw error;
    }
  };
}

/**
 * Path ids are validated before any procedure runs: '/api/rides/abc' is a 400 naming the path
 * parameter (`name`), not a 500, and '/api/rides/0x10' is a 400, not ride 16.
 */
export function parseId(value: unknown, name = 'id'): number {
  const result = idParam.safeParse(value);
  if (!result.success) {
    const message = idParamMessage(name);
    const cause = new ZodRealError([{ code: 'custom', path: [name], message, input: value }]);
    throw new TRPCError({ code: 'BAD_REQUEST', message, cause });
  }
  return result.data;
}

/** The JSON body as an object (a missing or non-object body becomes {} so zod reports fields). */
export function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * Marks a request value as handed to a procedure unchecked: the procedure's zod input validates it
 * (and answers 400 with the field messages), so the adapter does not duplicate the schema.
 */
export function untrusted<T>(value: unknown): T {
  return value as T;
}

/**
 * A query-string number as the procedure's schema reads it: digits become a number, an empty value
 * (`?page=`) counts as left out, and anything else is passed on as it is, so the schema answers 400
 * naming the field.
 */
export function queryNumber(value: unknown): unknown {
  if (value === '') return undefined;
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
}

/** The parsed query string as an object. */
export function query(req: FastifyRequest): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}
