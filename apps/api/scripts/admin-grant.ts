/**
 * Grants or withdraws administrator rights: an operator's act, done on the server's own database
 * (DATABASE_URL, or the embedded one in DATA_DIR), never through the API, so nothing a visitor does
 * (registering under some name, say) can make anyone admin. Applies pending migrations first (the
 * right lives in `users.is_admin`).
 *
 *   pnpm --filter @rideshare/api admin:grant -- --user <discord username>
 *   pnpm --filter @rideshare/api admin:grant -- --user <discord username> --revoke
 *   pnpm --filter @rideshare/api admin:grant -- --list
 *   (image: node dist/admin-grant.js --user <discord username>)
 *
 * The embedded database can be opened by one process at a time: stop the server first. On a
 * Postgres server it can run while the API runs; the change applies to the user's next request.
 * Exit codes: 0 done, 1 no such user (or the database refused), 2 usage or configuration error,
 * 3 the embedded database is held by another process.
 */
import { listAdmins, setUserAdmin } from '../src/repositories/user-repository';
import { EXIT, onMigratedDatabase, operatorScript, usageError } from './lib/cli';

const USAGE = `Usage: admin-grant --user <discord username> [--revoke]
       admin-grant --list
  --user    the member to make administrator (any letter case); they must have registered already
  --revoke  withdraw the right instead
  --list    print who holds it
  Database: DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
`;

export const main = operatorScript(import.meta.url, {
  usage: USAGE,
  flags: { user: { type: 'string' }, revoke: { type: 'boolean' }, list: { type: 'boolean' } },
  run: async (values, env, io) => {
    const user = values.user?.trim();
    const problems: string[] = [];
    if (values.list && (user || values.revoke)) problems.push('--list takes no other flag');
    if (!values.list && !user) problems.push('--user <discord username> is required');
    if (problems.length > 0) return usageError(problems, USAGE, io);

    return onMigratedDatabase(env, io, async (db, config) => {
      if (values.list || !user) {
        const admins = await listAdmins(db);
        io.out(
          admins.length > 0
            ? `Administrators:\n${admins.map((a) => `  ${a.discordUsername} (user ${String(a.id)})\n`).join('')}`
            : 'Nobody holds administrator rights.\n',
        );
        return EXIT.OK;
      }
      const grant = !values.revoke;
      const updated = await setUserAdmin(db, user, grant);
      if (!updated) {
        io.err(`No user with the Discord username ${JSON.stringify(user)}. They must register first.\n`);
        return EXIT.REFUSED;
      }
      io.out(
        grant
          ? `${updated.discordUsername} (user ${String(updated.id)}) is now an administrator. Their admin sessions end after ${String(config.SESSION_ADMIN_IDLE_HOURS)} hours unused.\n`
          : `${updated.discordUsername} (user ${String(updated.id)}) is no longer an administrator (from their next request on).\n`,
      );
      return EXIT.OK;
    });
  },
});
