import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

/**
 * POST /api/register, /api/login, /api/logout, GET /api/auth/me and the password calls:
 * /api/reset-password (own change), /api/request-password-reset, /api/complete-password-reset,
 * /api/admin/reset-user-password and /api/admin/reset-code.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/auth/me',
    rest({
      procedure: 'auth.me',
      summary: 'The signed-in account (401 when signed out)',
      responses: { 401: 'Nobody is signed in.' },
    }),
    viaCaller(deps, async (caller, _req, reply) => {
      const user = await caller.auth.me();
      if (!user) return reply.code(401).send({ error: 'Not authenticated' });
      return user;
    }),
  );
  app.post(
    '/api/register',
    rest({
      procedure: 'auth.register',
      summary: 'Create an account and sign in',
      status: 201,
      responses: {
        403: 'Password sign-up is turned off on this server (PASSWORD_SIGNUP=false).',
        503: 'Too many passwords being checked at once; `Retry-After` says when to come back.',
      },
    }),
    viaCaller(deps, (caller, req) => caller.auth.register(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/login',
    rest({
      procedure: 'auth.login',
      summary: 'Sign in',
      responses: {
        401: 'Wrong username or password.',
        503: 'Too many passwords being checked at once; `Retry-After` says when to come back.',
      },
    }),
    viaCaller(deps, (caller, req) => caller.auth.login(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/logout',
    rest({ procedure: 'auth.logout', summary: 'Sign out' }),
    viaCaller(deps, (caller) => caller.auth.logout()),
  );
  app.post(
    '/api/reset-password',
    rest({
      procedure: 'auth.changePassword',
      summary: 'Change your own password',
      responses: { 503: 'Too many passwords being checked at once; `Retry-After` says when to come back.' },
    }),
    viaCaller(deps, (caller, req) => caller.auth.changePassword(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/request-password-reset',
    rest({ procedure: 'auth.requestPasswordReset', summary: 'Ask the administrators for a reset code' }),
    viaCaller(deps, (caller) => caller.auth.requestPasswordReset()),
  );
  app.post(
    '/api/complete-password-reset',
    rest({
      procedure: 'auth.completePasswordReset',
      summary: 'Set a new password with a reset code',
      responses: { 503: 'Too many passwords being checked at once; `Retry-After` says when to come back.' },
    }),
    viaCaller(deps, (caller, req) => caller.auth.completePasswordReset(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/admin/reset-user-password',
    rest({
      procedure: 'admin.resetUserPassword',
      summary: "Set a member's password (administrators)",
      responses: { 503: 'Too many passwords being checked at once; `Retry-After` says when to come back.' },
    }),
    viaCaller(deps, (caller, req) => caller.admin.resetUserPassword(untrusted(bodyObject(req)))),
  );
  app.post(
    '/api/admin/reset-code',
    rest({
      procedure: 'admin.issueResetCode',
      summary: 'Issue a one-time reset code for a member (administrators)',
      status: 201,
    }),
    viaCaller(deps, (caller, req) => caller.admin.issueResetCode(untrusted(bodyObject(req)))),
  );
}
