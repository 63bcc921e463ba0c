import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, untrusted, viaCaller } from './adapter';

/**
 * POST /api/register, /api/login, /api/logout, GET /api/auth/me and the password calls:
 * /api/reset-password (own change), /api/request-password-reset, /api/complete-password-reset,
 * /api/admin/reset-user-password and /api/admin/reset-code.
 */
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
  app.post(
    '/api/reset-password',
    viaCaller(deps, (caller, req) => caller.auth.changePassword(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/request-password-reset',
    viaCaller(deps, (caller) => caller.auth.requestPasswordReset()),
  );
  app.post(
    '/api/complete-password-reset',
    viaCaller(deps, (caller, req) => caller.auth.completePasswordReset(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/admin/reset-user-password',
    viaCaller(deps, (caller, req) => caller.admin.resetUserPassword(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/admin/reset-code',
    viaCaller(deps, (caller, req) => caller.admin.issueResetCode(untrusted(bodyObject(req))), { successStatus: 201 }),
  );
}
