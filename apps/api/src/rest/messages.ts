import { queryNumber, untrusted } from './adapter';
import { route, type RestRequest } from './table';

const ids = (r: RestRequest) => ({ rideId: r.id(), messageId: r.id('messageId') });

/**
 * The ride chat (docs/messages.md#api): GET and POST /api/rides/:id/messages, DELETE
 * /api/rides/:id/messages/:messageId, POST /api/rides/:id/messages/:messageId/report, POST
 * /api/rides/:id/messages/read, GET /api/messages/unread; the administrator's GET
 * /api/admin/message-reports and POST /api/admin/message-reports/:reportId/dismiss.
 */
export const messageRoutes = [
  route({
    method: 'GET',
    path: '/api/rides/:id/messages',
    procedure: 'message.list',
    summary: "A ride's chat, newest first, paged by `before`",
    input: (r) => ({
      rideId: r.id(),
      before: untrusted<number | undefined>(queryNumber(r.query.before)),
      limit: untrusted<number | undefined>(queryNumber(r.query.limit)),
    }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/messages',
    procedure: 'message.send',
    summary: "Post to a ride's chat",
    status: 201,
    input: (r) => ({ rideId: r.id(), body: untrusted<string>(r.body.body) }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/messages/read',
    procedure: 'message.markRead',
    summary: "Mark a ride's chat read",
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/messages/:messageId',
    procedure: 'message.delete',
    summary: 'Delete a chat message',
    input: ids,
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/messages/:messageId/report',
    procedure: 'message.report',
    summary: 'Report a chat message',
    status: 201,
    responses: { 200: 'The member had reported this message already: nothing changed' },
    input: (r) => ({ ...ids(r), reason: untrusted<string>(r.body.reason) }),
    // A member reports a message once: the repeat changed nothing (docs/messages.md#reports).
    answer: (report, r) => (report.alreadyReported ? r.reply.code(200).send(report) : report),
  }),
  route({
    method: 'GET',
    path: '/api/messages/unread',
    procedure: 'message.unread',
    summary: 'Unread chat messages, per ride',
  }),
  route({
    method: 'GET',
    path: '/api/admin/message-reports',
    procedure: 'message.reports',
    summary: 'Reported chat messages (administrators)',
  }),
  route({
    method: 'POST',
    path: '/api/admin/message-reports/:reportId/dismiss',
    procedure: 'message.dismissReport',
    summary: 'Dismiss a report (administrators)',
    input: (r) => ({ reportId: r.id('reportId') }),
  }),
];
