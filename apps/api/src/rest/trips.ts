import { untrusted } from './adapter';
import { route, type RestRequest } from './table';

const passenger = (r: RestRequest) => ({ rideId: r.id(), passengerId: r.id('passengerId') });

/**
 * The day of the trip (docs/trip-day.md#api): GET /api/rides/:id/trip, POST /api/rides/:id/trip/stage,
 * /undo, /late and /share, DELETE /api/rides/:id/trip/share/:token, GET /api/rides/:id/trip/shares,
 * DELETE /api/rides/:id/trip/shares/:linkId, POST and DELETE
 * /api/rides/:id/passengers/:passengerId/no-show, and the public GET /api/trip/:token.
 */
export const tripRoutes = [
  route({
    method: 'GET',
    path: '/api/rides/:id/trip',
    procedure: 'trip.get',
    summary: "The day of a ride's trip: stages, late notices and no-shows (its party)",
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/trip/stage',
    procedure: 'trip.stage',
    summary: 'Post the next trip stage (organizer or assigned driver)',
    input: (r) => untrusted({ rideId: r.id(), stage: r.body.stage }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/trip/undo',
    procedure: 'trip.undo',
    summary: 'Take back the last trip stage within 10 minutes',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/trip/late',
    procedure: 'trip.late',
    summary: 'Tell the party you are running late (riders)',
    input: (r) => untrusted({ rideId: r.id(), minutes: r.body.minutes }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/trip/share',
    procedure: 'trip.share',
    summary: 'Make a link family can follow',
    status: 201,
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/trip/share/:token',
    procedure: 'trip.revokeShare',
    summary: "Revoke a trip link (its maker, or any link on the organizer's ride)",
    input: (r) => untrusted({ rideId: r.id(), token: r.param('token') }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/trip/shares',
    procedure: 'trip.shares',
    summary: 'The live trip links you may revoke (the organizer: every one)',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/trip/shares/:linkId',
    procedure: 'trip.revokeShareLink',
    summary: 'Revoke a trip link by its id from that list',
    input: (r) => ({ rideId: r.id(), linkId: r.id('linkId') }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/passengers/:passengerId/no-show',
    procedure: 'trip.markNoShow',
    summary: 'Mark a party as not showing up',
    input: passenger,
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/passengers/:passengerId/no-show',
    procedure: 'trip.clearNoShow',
    summary: 'Take back a no-show',
    input: passenger,
  }),
  route({
    method: 'GET',
    path: '/api/trip/:token',
    procedure: 'trip.public',
    summary: 'A shared trip, without personal data (public)',
    input: (r) => untrusted({ token: r.param('token') }),
    answer: (trip, r) => {
      void r.reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      return trip;
    },
  }),
];
