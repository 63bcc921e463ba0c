/**
 * Approves a vendor account without the web app: the operator's way to approve the first vendors,
 * or any vendor when no administrator is signed in. Runs on the server's own database (DATABASE_URL,
 * or the embedded one in DATA_DIR), applying pending migrations first. The same rule as the admin
 * call applies: the application must carry a valid permit, the vehicle plate and its seats; the
 * vendor is told in its inbox.
 *
 *   pnpm --filter @rideshare/api vendor:approve -- --user <discord username>
 *   (image: node dist/vendor-approve.js --user <discord username>)
 *
 * The embedded database can be opened by one process at a time: stop the server first.
 * Exit codes: 0 approved, 1 refused (no such vendor, already approved, licence incomplete),
 * 2 usage or configuration error, 3 the embedded database is held by another process.
 */
import { isDomainError } from '@rideshare/domain';

import { findUserIdentityByUsername } from '../src/repositories/user-repository';
import { decideVendorApplication } from '../src/services/vendor-approval-service';
import { EXIT, onMigratedDatabase, operatorScript, usageError } from './lib/cli';

const USAGE = `Usage: vendor-approve --user <discord username>
  --user    the vendor to approve (any letter case); their application needs a permit, plate and seats
  Database: DATABASE_URL, or the embedded database in DATA_DIR (stop the server first).
`;

export const main = operatorScript(import.meta.url, {
  usage: USAGE,
  flags: { user: { type: 'string' } },
  run: async (values, env, io) => {
    const user = values.user?.trim();
    if (!user) return usageError(['--user <discord username> is required'], USAGE, io);

    return onMigratedDatabase(env, io, async (db) => {
      const target = await findUserIdentityByUsername(db, user);
      if (!target) {
        io.err(`No user with the Discord username ${JSON.stringify(user)}.\n`);
        return EXIT.REFUSED;
      }
      try {
        await decideVendorApplication(db, {
          adminId: null,
          userId: target.id,
          decision: 'approve',
          reason: null,
          now: new Date(),
        });
      } catch (error) {
        if (!isDomainError(error)) throw error;
        const message =
          error.code === 'NOT_FOUND' ? `${target.discordUsername} is not a vendor account` : error.message;
        io.err(`${message}.\n`);
        return EXIT.REFUSED;
      }
      io.out(`${target.discordUsername} (user ${String(target.id)}) is now an approved vendor.\n`);
      return EXIT.OK;
    });
  },
});
