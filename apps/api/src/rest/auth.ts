import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, untrusted, viaCaller } from './adapter';

/** POST /api/register, /api/login, /api/logout, GET /api/auth/me and the password calls. */
export function registerAuthRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/auth/me',
    viaCaller(deps, async (caller, _req, reply) => {
      const user = await caller.auth.me();
      if (!user) return reply.code(401).send({ error: 'Not authenticated' });
      return user;
    }),
  );
  app.post(
    '/api/register',
    viaCaller(deps, (caller, req) => caller.auth.register(untrusted(bodyObject(req))), { successStatus: 201 }),
  );
  app.post(
    '/api/login',
    viaCaller(deps, (caller, req) => caller.auth.login(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/logout',
    viaCaller(deps, (caller) => caller.auth.logout()),
  );
}
