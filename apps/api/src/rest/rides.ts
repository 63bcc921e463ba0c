import { audienceOf, rideListFiltersInput } from '@rideshare/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { z } from 'zod';

import { chooseEncoding } from '../http/compression';
import { rideSummaryOutput } from '../routers/ride.outputs';
import { createContextFromRequest, type HttpContextDeps } from '../trpc/context';
import { listSearchedRides } from '../repositories/ride-repository';
import { describeInvalidInput } from '../trpc/errors';
import { bodyObject, parseId, query, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

type Params = { id?: unknown; passengerId?: unknown };

/** GET /api/rides's query: an optional search (docs/product.md#search). */
const rideSearchInput = rideListFiltersInput.unwrap().pick({ q: true });

function params(req: FastifyRequest): Params {
  return req.params as Params;
}

/**
 * True when an If-None-Match header names this ETag (or is `*`). Weak comparison, as RFC 9110
 * prescribes for If-None-Match: `W/"x"` and `"x"` match.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The documented ride paths. Path ids win over ids in a body, and are validated before any
 * procedure runs ('Invalid id' → 400). '/api/rides/user/joined' is a static route, which the
 * router always prefers to '/api/rides/:id'.
 */
export function registerRideRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  // The full list is served from the instance's cache (no statement while nothing changed; see
  // cache/ride-list-cache.ts) with an ETag, so polling clients get a 304 instead of the whole list. The
  // body is serialised once per version, and compressed once per version and encoding rather than
  // per request, so it is answered here rather than through a procedure. Visitors and members get different bodies
  // (domain `visibility`), each with its own ETag; `Vary: Cookie` and `private` keep shared caches
  // from handing one audience's answer to the other.
  app.get(
    '/api/rides',
    {
      compress: false,
      ...rest({
        summary: 'Every ride, as your audience sees it (ETag, 304); ?q= only those matching a search',
        input: rideSearchInput,
        output: z.array(rideSummaryOutput),
        headers: [{ name: 'If-None-Match', description: 'The ETag of the list you hold: 304 while it is current.' }],
        responses: { 304: 'The list you hold is current.' },
      }),
    },
    async (req, reply) => {
      const ctx = await createContextFromRequest(deps, { req });
      const audience = audienceOf(ctx.user);
      const search = rideSearchInput.safeParse(query(req));
      if (!search.success) {
        const { message, fieldErrors } = describeInvalidInput(search.error);
        return reply.code(400).send({ error: message, fieldErrors });
      }
      // A search is read fresh (docs/product.md#search): one indexed statement, never cached.
      if (search.data.q !== '') {
        void reply.header('cache-control', 'private, no-store');
        return reply.send(await listSearchedRides(ctx.db, audience, search.data.q));
      }
      const cached = await ctx.rideListCache.fullList(ctx.db, audience);
      // Added to what CORS may already vary on (Origin), never in its place.
      const vary = reply.getHeader('vary');
      void reply
        .header('etag', cached.etag)
        .header('cache-control', audience === 'member' ? 'private, no-cache' : 'no-cache')
        .header('vary', `${vary === undefined ? '' : `${String(vary)}, `}Cookie, Accept-Encoding`);
      if (etagMatches(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
      void reply.type('application/json; charset=utf-8');
      const encoding = chooseEncoding(req, cached.body.length);
      if (!encoding) return reply.send(cached.body);
      return reply.header('content-encoding', encoding).send(await cached.encoded(encoding));
    },
  );

  app.get(
    '/api/rides/user/joined',
    rest({ procedure: 'ride.joined', summary: 'Rides you have joined' }),
    viaCaller(deps, (caller) => caller.ride.joined()),
  );
  app.get(
    '/api/stats',
    rest({ procedure: 'stats.get', summary: 'How many rides and members there are' }),
    viaCaller(deps, (caller) => caller.stats.get()),
  );
  app.get(
    '/api/rides/:id',
    rest({ procedure: 'ride.byId', summary: 'One ride' }),
    viaCaller(deps, (caller, req) => caller.ride.byId({ id: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides',
    rest({ procedure: 'ride.create', summary: 'Create a ride', status: 201 }),
    viaCaller(deps, (caller, req) => caller.ride.create(untrusted(bodyObject(req)))),
  );
  app.patch(
    '/api/rides/:id',
    rest({ procedure: 'ride.update', summary: 'Edit a ride (the organizer)' }),
    viaCaller(deps, (caller, req) =>
      caller.ride.update(untrusted({ ...bodyObject(req), id: parseId(params(req).id) })),
    ),
  );
  app.delete(
    '/api/rides/:id',
    rest({ procedure: 'ride.delete', summary: 'Delete a ride nobody else has joined (the organizer)' }),
    viaCaller(deps, (caller, req) => caller.ride.delete({ id: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/cancel',
    rest({ procedure: 'ride.cancel', summary: 'Cancel a ride, with a reason (the organizer)' }),
    viaCaller(deps, (caller, req) =>
      caller.ride.cancel(untrusted({ reason: bodyObject(req).reason, id: parseId(params(req).id) })),
    ),
  );

  app.get(
    '/api/rides/:id/manifest',
    rest({ procedure: 'ride.manifest', summary: "The driver's manifest" }),
    viaCaller(deps, (caller, req) => caller.ride.manifest({ id: parseId(params(req).id) })),
  );
  app.get(
    '/api/rides/:id/passengers',
    rest({ procedure: 'passenger.list', summary: "A ride's passengers" }),
    viaCaller(deps, (caller, req) => caller.passenger.list({ rideId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/join',
    rest({ procedure: 'passenger.join', summary: 'Join a ride', status: 201 }),
    viaCaller(deps, (caller, req) =>
      caller.passenger.join(untrusted({ ...bodyObject(req), rideId: parseId(params(req).id) })),
    ),
  );
  app.post(
    '/api/rides/:id/waitlist',
    rest({ procedure: 'waitlist.join', summary: "Join a full ride's waitlist", status: 201 }),
    viaCaller(deps, (caller, req) =>
      caller.waitlist.join(untrusted({ ...bodyObject(req), rideId: parseId(params(req).id) })),
    ),
  );
  app.delete(
    '/api/rides/:id/waitlist',
    rest({ procedure: 'waitlist.leave', summary: 'Leave the waitlist' }),
    viaCaller(deps, (caller, req) => caller.waitlist.leave({ rideId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/waitlist/accept',
    rest({ procedure: 'waitlist.accept', summary: 'Take the seats a waitlist offer holds' }),
    viaCaller(deps, (caller, req) => caller.waitlist.accept({ rideId: parseId(params(req).id) })),
  );
  app.delete(
    '/api/rides/:id/passengers/:passengerId',
    rest({ procedure: 'passenger.remove', summary: 'Leave a ride, or remove a passenger (the organizer)' }),
    viaCaller(deps, (caller, req) =>
      caller.passenger.remove({
        rideId: parseId(params(req).id),
        passengerId: parseId(params(req).passengerId, 'passengerId'),
      }),
    ),
  );
  app.patch(
    '/api/rides/:id/passengers/:passengerId/sequence',
    rest({ procedure: 'sequence.set', summary: "Set a drop-off's or pick-up's place in the order (the organizer)" }),
    viaCaller(deps, (caller, req) =>
      caller.sequence.set(
        untrusted({
          sequence: bodyObject(req).sequence,
          rideId: parseId(params(req).id),
          passengerId: parseId(params(req).passengerId, 'passengerId'),
        }),
      ),
    ),
  );
  app.post(
    '/api/rides/:id/lockSequence',
    rest({ procedure: 'sequence.lock', summary: 'Lock the route order (the organizer)' }),
    viaCaller(deps, (caller, req) => caller.sequence.lock({ rideId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/stops/merge',
    rest({ procedure: 'sequence.mergeStops', summary: "Merge one rider's stop into another's (the organizer)" }),
    viaCaller(deps, (caller, req) =>
      caller.sequence.mergeStops(
        untrusted({
          rideId: parseId(params(req).id),
          passengerId: bodyObject(req).passengerId,
          intoPassengerId: bodyObject(req).intoPassengerId,
        }),
      ),
    ),
  );
}
