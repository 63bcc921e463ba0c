import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';

const params = (req: FastifyRequest) => req.params as { id?: unknown; ratingId?: unknown };

/**
 * A member's record and thumbs (docs/record.md#api): GET /api/users/:id/record, GET
 * /api/users/:id/ratings (the member and administrators), POST /api/rides/:id/ratings, GET
 * /api/rides/:id/ratings/mine; the administrator's GET /api/admin/ratings and DELETE
 * /api/admin/ratings/:ratingId.
 */
export function registerRecordRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/users/:id/record',
    viaCaller(deps, (caller, req) => caller.record.get({ userId: parseId(params(req).id) })),
  );
  app.get(
    '/api/users/:id/ratings',
    viaCaller(deps, (caller, req) => caller.record.received({ userId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/ratings',
    viaCaller(
      deps,
      (caller, req) => {
        const body = bodyObject(req);
        return caller.record.rate(
          untrusted({ rideId: parseId(params(req).id), subjectId: body.subjectId, value: body.value, note: body.note }),
        );
      },
      { successStatus: 201 },
    ),
  );
  app.get(
    '/api/rides/:id/ratings/mine',
    viaCaller(deps, (caller, req) => caller.record.mine({ rideId: parseId(params(req).id) })),
  );
  app.get(
    '/api/admin/ratings',
    viaCaller(deps, (caller) => caller.record.adminList()),
  );
  app.delete(
    '/api/admin/ratings/:ratingId',
    viaCaller(deps, (caller, req) =>
      caller.record.adminRemove({ ratingId: parseId(params(req).ratingId, 'ratingId') }),
    ),
  );
}
