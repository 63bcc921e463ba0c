import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

const params = (req: FastifyRequest) =>
  req.params as { id?: unknown; passengerId?: unknown; token?: unknown; linkId?: unknown };
const rideId = (req: FastifyRequest) => parseId(params(req).id);
const passenger = (req: FastifyRequest) => ({
  rideId: rideId(req),
  passengerId: parseId(params(req).passengerId, 'passengerId'),
});

/**
 * The day of the trip (docs/trip-day.md#api): GET /api/rides/:id/trip, POST /api/rides/:id/trip/stage,
 * /undo, /late and /share, DELETE /api/rides/:id/trip/share/:token, GET /api/rides/:id/trip/shares,
 * DELETE /api/rides/:id/trip/shares/:linkId, POST and DELETE
 * /api/rides/:id/passengers/:passengerId/no-show, and the public GET /api/trip/:token.
 */
export function registerTripRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/trip',
    rest({ procedure: 'trip.get', summary: "The day of a ride's trip: stages, late notices and no-shows (its party)" }),
    viaCaller(deps, (caller, req) => caller.trip.get({ rideId: rideId(req) })),
  );
  app.post(
    '/api/rides/:id/trip/stage',
    rest({ procedure: 'trip.stage', summary: 'Post the next trip stage (organizer or assigned driver)' }),
    viaCaller(deps, (caller, req) =>
      caller.trip.stage(untrusted({ rideId: rideId(req), stage: bodyObject(req).stage })),
    ),
  );
  app.post(
    '/api/rides/:id/trip/undo',
    rest({ procedure: 'trip.undo', summary: 'Take back the last trip stage within 10 minutes' }),
    viaCaller(deps, (caller, req) => caller.trip.undo({ rideId: rideId(req) })),
  );
  app.post(
    '/api/rides/:id/trip/late',
    rest({ procedure: 'trip.late', summary: 'Tell the party you are running late (riders)' }),
    viaCaller(deps, (caller, req) =>
      caller.trip.late(untrusted({ rideId: rideId(req), minutes: bodyObject(req).minutes })),
    ),
  );
  app.post(
    '/api/rides/:id/trip/share',
    rest({ procedure: 'trip.share', summary: 'Make a link family can follow', status: 201 }),
    viaCaller(deps, (caller, req) => caller.trip.share({ rideId: rideId(req) })),
  );
  app.delete(
    '/api/rides/:id/trip/share/:token',
    rest({
      procedure: 'trip.revokeShare',
      summary: "Revoke a trip link (its maker, or any link on the organizer's ride)",
    }),
    viaCaller(deps, (caller, req) =>
      caller.trip.revokeShare(untrusted({ rideId: rideId(req), token: params(req).token })),
    ),
  );
  app.get(
    '/api/rides/:id/trip/shares',
    rest({ procedure: 'trip.shares', summary: 'The live trip links you may revoke (the organizer: every one)' }),
    viaCaller(deps, (caller, req) => caller.trip.shares({ rideId: rideId(req) })),
  );
  app.delete(
    '/api/rides/:id/trip/shares/:linkId',
    rest({ procedure: 'trip.revokeShareLink', summary: 'Revoke a trip link by its id from that list' }),
    viaCaller(deps, (caller, req) =>
      caller.trip.revokeShareLink({ rideId: rideId(req), linkId: parseId(params(req).linkId, 'linkId') }),
    ),
  );
  app.post(
    '/api/rides/:id/passengers/:passengerId/no-show',
    rest({ procedure: 'trip.markNoShow', summary: 'Mark a party as not showing up' }),
    viaCaller(deps, (caller, req) => caller.trip.markNoShow(passenger(req))),
  );
  app.delete(
    '/api/rides/:id/passengers/:passengerId/no-show',
    rest({ procedure: 'trip.clearNoShow', summary: 'Take back a no-show' }),
    viaCaller(deps, (caller, req) => caller.trip.clearNoShow(passenger(req))),
  );
  app.get(
    '/api/trip/:token',
    rest({ procedure: 'trip.public', summary: 'A shared trip, without personal data (public)' }),
    viaCaller(deps, async (caller, req, reply) => {
      const trip = await caller.trip.public(untrusted({ token: params(req).token }));
      void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return trip;
    }),
  );
}
