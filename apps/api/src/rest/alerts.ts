import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

/** GET /api/alerts, POST /api/alerts and DELETE /api/alerts/:id (docs/alerts.md#api). */
export function registerAlertRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/alerts',
    rest({ procedure: 'alert.list', summary: 'Your ride alerts' }),
    viaCaller(deps, (caller) => caller.alert.list()),
  );
  app.post(
    '/api/alerts',
    rest({ procedure: 'alert.create', summary: 'Add a ride alert', status: 201 }),
    viaCaller(deps, (caller, req) => {
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
    }),
  );
  app.delete(
    '/api/alerts/:id',
    rest({ procedure: 'alert.delete', summary: 'Delete one of your ride alerts' }),
    viaCaller(deps, (caller, req) => caller.alert.delete({ id: parseId((req.params as { id?: unknown }).id) })),
  );
}
