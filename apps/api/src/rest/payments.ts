import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';

type Params = { id?: unknown; passengerId?: unknown };

const rideOf = (req: FastifyRequest) => parseId((req.params as Params).id);
const targetOf = (req: FastifyRequest) => ({
  rideId: rideOf(req),
  passengerId: parseId((req.params as Params).passengerId, 'passengerId'),
});

/** The payment paths (docs/payments.md#status), each a thin call into the `payment` procedures. */
export function registerPaymentRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/payments',
    viaCaller(deps, (caller, req) => caller.payment.list({ rideId: rideOf(req) })),
  );
  app.get(
    '/api/rides/:id/payments.csv',
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
  app.post(
    '/api/rides/:id/payments/mine',
    viaCaller(deps, (caller, req) =>
      caller.payment.markMine(untrusted({ method: bodyObject(req).method, rideId: rideOf(req) })),
    ),
  );
  app.post(
    '/api/rides/:id/payments/recalculate',
    viaCaller(deps, (caller, req) => caller.payment.recalculate({ rideId: rideOf(req) })),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/confirm',
    viaCaller(deps, (caller, req) => caller.payment.confirm(targetOf(req))),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/unconfirm',
    viaCaller(deps, (caller, req) => caller.payment.unconfirm(targetOf(req))),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/refunded',
    viaCaller(deps, (caller, req) => caller.payment.refunded(targetOf(req))),
  );
  app.post(
    '/api/rides/:id/payments/:passengerId/waive',
    viaCaller(deps, (caller, req) => caller.payment.waive(targetOf(req))),
  );
  app.get(
    '/api/users/me/payments/shares',
    viaCaller(deps, (caller) => caller.payment.shares()),
  );
  app.get(
    '/api/users/me/payments/progress',
    viaCaller(deps, (caller) => caller.payment.progress()),
  );
}
