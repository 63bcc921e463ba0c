import type { FastifyReply } from 'fastify';

import type { CalendarFile } from '../services/calendar-service';
import { untrusted } from './adapter';
import { route } from './table';

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
export const calendarRoutes = [
  route({
    method: 'GET',
    path: '/api/rides/:id/calendar.ics',
    procedure: 'calendar.ride',
    summary: 'One ride as a calendar file',
    produces: 'text/calendar',
    input: (r) => ({ id: r.id() }),
    answer: (file, r) => sendCalendar(r.reply, file, 'attachment'),
  }),
  route({
    method: 'GET',
    path: '/api/calendar/:token.ics',
    procedure: 'calendar.feed',
    summary: 'Your personal calendar feed, by its secret token',
    produces: 'text/calendar',
    input: (r) => untrusted({ token: r.param('token') }),
    answer: (file, r) => {
      void r.reply.header('x-robots-tag', 'noindex');
      return sendCalendar(r.reply, file, 'inline');
    },
  }),
  route({
    method: 'GET',
    path: '/api/users/me/calendar-feed',
    procedure: 'user.calendarFeed',
    summary: 'Whether your calendar feed is on',
  }),
  route({
    method: 'POST',
    path: '/api/users/me/calendar-feed',
    procedure: 'user.rotateCalendarFeed',
    summary: 'Turn on (or renew) your calendar feed; answers its new address',
  }),
  route({
    method: 'DELETE',
    path: '/api/users/me/calendar-feed',
    procedure: 'user.disableCalendarFeed',
    summary: 'Turn off your calendar feed',
  }),
];
