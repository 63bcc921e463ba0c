import {
  changePasswordInput,
  completeResetInput,
  DomainError,
  loginInput,
  PASSWORD_RESET_COMPLETE_MESSAGE,
  PASSWORD_RESET_REQUEST_MESSAGE,
  registerInput,
  RESET_CODE_INVALID_MESSAGE,
} from '@rideshare/domain';
import { TRPCError } from '@trpc/server';

import { hashOptions, throttleLimits, upgradePasswordHashIfNeeded } from '../auth/credentials';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { hashResetCode } from '../auth/reset-code';
import {
  findPasswordHashById,
  findPublicUserById,
  findUserCredentialsByUsername,
  findUserIdentityByUsername,
  insertUser,
} from '../repositories/user-repository';
import { completePasswordReset, replacePassword } from '../services/password-service';
import { withSignInAttempt } from '../services/sign-in-service';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';

export { hashOptions } from '../auth/credentials';

function requireSession(ctx: ContextInner) {
  if (!ctx.session) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Signing in needs an HTTP session' });
  }
  return ctx.session;
}

/**
 * Runs `check` as one throttled sign-in attempt on `discordUsername` from the caller's address
 * (see withSignInAttempt): counted before the secret is checked, so guesses sent at the same moment
 * cannot all get past the limit. `check` returns null when the secret was wrong.
 */
function signInAttempt<T>(
  ctx: ContextInner,
  discordUsername: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  return withSignInAttempt(
    ctx.db,
    { discordUsername, clientIp: ctx.clientIp, knownDevice: ctx.device?.knows(discordUsername) ?? false },
    throttleLimits(ctx.env),
    ctx.now,
    check,
  );
}

/** Registering has its own, tighter rate limit per address (RATE_LIMIT_REGISTER_PER_HOUR). */
const registerProcedure = publicProcedure.use(rateLimited('register'));

export const authRouter = router({
  /** The signed-in user, or null when signed out (REST answers 401 instead). */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    return findPublicUserById(ctx.db, ctx.user.id);
  }),

  /**
   * Creates a member account (never an administrator: only an operator grants that). With
   * `isVendor` it is a vendor application, pending until an administrator approves it.
   */
  register: registerProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const session = requireSession(ctx);
    const passwordHash = await hashPassword(input.password, hashOptions(ctx.env));
    const user = await insertUser(ctx.db, {
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
    await session.signIn(user.id);
    ctx.device?.remember(user.discordUsername);
    return user;
  }),

  /**
   * Signs in. Each attempt counts against the account from this address and against the address
   * before the password is checked (429 with Retry-After past the limits); a hash made with an
   * older argon2 cost is replaced while the password is at hand.
   */
  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const session = requireSession(ctx);
    const options = hashOptions(ctx.env);
    const signedIn = await signInAttempt(ctx, input.discordUsername, async () => {
      const credentials = await findUserCredentialsByUsername(ctx.db, input.discordUsername);
      if (!credentials) {
        await verifyAgainstDummy(input.password, options);
        return null;
      }
      return (await verifyPassword(credentials.passwordHash, input.password, options)) ? credentials : null;
    });
    if (!signedIn) throw new DomainError('INVALID_CREDENTIALS', 'Invalid Discord username or password');
    await upgradePasswordHashIfNeeded(
      ctx.db,
      { userId: signedIn.id, checkedHash: signedIn.passwordHash, password: input.password },
      options,
    );
    await session.signIn(signedIn.id);
    // This browser now knows the account: the ceiling across addresses never holds it back.
    ctx.device?.remember(input.discordUsername);
    const user = await findPublicUserById(ctx.db, signedIn.id);
    if (!user) throw new DomainError('INVALID_CREDENTIALS', 'Invalid Discord username or password');
    return user;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await ctx.session.signOut();
    return { message: 'Logged out successfully' };
  }),

  /**
   * Change your own password; the current one must be given (a stolen session alone cannot), and
   * every guess counts against the login rate limit before it is checked. Every other session of the user ends; the
   * one making the change stays signed in.
   */
  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const options = hashOptions(ctx.env);
    const verified = await signInAttempt(ctx, ctx.user.discordUsername, async () => {
      const hash = await findPasswordHashById(ctx.db, ctx.user.id);
      return hash !== null && (await verifyPassword(hash, input.currentPassword, options)) ? true : null;
    });
    if (!verified) throw new DomainError('WRONG_PASSWORD', 'Current password is incorrect');
    const passwordHash = await hashPassword(input.newPassword, options);
    await replacePassword(ctx.db, { userId: ctx.user.id, passwordHash, keepSessionId: ctx.session?.id ?? null });
    return { message: 'Password reset successful!' };
  }),

  /** "Forgot password": there is no self-service reset, so this only says whom to ask. */
  requestPasswordReset: publicProcedure.mutation(() => ({ message: PASSWORD_RESET_REQUEST_MESSAGE })),

  /**
   * Finishes a reset with the one-time code the administrator issued (`admin.issueResetCode`) and
   * passed to the user on Discord. A wrong, used or expired code, and an unknown username, all get
   * the same RESET_CODE_INVALID answer, and each counts as a failed login for the account from
   * this address and for the address (before the code is checked), so codes cannot be guessed
   * faster than passwords. On success, in one transaction: the
   * code is marked used (its row is locked, so it works exactly once), the password is replaced,
   * other unused codes are voided and every session of the user ends.
   */
  completePasswordReset: publicProcedure.input(completeResetInput).mutation(async ({ ctx, input }) => {
    const now = ctx.now();
    const reset = await signInAttempt(ctx, input.discordUsername, async () => {
      // Hashed up front, whatever the outcome: every refusal costs the same time, and the slow
      // argon2 work stays outside the transaction.
      const passwordHash = await hashPassword(input.newPassword, hashOptions(ctx.env));
      const codeHash = hashResetCode(input.code);
      const user = await findUserIdentityByUsername(ctx.db, input.discordUsername);
      const done = await completePasswordReset(ctx.db, { userId: user?.id ?? null, codeHash, passwordHash, now });
      return done ? true : null;
    });
    // One answer for a wrong, used or expired code and an unknown user, so a guess learns nothing.
    if (!reset) throw new DomainError('RESET_CODE_INVALID', RESET_CODE_INVALID_MESSAGE);
    return { message: PASSWORD_RESET_COMPLETE_MESSAGE };
  }),
});
