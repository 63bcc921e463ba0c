import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';

const params = (req: FastifyRequest) => req.params as { id?: unknown; passengerId?: unknown; token?: unknown };
const rideId = (req: FastifyRequest) => parseId(params(req).id);
const passenger = (req: FastifyRequest) => ({
  rideId: rideId(req),
  passengerId: parseId(params(req).passengerId, 'passengerId'),
});

/**
 * The day of the trip (docs/trip-day.md#api): GET /api/rides/:id/trip, POST /api/rides/:id/trip/stage,
 * /undo, /late and /share, DELETE /api/rides/:id/trip/share/:token, POST and DELETE
 * /api/rides/:id/passengers/:passengerId/no-show, and the public GET /api/trip/:token.
 */
export function registerTripRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/trip',
    viaCaller(deps, (caller, req) => caller.trip.get({ rideId: rideId(req) })),
  );
  app.post(
    '/api/rides/:id/trip/stage',
    viaCaller(deps, (caller, req) =>
      caller.trip.stage(untrusted({ rideId: rideId(req), stage: bodyObject(req).stage })),
    ),
  );
  app.post(
    '/api/rides/:id/trip/undo',
    viaCaller(deps, (caller, req) => caller.trip.undo({ rideId: rideId(req) })),
  );
  app.post(
    '/api/rides/:id/trip/late',
    viaCaller(deps, (caller, req) =>
      caller.trip.late(untrusted({ rideId: rideId(req), minutes: bodyObject(req).minutes })),
    ),
  );
  app.post(
    '/api/rides/:id/trip/share',
    viaCaller(deps, (caller, req) => caller.trip.share({ rideId: rideId(req) }), { successStatus: 201 }),
  );
  app.delete(
    '/api/rides/:id/trip/share/:token',
    viaCaller(deps, (caller, req) =>
      caller.trip.revokeShare(untrusted({ rideId: rideId(req), token: params(req).token })),
    ),
  );
  app.post(
    '/api/rides/:id/passengers/:passengerId/no-show',
    viaCaller(deps, (caller, req) => caller.trip.markNoShow(passenger(req))),
  );
  app.delete(
    '/api/rides/:id/passengers/:passengerId/no-show',
    viaCaller(deps, (caller, req) => caller.trip.clearNoShow(passenger(req))),
  );
  app.get(
    '/api/trip/:token',
    viaCaller(deps, async (caller, req, reply) => {
      const trip = await caller.trip.public(untrusted({ token: params(req).token }));
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return trip;
    }),
  );
}
