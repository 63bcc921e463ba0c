import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, query, queryNumber, untrusted, viaCaller } from './adapter';

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
    viaCaller(
      deps,
      (caller, req) =>
        caller.message.send({ rideId: parseId(params(req).id), body: untrusted<string>(bodyObject(req).body) }),
      { successStatus: 201 },
    ),
  );
  app.post(
    '/api/rides/:id/messages/read',
    viaCaller(deps, (caller, req) => caller.message.markRead({ rideId: parseId(params(req).id) })),
  );
  app.delete(
    '/api/rides/:id/messages/:messageId',
    viaCaller(deps, (caller, req) => caller.message.delete(ids(req))),
  );
  app.post(
    '/api/rides/:id/messages/:messageId/report',
    viaCaller(
      deps,
      (caller, req) => caller.message.report({ ...ids(req), reason: untrusted<string>(bodyObject(req).reason) }),
      { successStatus: 201 },
    ),
  );
  app.get(
    '/api/messages/unread',
    viaCaller(deps, (caller) => caller.message.unread()),
  );
  app.get(
    '/api/admin/message-reports',
    viaCaller(deps, (caller) => caller.message.reports()),
  );
  app.post(
    '/api/admin/message-reports/:reportId/dismiss',
    viaCaller(deps, (caller, req) =>
      caller.message.dismissReport({ reportId: parseId(params(req).reportId, 'reportId') }),
    ),
  );
}
