import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

/** GET /api/push/key, POST and DELETE /api/push/subscriptions (docs/product.md#phone-notifications). */
export function registerPushRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/push/key',
    rest({ procedure: 'push.key', summary: "The server's public key for phone notifications" }),
    viaCaller(deps, (caller) => caller.push.key()),
  );
  app.post(
    '/api/push/subscriptions',
    rest({ procedure: 'push.subscribe', summary: 'Subscribe this device to phone notifications', status: 201 }),
    viaCaller(deps, (caller, req) => caller.push.subscribe(untrusted(bodyObject(req)))),
  );
  app.delete(
    '/api/push/subscriptions',
    rest({ procedure: 'push.unsubscribe', summary: 'Unsubscribe a device' }),
    viaCaller(deps, (caller, req) => caller.push.unsubscribe(untrusted(bodyObject(req)))),
  );
}
