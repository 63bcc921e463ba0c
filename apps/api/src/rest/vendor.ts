import { route } from './table';

/** GET /api/vendor/rides and /api/vendor/permit-scope, and POST /api/rides/:id/assign, /unassign and /complete. */
export const vendorRoutes = [
  route({
    method: 'GET',
    path: '/api/vendor/rides',
    procedure: 'vendor.rides',
    summary: 'Rides assigned to you (vendors)',
  }),
  route({
    method: 'GET',
    path: '/api/vendor/permit-scope',
    procedure: 'vendor.permitScope',
    summary: 'The directions your permit allows, and how many open rides it hides (vendors)',
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/assign',
    procedure: 'vendor.assign',
    summary: 'Take a ride (approved vendors)',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/unassign',
    procedure: 'vendor.unassign',
    summary: 'Release a ride you took (the vendor)',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/complete',
    procedure: 'vendor.complete',
    summary: 'Mark a ride done (the vendor)',
    input: (r) => ({ rideId: r.id() }),
  }),
];
