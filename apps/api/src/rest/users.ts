import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

/** PATCH /api/users/:id — the profile fields of docs/product.md#api-calls; the path names whose profile. */
export function registerUserRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.patch(
    '/api/users/:id',
    rest({ procedure: 'user.update', summary: 'Edit your account' }),
    viaCaller(deps, (caller, req) => {
      const params = req.params as { id?: unknown };
      // The path decides the id; an `id` in the body is ignored rather than trusted.
      return caller.user.update(untrusted({ ...bodyObject(req), id: parseId(params.id) }));
    }),
  );
}
