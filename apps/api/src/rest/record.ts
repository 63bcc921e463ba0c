import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

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
    rest({ procedure: 'record.get', summary: "A member's record" }),
    viaCaller(deps, (caller, req) => caller.record.get({ userId: parseId(params(req).id) })),
  );
  app.get(
    '/api/users/:id/ratings',
    rest({
      procedure: 'record.received',
      summary: 'The thumbs a member received, with notes (the member and administrators)',
    }),
    viaCaller(deps, (caller, req) => caller.record.received({ userId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/ratings',
    rest({ procedure: 'record.rate', summary: 'Give or change a thumb on a completed ride', status: 201 }),
    viaCaller(deps, (caller, req) => {
      const body = bodyObject(req);
      return caller.record.rate(
        untrusted({ rideId: parseId(params(req).id), subjectId: body.subjectId, value: body.value, note: body.note }),
      );
    }),
  );
  app.get(
    '/api/rides/:id/ratings/mine',
    rest({ procedure: 'record.mine', summary: 'The thumbs I gave on a ride' }),
    viaCaller(deps, (caller, req) => caller.record.mine({ rideId: parseId(params(req).id) })),
  );
  app.get(
    '/api/admin/ratings',
    rest({ procedure: 'record.adminList', summary: 'Every thumb with a note (administrators)' }),
    viaCaller(deps, (caller) => caller.record.adminList()),
  );
  app.delete(
    '/api/admin/ratings/:ratingId',
    rest({ procedure: 'record.adminRemove', summary: 'Remove a thumb and its note (administrators)' }),
    viaCaller(deps, (caller, req) =>
      caller.record.adminRemove({ ratingId: parseId(params(req).ratingId, 'ratingId') }),
    ),
  );
}
