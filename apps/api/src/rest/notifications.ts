import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, query, queryNumber, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

/** GET /api/notifications?page=&pageSize= and POST /api/notifications/read {ids?}. */
export function registerNotificationRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/notifications',
    rest({ procedure: 'notification.list', summary: 'Your notifications, paged' }),
    viaCaller(deps, (caller, req) =>
      caller.notification.list(
        untrusted({ page: queryNumber(query(req).page), pageSize: queryNumber(query(req).pageSize) }),
      ),
    ),
  );
  app.post(
    '/api/notifications/read',
    rest({ procedure: 'notification.markRead', summary: 'Mark notifications read (all, or the ids given)' }),
    viaCaller(deps, (caller, req) => caller.notification.markRead(untrusted({ ids: bodyObject(req).ids }))),
  );
}
