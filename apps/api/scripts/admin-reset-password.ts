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
import { parseArgs } from 'node:util';

import { createApiClient } from '../src/client';
import {
  EXIT,
  explainApiError,
  isEntryPoint,
  parseBaseUrl,
  processIo,
  runCli,
  type ScriptEnv,
  type ScriptIo,
} from './lib/cli';

const USAGE = `Usage: admin-reset-password --admin <admin discord username> --user <discord username> [--url <api base url>] [--code]
  Environment: ADMIN_PASSWORD (the admin's password), NEW_PASSWORD (the user's new password; not with --code)
  --url   the API's base URL (default http://127.0.0.1:3000)
  --code  issue a one-time reset code (valid 30 minutes) instead of setting the password
`;

export async function main(args: string[], env: ScriptEnv, io: ScriptIo = processIo): Promise<number> {
  let values: { url?: string; admin?: string; user?: string; code?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        url: { type: 'string' },
        admin: { type: 'string' },
        user: { type: 'string' },
        code: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return EXIT.USAGE;
  }
  if (values.help) {
    io.out(USAGE);
    return EXIT.OK;
  }

  const problems: string[] = [];
  const baseUrl = parseBaseUrl(values.url ?? 'http://127.0.0.1:3000');
  if (!baseUrl) problems.push(`--url must be an http(s) URL, got ${JSON.stringify(values.url)}`);
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
  if (problems.length > 0 || !baseUrl || !admin || !user || !adminPassword) {
    io.err(`${problems.map((p) => `error: ${p}`).join('\n')}\n${USAGE}`);
    return EXIT.USAGE;
  }

  const api = createApiClient({ baseUrl });
  try {
    await api.signIn(admin, adminPassword);
  } catch (error) {
    const { message, exitCode } = explainApiError(error);
    io.err(`Could not sign in as ${admin}: ${message}\n`);
    return exitCode;
  }
  try {
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
    return EXIT.OK;
  } catch (error) {
    const { message, exitCode } = explainApiError(error);
    io.err(`${values.code ? 'Issuing a reset code' : 'Password reset'} failed: ${message}\n`);
    return exitCode;
  } finally {
    await api.signOut().catch(() => undefined);
  }
}

if (isEntryPoint(import.meta.url)) runCli(main);
