/** The personal calendar feed's input. */
import { z } from 'zod';

import { NOT_FOUND_MESSAGES } from '../errors';

/**
 * The feed path's token (REST `/api/calendar/:token.ics`, tRPC `calendar.feed`). Any string, with
 * no length bound: one that is not a token is answered 404 like an unknown one (see
 * `isCalendarToken`), never 400. Request sizes are bounded by the server.
 */
export const calendarFeedInput = z.object({ token: z.string({ error: NOT_FOUND_MESSAGES.calendarFeed }) });
export type CalendarFeedInput = z.infer<typeof calendarFeedInput>;
