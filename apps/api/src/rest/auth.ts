import { untrusted } from './adapter';
import { route } from './table';

const PASSWORD_QUEUE_FULL = 'Too many passwords being checked at once; `Retry-After` says when to come back.';

/**
 * POST /api/register, /api/login, /api/logout, GET /api/auth/me and the password calls:
 * /api/reset-password (own change), /api/request-password-reset, /api/complete-password-reset,
 * /api/admin/reset-user-password and /api/admin/reset-code.
 */
export const authRoutes = [
  route({
    method: 'GET',
    path: '/api/auth/me',
    procedure: 'auth.me',
    summary: 'The signed-in account (401 when signed out)',
    responses: { 401: 'Nobody is signed in.' },
    answer: (user, r) => user ?? r.reply.code(401).send({ error: 'Not authenticated' }),
  }),
  route({
    method: 'POST',
    path: '/api/register',
    procedure: 'auth.register',
    summary: 'Create an account and sign in',
    status: 201,
    responses: {
      403: 'Password sign-up is turned off on this server (PASSWORD_SIGNUP=false).',
      503: PASSWORD_QUEUE_FULL,
    },
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'POST',
    path: '/api/login',
    procedure: 'auth.login',
    summary: 'Sign in',
    responses: { 401: 'Wrong username or password.', 503: PASSWORD_QUEUE_FULL },
    input: (r) => untrusted(r.body),
  }),
  route({ method: 'POST', path: '/api/logout', procedure: 'auth.logout', summary: 'Sign out' }),
  route({
    method: 'POST',
    path: '/api/reset-password',
    procedure: 'auth.changePassword',
    summary: 'Change your own password',
    responses: { 503: PASSWORD_QUEUE_FULL },
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'POST',
    path: '/api/request-password-reset',
    procedure: 'auth.requestPasswordReset',
    summary: 'Ask the administrators for a reset code',
  }),
  route({
    method: 'POST',
    path: '/api/complete-password-reset',
    procedure: 'auth.completePasswordReset',
    summary: 'Set a new password with a reset code',
    responses: { 503: PASSWORD_QUEUE_FULL },
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'POST',
    path: '/api/admin/reset-user-password',
    procedure: 'admin.resetUserPassword',
    summary: "Set a member's password (administrators)",
    responses: { 503: PASSWORD_QUEUE_FULL },
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'POST',
    path: '/api/admin/reset-code',
    procedure: 'admin.issueResetCode',
    summary: 'Issue a one-time reset code for a member (administrators)',
    status: 201,
    input: (r) => untrusted(r.body),
  }),
];
