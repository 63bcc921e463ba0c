import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

type Params = { id?: unknown; passengerId?: unknown };

/** A number from the query string; left out or blank: undefined (the schema's default or error). */
const number = (value: unknown) => (value === undefined || value === '' ? undefined : Number(value));

const rideOf = (req: FastifyRequest) => parseId((req.params as Params).id);
const targetOf = (req: FastifyRequest) => ({
  rideId: rideOf(req),
  passengerId: parseId((req.params as Params).passengerId, 'passengerId'),
});

/** The payment paths (docs/payments.md#status), each a thin call into the `payment` procedures. */
export function registerPaymentRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/payments',
    rest({ procedure: 'payment.list', summary: "A ride's payments" }),
    viaCaller(deps, (caller, req) => caller.payment.list({ rideId: rideOf(req) })),
  );
  app.get(
    '/api/rides/:id/payments.csv',
    rest({ procedure: 'payment.csv', summary: "A ride's payments as CSV (the organizer)", produces: 'text/csv' }),
    viaCaller(deps, async (caller, req, reply) => {
      const rideId = rideOf(req);
      const csv = await caller.payment.csv({ rideId });
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="ride-${String(rideId)}-payments.csv"`)
        .header('cache-control', 'no-store');
      return csv;
    }),
  );
  app.get(
    '/api/rides/:id/payments/preview',
    rest({
      procedure: 'payment.preview',
      summary: "Each rider's share before and after a price change (the organizer)",
    }),
    viaCaller(deps, (caller, req) => {
      const query = req.query as { cost?: unknown; stopPrice?: unknown };
      return caller.payment.preview(
        untrusted({ rideId: rideOf(req), cost: number(query.cost), stopPrice: number(query.stopPrice) }),
      );
    }),
  );
  app.get(
    '/api/rides/:id/payments/join-price',
    rest({ procedure: 'payment.joinPrice', summary: 'What a group would owe on joining the locked ride now' }),
    viaCaller(deps, (caller, req) => {
      const query = req.query as {
        passengerCount?: unknown;
        dropoffLocation?: unknown;
        latitude?: unknown;
        longitude?: unknown;
      };
      return caller.payment.joinPrice(
        untrusted({
          rideId: rideOf(req),
          passengerCount: number(query.passengerCount),
          dropoffLocation: query.dropoffLocation,
          latitude: number(query.latitude),
          longitude: number(query.longitude),
        }),
      );
    }),
  );
  app.post(
    '/api/rides/:id/payments/mine',
    rest({ procedure: 'payment.markMine', summary: 'Mark your share paid' }),
    viaCaller(deps, (caller, req) =>
      caller.payment.markMine(untrusted({ method: bodyObject(req).method, rideId: rideOf(req) })),
    ),
  );
  app.post(
    '/api/rides/:id/payments/recalculate',
    rest({ procedure: 'payment.recalculate', summary: 'Recalculate the shares (the organizer)' }),
    viaCaller(deps, (caller, req) => caller.payment.recalculate({ rideId: rideOf(req) })),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/confirm',
    rest({ procedure: 'payment.confirm', summary: "Confirm a rider's payment (the organizer)" }),
    viaCaller(deps, (caller, req) => caller.payment.confirm(targetOf(req))),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/unconfirm',
    rest({ procedure: 'payment.unconfirm', summary: 'Undo a confirmation (the organizer)' }),
    viaCaller(deps, (caller, req) => caller.payment.unconfirm(targetOf(req))),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/refunded',
    rest({ procedure: 'payment.refunded', summary: 'Record a refund paid (the organizer)' }),
    viaCaller(deps, (caller, req) => caller.payment.refunded(targetOf(req))),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/waive',
    rest({ procedure: 'payment.waive', summary: "Waive a rider's share (the organizer)" }),
    viaCaller(deps, (caller, req) => caller.payment.waive(targetOf(req))),
  );
  app.get(
    '/api/users/me/payments/shares',
    rest({ procedure: 'payment.shares', summary: 'What you owe on each of your rides' }),
    viaCaller(deps, (caller) => caller.payment.shares()),
  );
  app.get(
    '/api/users/me/payments/progress',
    rest({ procedure: 'payment.progress', summary: 'How much is paid on each ride you organize' }),
    viaCaller(deps, (caller) => caller.payment.progress()),
  );
}
