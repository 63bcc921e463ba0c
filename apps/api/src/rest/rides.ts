import { audienceOf, rideListFiltersInput } from '@rideshare/domain';

import type { RouteHandlerMethod } from 'fastify';
import { z } from 'zod';

import { chooseEncoding } from '../http/compression';
import { rideSummaryOutput } from '../routers/ride.outputs';
import { createContextFromRequest } from '../trpc/context';
import { listSearchedRides } from '../repositories/ride-repository';
import { describeInvalidInput } from '../trpc/errors';
import { query, untrusted } from './adapter';
import { route, type RouteDeps } from './table';

/** GET /api/rides's query: an optional search (docs/product.md#search). */
const rideSearchInput = rideListFiltersInput.unwrap().pick({ q: true });

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
 * The full list is served from the instance's cache (no statement while nothing changed; see
 * cache/ride-list-cache.ts) with an ETag, so polling clients get a 304 instead of the whole list. The
 * body is serialised once per version, and compressed once per version and encoding rather than
 * per request, so it is answered here rather than through a procedure. Visitors and members get different bodies
 * (domain `visibility`), each with its own ETag; `Vary: Cookie` and `private` keep shared caches
 * from handing one audience's answer to the other.
 */
function rideList({ http: deps }: RouteDeps): RouteHandlerMethod {
  return async (req, reply) => {
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
  };
}

/**
 * The documented ride paths. Path ids win over ids in a body, and are validated before any
 * procedure runs ('Invalid id' → 400). '/api/rides/user/joined' is a static route, which the
 * router always prefers to '/api/rides/:id'.
 */
export const rideRoutes = [
  route({
    method: 'GET',
    path: '/api/rides',
    summary: 'Every ride, as your audience sees it (ETag, 304); ?q= only those matching a search',
    inputSchema: rideSearchInput,
    outputSchema: z.array(rideSummaryOutput),
    headers: [{ name: 'If-None-Match', description: 'The ETag of the list you hold: 304 while it is current.' }],
    responses: { 304: 'The list you hold is current.' },
    compress: false,
    handle: rideList,
  }),
  route({
    method: 'GET',
    path: '/api/rides/user/joined',
    procedure: 'ride.joined',
    summary: 'Rides you have joined',
  }),
  route({ method: 'GET', path: '/api/stats', procedure: 'stats.get', summary: 'How many rides and members there are' }),
  route({
    method: 'GET',
    path: '/api/rides/:id',
    procedure: 'ride.byId',
    summary: 'One ride',
    input: (r) => ({ id: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides',
    procedure: 'ride.create',
    summary: 'Create a ride',
    status: 201,
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'PATCH',
    path: '/api/rides/:id',
    procedure: 'ride.update',
    summary: 'Edit a ride (the organizer)',
    input: (r) => untrusted({ ...r.body, id: r.id() }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id',
    procedure: 'ride.delete',
    summary: 'Delete a ride nobody else has joined (the organizer)',
    input: (r) => ({ id: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/cancel',
    procedure: 'ride.cancel',
    summary: 'Cancel a ride, with a reason (the organizer)',
    input: (r) => untrusted({ reason: r.body.reason, id: r.id() }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/manifest',
    procedure: 'ride.manifest',
    summary: "The driver's manifest",
    input: (r) => ({ id: r.id() }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/passengers',
    procedure: 'passenger.list',
    summary: "A ride's passengers",
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/join',
    procedure: 'passenger.join',
    summary: 'Join a ride',
    status: 201,
    input: (r) => untrusted({ ...r.body, rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/waitlist',
    procedure: 'waitlist.join',
    summary: "Join a full ride's waitlist",
    status: 201,
    input: (r) => untrusted({ ...r.body, rideId: r.id() }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/waitlist',
    procedure: 'waitlist.leave',
    summary: 'Leave the waitlist',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/waitlist/accept',
    procedure: 'waitlist.accept',
    summary: 'Take the seats a waitlist offer holds',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/passengers/:passengerId',
    procedure: 'passenger.remove',
    summary: 'Leave a ride, or remove a passenger (the organizer)',
    input: (r) => ({ rideId: r.id(), passengerId: r.id('passengerId') }),
  }),
  route({
    method: 'PATCH',
    path: '/api/rides/:id/passengers/:passengerId/sequence',
    procedure: 'sequence.set',
    summary: "Set a drop-off's or pick-up's place in the order (the organizer)",
    input: (r) => untrusted({ sequence: r.body.sequence, rideId: r.id(), passengerId: r.id('passengerId') }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/lockSequence',
    procedure: 'sequence.lock',
    summary: 'Lock the route order (the organizer)',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/stops/merge',
    procedure: 'sequence.mergeStops',
    summary: "Merge one rider's stop into another's (the organizer)",
    input: (r) =>
      untrusted({ rideId: r.id(), passengerId: r.body.passengerId, intoPassengerId: r.body.intoPassengerId }),
  }),
];
