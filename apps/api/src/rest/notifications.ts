import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, untrusted, viaCaller } from './adapter';

/**
 * A query-string number as the procedure's schema reads it: digits become a number, an empty value
 * (`?page=`) counts as left out, and anything else is passed on as it is, so the schema answers 400
 * naming the field.
 */
function queryNumber(value: unknown): unknown {
  if (value === '') return undefined;
  return typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
}

function query(req: FastifyRequest): Record<string, unknown> {
  return (req.query ?? {}) as Record<string, unknown>;
}

/** GET /api/notifications?page=&pageSize= and POST /api/notifications/read {ids?}. */
export function registerNotificationRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/notifications',
    viaCaller(deps, (caller, req) =>
      caller.notification.list(
        untrusted({ page: queryNumber(query(req).page), pageSize: queryNumber(query(req).pageSize) }),
      ),
    ),
  );
  app.post(
    '/api/notifications/read',
    viaCaller(deps, (caller, req) => caller.notification.markRead(untrusted({ ids: bodyObject(req).ids }))),
  );
}
