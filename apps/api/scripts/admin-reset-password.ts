/**
 * Resets a user's password as the administrator, through the running API (admin.resetUserPassword),
 * or with --code issues a one-time reset code instead (admin.issueResetCode) for the user to finish
 * with POST /api/complete-password-reset.
 *
 *   ADMIN_PASSWORD=… NEW_PASSWORD=… pnpm --filter @rideshare/api admin:reset-password -- \
 *     --url http://127.0.0.1:3000 --admin <admin discord name> --user <discord name>
 *   ADMIN_PASSWORD=… pnpm --filter @rideshare/api admin:reset-password -- --admin … --user … --code
 *
 * Passwords come only from the environment, never from the command line (which other users of the
 * machine can read in the process list, and which lands in shell history).
 * Exit codes: 0 done, 1 refused by the API, 2 usage error, 3 API unreachable.
 */
import { operatorScript, readBaseUrl, usageError, withApiSession } from './lib/cli';

const USAGE = `Usage: admin-reset-password --admin <admin discord username> --user <discord username> [--url <api base url>] [--code]
  Environment: ADMIN_PASSWORD (the admin's password), NEW_PASSWORD (the user's new password; not with --code)
  --url   the API's base URL (default http://127.0.0.1:3000)
  --code  issue a one-time reset code (valid 30 minutes) instead of setting the password
`;

export const main = operatorScript(import.meta.url, {
  usage: USAGE,
  flags: { url: { type: 'string' }, admin: { type: 'string' }, user: { type: 'string' }, code: { type: 'boolean' } },
  run: async (values, env, io) => {
    const problems: string[] = [];
    const baseUrl = readBaseUrl(values.url, problems);
    const admin = values.admin?.trim();
    const user = values.user?.trim();
    if (!admin) problems.push('--admin <admin discord username> is required');
    if (!user) problems.push('--user <discord username> is required');
    const adminPassword = env.ADMIN_PASSWORD;
    const newPassword = env.NEW_PASSWORD;
    if (!adminPassword) problems.push('ADMIN_PASSWORD must be set in the environment');
    if (!values.code && !newPassword)
      problems.push('NEW_PASSWORD must be set in the environment (or pass --code to issue a reset code)');
    if (values.code && newPassword) problems.push('NEW_PASSWORD is not used with --code; unset it to avoid confusion');
    if (problems.length > 0 || !baseUrl || !admin || !user || !adminPassword) return usageError(problems, USAGE, io);

    const login = { baseUrl, username: admin, password: adminPassword };
    const failure = values.code ? 'Issuing a reset code' : 'Password reset';
    return withApiSession(login, io, failure, async (api) => {
      if (values.code) {
        const issued = await api.trpc.admin.issueResetCode.mutate({ discordUsername: user });
        io.out(
          `Reset code for ${issued.discordUsername}: ${issued.code}\n` +
            `It works once, until ${issued.expiresAt}. Send it to the user on Discord; they finish with\n` +
            `POST ${baseUrl}/api/complete-password-reset {"discordUsername","code","newPassword"}.\n`,
        );
      } else {
        const result = await api.trpc.admin.resetUserPassword.mutate({
          discordUsername: user,
          newPassword: newPassword ?? '',
        });
        io.out(`${result.message}\n`);
      }
    });
  },
});
