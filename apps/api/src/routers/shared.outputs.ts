/**
 * What the procedures answer is declared once, as zod schemas beside each router
 * (`<router>.outputs.ts`): each procedure checks its answer with `.output()`, the services and
 * repositories take their answer types from the same schemas (`z.output<typeof …>`), and the OpenAPI
 * document (openapi/document.ts) describes the REST answers from them (docs/api.md#answers).
 * This module holds the small shapes several routers share, and the one way to build an answer object.
 */
import { CROSSINGS, DIRECTIONS, THUMB_VALUES, TRIP_STAGES, VENDOR_STATUSES } from '@rideshare/domain';
import { z } from 'zod';

import { UNDER_TEST } from '../env';

/**
 * An answer object. Under test it is strict, so a key the schema does not name fails the procedure
 * (a service that returns more than its answer is caught, not silently trimmed); in production the
 * extra key is dropped. A missing or mistyped key fails in both. Both answer the same type and the
 * same JSON Schema (`additionalProperties: false`).
 */
export function outputObject<Shape extends z.core.$ZodLooseShape>(shape: Shape): z.ZodObject<Shape, z.core.$strip> {
  // A strict object parses to the same type as a stripping one: only unknown keys are treated apart.
  return UNDER_TEST ? z.strictObject(shape) : z.object(shape);
}

export const direction = z.enum(DIRECTIONS);
export const vendorStatus = z.enum(VENDOR_STATUSES);
export const crossing = z.enum(CROSSINGS);
export const tripStage = z.enum(TRIP_STAGES);
export const thumbValue = z.enum(THUMB_VALUES);

/** `{ message }`: a done action's sentence for the person who did it. */
export const messageOutput = outputObject({ message: z.string() });

/** `{ id, message }`: something removed, named by its id. */
export const removedOutput = outputObject({ id: z.number(), message: z.string() });

/** One page of a paged list: its items, how many there are in all, and which page this is. */
export function pageOf<T extends z.ZodType>(item: T) {
  return outputObject({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
}

export const coordinatesOutput = outputObject({ latitude: z.number(), longitude: z.number() });
export const contactNumbers = { whatsappNumber: z.string().nullable(), malaysianNumber: z.string().nullable() };
