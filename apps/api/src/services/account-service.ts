/**
 * Creating an account and signing in with a password: the steps behind `auth.register` and
 * `auth.login`. The procedure keeps the HTTP session; these decide and write.
 */
import type { Database } from '@rideshare/db';
import { DomainError, type RegisterInput } from '@rideshare/domain';
import { sql, type Kysely } from 'kysely';

import {
  hashNeedsUpgrade,
  hashPassword,
  PasswordQueueFullError,
  verifyAgainstDummy,
  verifyPassword,
  type PasswordHashOptions,
} from '../auth/password';
import { confusableWith } from '../auth/look-alike';
import { listUsernames } from '../repositories/discord-account-repository';
import {
  findPublicUserById,
  findUserCredentialsByUsername,
  insertUser,
  listAdminIds,
  upgradeUserPasswordHash,
  type PublicUser,
} from '../repositories/user-repository';
import { notifyUsers } from './notify';
import { withSignInAttempt, type CredentialPolicy, type SignInAttempt } from './sign-in-service';

const INVALID_CREDENTIALS = 'Invalid Discord username or password';

/**
 * Creates a member account (never an administrator: only an operator grants that). With
 * `isVendor` it is a vendor application, pending until an administrator approves it.
 */
export async function registerAccount(
  db: Kysely<Database>,
  input: RegisterInput,
  hash: PasswordHashOptions,
): Promise<PublicUser> {
  const passwordHash = await hashPassword(input.password, hash);
  // The account and, for a vendor application, every administrator's notice commit together.
  return db.transaction().execute(async (trx) => {
    // One sign-up at a time checks names, so two look-alikes made at once cannot both pass.
    await sql`select pg_advisory_xact_lock(hashtext('user-names'))`.execute(trx);
    // A name a member could mistake for an existing one is refused (docs/sign-in.md#look-alikes).
    if (confusableWith(input.discordUsername, await listUsernames(trx))) {
      throw new DomainError(
        'USERNAME_TAKEN',
        'That Discord username looks like the name of an existing account. Please choose another one or log in.',
      );
    }
    const user = await insertUser(trx, {
      discordUsername: input.discordUsername,
      passwordHash,
      name: input.name ?? null,
      whatsappNumber: input.whatsappNumber ?? null,
      malaysianNumber: input.malaysianNumber ?? null,
      revolutUsername: input.revolutUsername ?? null,
      isVendor: input.isVendor,
      companyName: input.isVendor ? (input.companyName ?? null) : null,
      driverDetails: input.isVendor && input.driverDetails ? input.driverDetails : null,
      // Registering as a vendor is an application an administrator decides (docs/vendors.md#approval).
      vendorStatus: input.isVendor ? 'pending' : null,
      permit: input.permit,
      vehicleSeats: input.vehicleSeats,
    });
    if (!user) {
      throw new DomainError('USERNAME_TAKEN', 'Discord username already exists. Please choose another one or log in.');
    }
    if (user.isVendor) {
      // Each application tells every administrator, so none waits unseen (docs/vendors.md#approval).
      await notifyUsers(trx, await listAdminIds(trx), {
        kind: 'vendor_application',
        rideId: null,
        rideDirection: null,
        rideDate: null,
        detail: user.companyName?.trim() || user.discordUsername,
        // So the administrators' notices are marked read once one of them decides.
        aboutUserId: user.id,
      });
    }
    return user;
  });
}

/**
 * Checks a password as one throttled sign-in attempt (429 with Retry-After past the limits), and
 * answers the user it belongs to; INVALID_CREDENTIALS otherwise, the same for an unknown name. A
 * hash made with an older argon2 cost is replaced while the password is at hand.
 */
export async function signInWithPassword(
  db: Kysely<Database>,
  attempt: SignInAttempt & { password: string },
  policy: CredentialPolicy,
): Promise<PublicUser> {
  const signedIn = await withSignInAttempt(db, attempt, policy.throttle, policy.now, async () => {
    const credentials = await findUserCredentialsByUsername(db, attempt.discordUsername);
    if (!credentials) {
      await verifyAgainstDummy(attempt.password, policy.hash);
      return null;
    }
    return (await verifyPassword(credentials.passwordHash, attempt.password, policy.hash)) ? credentials : null;
  });
  if (!signedIn) throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  await upgradePasswordHashIfNeeded(
    db,
    { userId: signedIn.id, checkedHash: signedIn.passwordHash, password: attempt.password },
    policy.hash,
  );
  const user = await findPublicUserById(db, signedIn.id);
  if (!user) throw new DomainError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  return user;
}

/**
 * After a successful sign-in, replaces a stored hash made with another argon2 cost than the one
 * configured now (ARGON2_MEMORY_KIB / ARGON2_TIME_COST were raised, say), while the password is at
 * hand. Only if the hash is still the one just checked; skipped (until the next sign-in) when the
 * server is too busy, since the sign-in itself already succeeded.
 */
async function upgradePasswordHashIfNeeded(
  db: Kysely<Database>,
  args: { userId: number; checkedHash: string; password: string },
  opts: PasswordHashOptions,
): Promise<void> {
  if (!hashNeedsUpgrade(args.checkedHash, opts)) return;
  try {
    const upgraded = await hashPassword(args.password, opts);
    await upgradeUserPasswordHash(db, args.userId, args.checkedHash, upgraded);
  } catch (error) {
    if (!(error instanceof PasswordQueueFullError)) throw error;
  }
}
