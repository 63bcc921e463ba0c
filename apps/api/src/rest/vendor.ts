import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { parseId, viaCaller } from './adapter';

/** GET /api/vendor/rides and POST /api/rides/:id/assign, /unassign and /complete. */
export function registerVendorRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/vendor/rides',
    viaCaller(deps, (caller) => caller.vendor.rides()),
  );
  app.post(
    '/api/rides/:id/assign',
    viaCaller(deps, (caller, req) => caller.vendor.assign({ rideId: parseId((req.params as { id?: unknown }).id) })),
  );
  app.post(
    '/api/rides/:id/unassign',
    viaCaller(deps, (caller, req) => caller.vendor.unassign({ rideId: parseId((req.params as { id?: unknown }).id) })),
  );
  app.post(
    '/api/rides/:id/complete',
    viaCaller(deps, (caller, req) => caller.vendor.complete({ rideId: parseId((req.params as { id?: unknown }).id) })),
  );
}
