import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { parseId, viaCaller } from './adapter';
import { rest } from './contract';

/** GET /api/vendor/rides and /api/vendor/permit-scope, and POST /api/rides/:id/assign, /unassign and /complete. */
export function registerVendorRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/vendor/rides',
    rest({ procedure: 'vendor.rides', summary: 'Rides assigned to you (vendors)' }),
    viaCaller(deps, (caller) => caller.vendor.rides()),
  );
  app.get(
    '/api/vendor/permit-scope',
    rest({
      procedure: 'vendor.permitScope',
      summary: 'The directions your permit allows, and how many open rides it hides (vendors)',
    }),
    viaCaller(deps, (caller) => caller.vendor.permitScope()),
  );
  app.post(
    '/api/rides/:id/assign',
    rest({ procedure: 'vendor.assign', summary: 'Take a ride (approved vendors)' }),
    viaCaller(deps, (caller, req) => caller.vendor.assign({ rideId: parseId((req.params as { id?: unknown }).id) })),
  );
  app.post(
    '/api/rides/:id/unassign',
    rest({ procedure: 'vendor.unassign', summary: 'Release a ride you took (the vendor)' }),
    viaCaller(deps, (caller, req) => caller.vendor.unassign({ rideId: parseId((req.params as { id?: unknown }).id) })),
  );
  app.post(
    '/api/rides/:id/complete',
    rest({ procedure: 'vendor.complete', summary: 'Mark a ride done (the vendor)' }),
    viaCaller(deps, (caller, req) => caller.vendor.complete({ rideId: parseId((req.params as { id?: unknown }).id) })),
  );
}
