import type { FastifyInstance, FastifyReply } from 'fastify';

import type { CalendarFile } from '../services/calendar-service';
import type { HttpContextDeps } from '../trpc/context';
import { parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

/**
 * A calendar file as the answer: text/calendar, saved under its name (`attachment`: a browser
 * offers it to the calendar app) or shown (`inline`: the feed, which calendar apps fetch), never
 * kept by a cache (what it shows depends on the reader, and the feed's URL is a secret).
 */
function sendCalendar(reply: FastifyReply, file: CalendarFile, disposition: 'attachment' | 'inline'): string {
  void reply
    .type('text/calendar; charset=utf-8')
    .header('content-disposition', `${disposition}; filename="${file.filename}"`)
    .header('cache-control', 'no-store');
  return file.body;
}

/**
 * Calendar paths: one ride's .ics for anyone (as `GET /api/rides/:id`), the personal feed by its
 * secret token (no session; limited per client address like every other read by the global rate
 * limit), and the signed-in member's management of that feed under `/api/users/me/calendar-feed`.
 */
export function registerCalendarRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/calendar.ics',
    rest({ procedure: 'calendar.ride', summary: 'One ride as a calendar file', produces: 'text/calendar' }),
    viaCaller(deps, async (caller, req, reply) => {
      const file = await caller.calendar.ride({ id: parseId((req.params as { id?: unknown }).id) });
      return sendCalendar(reply, file, 'attachment');
    }),
  );
  app.get(
    '/api/calendar/:token.ics',
    rest({
      procedure: 'calendar.feed',
      summary: 'Your personal calendar feed, by its secret token',
      produces: 'text/calendar',
    }),
    viaCaller(deps, async (caller, req, reply) => {
      const file = await caller.calendar.feed(untrusted({ token: (req.params as { token?: unknown }).token }));
      void reply.header('x-robots-tag', 'noindex');
      return sendCalendar(reply, file, 'inline');
    }),
  );

  app.get(
    '/api/users/me/calendar-feed',
    rest({ procedure: 'user.calendarFeed', summary: 'Whether your calendar feed is on' }),
    viaCaller(deps, (caller) => caller.user.calendarFeed()),
  );
  app.post(
    '/api/users/me/calendar-feed',
    rest({
      procedure: 'user.rotateCalendarFeed',
      summary: 'Turn on (or renew) your calendar feed; answers its new address',
    }),
    viaCaller(deps, (caller) => caller.user.rotateCalendarFeed()),
  );
  app.delete(
    '/api/users/me/calendar-feed',
    rest({ procedure: 'user.disableCalendarFeed', summary: 'Turn off your calendar feed' }),
    viaCaller(deps, (caller) => caller.user.disableCalendarFeed()),
  );
}
