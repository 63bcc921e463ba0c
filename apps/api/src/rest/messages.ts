import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, query, queryNumber, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

const params = (req: FastifyRequest) => req.params as { id?: unknown; messageId?: unknown; reportId?: unknown };
const ids = (req: FastifyRequest) => ({
  rideId: parseId(params(req).id),
  messageId: parseId(params(req).messageId, 'messageId'),
});

/**
 * The ride chat (docs/messages.md#api): GET and POST /api/rides/:id/messages, DELETE
 * /api/rides/:id/messages/:messageId, POST /api/rides/:id/messages/:messageId/report, POST
 * /api/rides/:id/messages/read, GET /api/messages/unread; the administrator's GET
 * /api/admin/message-reports and POST /api/admin/message-reports/:reportId/dismiss.
 */
export function registerMessageRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/messages',
    rest({ procedure: 'message.list', summary: "A ride's chat, newest first, paged by `before`" }),
    viaCaller(deps, (caller, req) => {
      const q = query(req);
      return caller.message.list({
        rideId: parseId(params(req).id),
        before: untrusted<number | undefined>(queryNumber(q.before)),
        limit: untrusted<number | undefined>(queryNumber(q.limit)),
      });
    }),
  );
  app.post(
    '/api/rides/:id/messages',
    rest({ procedure: 'message.send', summary: "Post to a ride's chat", status: 201 }),
    viaCaller(deps, (caller, req) =>
      caller.message.send({ rideId: parseId(params(req).id), body: untrusted<string>(bodyObject(req).body) }),
    ),
  );
  app.post(
    '/api/rides/:id/messages/read',
    rest({ procedure: 'message.markRead', summary: "Mark a ride's chat read" }),
    viaCaller(deps, (caller, req) => caller.message.markRead({ rideId: parseId(params(req).id) })),
  );
  app.delete(
    '/api/rides/:id/messages/:messageId',
    rest({ procedure: 'message.delete', summary: 'Delete a chat message' }),
    viaCaller(deps, (caller, req) => caller.message.delete(ids(req))),
  );
  app.post(
    '/api/rides/:id/messages/:messageId/report',
    rest({
      procedure: 'message.report',
      summary: 'Report a chat message',
      status: 201,
      responses: { 200: 'The member had reported this message already: nothing changed' },
    }),
    viaCaller(deps, async (caller, req, reply) => {
      const report = await caller.message.report({ ...ids(req), reason: untrusted<string>(bodyObject(req).reason) });
      // A member reports a message once: the repeat changed nothing (docs/messages.md#reports).
      return report.alreadyReported ? reply.code(200).send(report) : report;
    }),
  );
  app.get(
    '/api/messages/unread',
    rest({ procedure: 'message.unread', summary: 'Unread chat messages, per ride' }),
    viaCaller(deps, (caller) => caller.message.unread()),
  );
  app.get(
    '/api/admin/message-reports',
    rest({ procedure: 'message.reports', summary: 'Reported chat messages (administrators)' }),
    viaCaller(deps, (caller) => caller.message.reports()),
  );
  app.post(
    '/api/admin/message-reports/:reportId/dismiss',
    rest({ procedure: 'message.dismissReport', summary: 'Dismiss a report (administrators)' }),
    viaCaller(deps, (caller, req) =>
      caller.message.dismissReport({ reportId: parseId(params(req).reportId, 'reportId') }),
    ),
  );
}
