import { untrusted } from './adapter';
import { route, type RestRequest } from './table';

/** A number from the query string; left out or blank: undefined (the schema's default or error). */
const number = (value: unknown) => (value === undefined || value === '' ? undefined : Number(value));

const target = (r: RestRequest) => ({ rideId: r.id(), passengerId: r.id('passengerId') });

/** The payment paths (docs/payments.md#status), each a thin call into the `payment` procedures. */
export const paymentRoutes = [
  route({
    method: 'GET',
    path: '/api/rides/:id/payments',
    procedure: 'payment.list',
    summary: "A ride's payments",
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/payments.csv',
    procedure: 'payment.csv',
    summary: "A ride's payments as CSV (the organizer)",
    produces: 'text/csv',
    input: (r) => ({ rideId: r.id() }),
    answer: (csv, r) => {
      void r.reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ride-${String(r.id())}-payments.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    },
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/payments/preview',
    procedure: 'payment.preview',
    summary: "Each rider's share before and after a price change (the organizer)",
    input: (r) => untrusted({ rideId: r.id(), cost: number(r.query.cost), stopPrice: number(r.query.stopPrice) }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/payments/join-price',
    procedure: 'payment.joinPrice',
    summary: 'What a group would owe on joining the locked ride now',
    input: (r) =>
      untrusted({
        rideId: r.id(),
        passengerCount: number(r.query.passengerCount),
        dropoffLocation: r.query.dropoffLocation,
        latitude: number(r.query.latitude),
        longitude: number(r.query.longitude),
      }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/payments/mine',
    procedure: 'payment.markMine',
    summary: 'Mark your share paid',
    input: (r) => untrusted({ method: r.body.method, rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/payments/recalculate',
    procedure: 'payment.recalculate',
    summary: 'Recalculate the shares (the organizer)',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/payments/:passengerId/confirm',
    procedure: 'payment.confirm',
    summary: "Confirm a rider's payment (the organizer)",
    input: target,
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/payments/:passengerId/unconfirm',
    procedure: 'payment.unconfirm',
    summary: 'Undo a confirmation (the organizer)',
    input: target,
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/payments/:passengerId/refunded',
    procedure: 'payment.refunded',
    summary: 'Record a refund paid (the organizer)',
    input: target,
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/payments/:passengerId/waive',
    procedure: 'payment.waive',
    summary: "Waive a rider's share (the organizer)",
    input: target,
  }),
  route({
    method: 'GET',
    path: '/api/users/me/payments/shares',
    procedure: 'payment.shares',
    summary: 'What you owe on each of your rides',
  }),
  route({
    method: 'GET',
    path: '/api/users/me/payments/progress',
    procedure: 'payment.progress',
    summary: 'How much is paid on each ride you organize',
  }),
];
