import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

const pathId = (req: FastifyRequest): number => parseId((req.params as { id?: unknown }).id);

/**
 * The weekly series paths (docs/series.md#api). '/api/rides/series...' are static routes, which
 * the router prefers to '/api/rides/:id...'. Path ids win over ids in a body.
 */
export function registerSeriesRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.post(
    '/api/rides/series',
    rest({ procedure: 'series.create', summary: 'Create a weekly series of rides', status: 201 }),
    viaCaller(deps, (caller, req) => caller.series.create(untrusted(bodyObject(req)))),
  );
  app.get(
    '/api/rides/series/:id',
    rest({ procedure: 'series.byId', summary: 'One series with its rides' }),
    viaCaller(deps, (caller, req) => caller.series.byId({ id: pathId(req) })),
  );
  app.patch(
    '/api/rides/series/:id',
    rest({ procedure: 'series.update', summary: "Edit a series' rides still to come" }),
    viaCaller(deps, (caller, req) => caller.series.update(untrusted({ ...bodyObject(req), id: pathId(req) }))),
  );
  app.post(
    '/api/rides/series/:id/cancel',
    rest({ procedure: 'series.cancel', summary: "Cancel a series' rides still to come" }),
    viaCaller(deps, (caller, req) => caller.series.cancel(untrusted({ ...bodyObject(req), id: pathId(req) }))),
  );
}
