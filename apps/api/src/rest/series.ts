import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';

const pathId = (req: FastifyRequest): number => parseId((req.params as { id?: unknown }).id);

/**
 * The weekly series paths (docs/series.md#api). '/api/rides/series...' are static routes, which
 * the router prefers to '/api/rides/:id...'. Path ids win over ids in a body.
 */
export function registerSeriesRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.post(
    '/api/rides/series',
    viaCaller(deps, (caller, req) => caller.series.create(untrusted(bodyObject(req))), { successStatus: 201 }),
  );
  app.get(
    '/api/rides/series/:id',
    viaCaller(deps, (caller, req) => caller.series.byId({ id: pathId(req) })),
  );
  app.patch(
    '/api/rides/series/:id',
    viaCaller(deps, (caller, req) => caller.series.update(untrusted({ ...bodyObject(req), id: pathId(req) }))),
  );
  app.post(
    '/api/rides/series/:id/cancel',
    viaCaller(deps, (caller, req) => caller.series.cancel(untrusted({ ...bodyObject(req), id: pathId(req) }))),
  );
}
