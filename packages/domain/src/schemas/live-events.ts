/** The live event stream's input: where a reconnecting client resumes (docs/architecture.md#live-events). */
import { z } from 'zod';
import { LAST_EVENT_ID_MESSAGE } from '../live-events';

/**
 * The last event a reconnecting client received (SSE `Last-Event-ID`), as text like the header:
 * a ride event's whole number up to 15 digits, or `u` and an inbox event's; absent or empty means
 * "from now on". Leading zeros are dropped (`007` is `7`).
 */
export const lastEventIdInput = z
  .string({ error: LAST_EVENT_ID_MESSAGE })
  .trim()
  .regex(/^u?\d{1,15}$/, { error: LAST_EVENT_ID_MESSAGE })
  .transform((value) => (value.startsWith('u') ? `u${String(Number(value.slice(1)))}` : String(Number(value))));

/** The input of the live event stream (tRPC `live.events`, REST `GET /api/events`). */
export const liveEventsInput = z
  .object({
    lastEventId: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      lastEventIdInput.nullish(),
    ),
  })
  .nullish()
  .transform((input) => ({
    lastEventId: typeof input?.lastEventId === 'string' ? input.lastEventId : null,
  }));

export type LiveEventsInput = z.input<typeof liveEventsInput>;
