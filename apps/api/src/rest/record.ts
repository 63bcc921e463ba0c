import { untrusted } from './adapter';
import { route } from './table';

/**
 * A member's record and thumbs (docs/record.md#api): GET /api/users/:id/record, GET
 * /api/users/:id/ratings (the member and administrators), POST /api/rides/:id/ratings, GET
 * /api/rides/:id/ratings/mine; the administrator's GET /api/admin/ratings and DELETE
 * /api/admin/ratings/:ratingId.
 */
export const recordRoutes = [
  route({
    method: 'GET',
    path: '/api/users/:id/record',
    procedure: 'record.get',
    summary: "A member's record",
    input: (r) => ({ userId: r.id() }),
  }),
  route({
    method: 'GET',
    path: '/api/users/:id/ratings',
    procedure: 'record.received',
    summary: 'The thumbs a member received, with notes (the member and administrators)',
    input: (r) => ({ userId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/ratings',
    procedure: 'record.rate',
    summary: 'Give or change a thumb on a completed ride',
    status: 201,
    input: (r) => untrusted({ rideId: r.id(), subjectId: r.body.subjectId, value: r.body.value, note: r.body.note }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/ratings/mine',
    procedure: 'record.mine',
    summary: 'The thumbs I gave on a ride',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'GET',
    path: '/api/admin/ratings',
    procedure: 'record.adminList',
    summary: 'Every thumb with a note (administrators)',
  }),
  route({
    method: 'DELETE',
    path: '/api/admin/ratings/:ratingId',
    procedure: 'record.adminRemove',
    summary: 'Remove a thumb and its note (administrators)',
    input: (r) => ({ ratingId: r.id('ratingId') }),
  }),
];
