import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, untrusted, viaCaller } from './adapter';

/** GET /api/push/key, POST and DELETE /api/push/subscriptions (docs/product.md#phone-notifications). */
export function registerPushRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/push/key',
    viaCaller(deps, (caller) => caller.push.key()),
  );
  app.post(
    '/api/push/subscriptions',
    viaCaller(deps, (caller, req) => caller.push.subscribe(untrusted(bodyObject(req))), { successStatus: 201 }),
  );
  app.delete(
    '/api/push/subscriptions',
    viaCaller(deps, (caller, req) => caller.push.unsubscribe(untrusted(bodyObject(req)))),
  );
}
