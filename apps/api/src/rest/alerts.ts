import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';

/** GET /api/alerts, POST /api/alerts and DELETE /api/alerts/:id (docs/alerts.md#api). */
export function registerAlertRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/alerts',
    viaCaller(deps, (caller) => caller.alert.list()),
  );
  app.post(
    '/api/alerts',
    viaCaller(
      deps,
      (caller, req) => {
        const body = bodyObject(req);
        return caller.alert.create(
          untrusted({
            direction: body.direction,
            fromDate: body.fromDate,
            toDate: body.toDate,
            weekdays: body.weekdays,
            earliestTime: body.earliestTime,
            latestTime: body.latestTime,
          }),
        );
      },
      { successStatus: 201 },
    ),
  );
  app.delete(
    '/api/alerts/:id',
    viaCaller(deps, (caller, req) => caller.alert.delete({ id: parseId((req.params as { id?: unknown }).id) })),
  );
}
