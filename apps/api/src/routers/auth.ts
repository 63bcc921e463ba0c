import {
  assertResetCodeUsable,
  changePasswordInput,
  completeResetInput,
  DomainError,
  loginInput,
  PASSWORD_RESET_COMPLETE_MESSAGE,
  PASSWORD_RESET_REQUEST_MESSAGE,
  registerInput,
} from '@rideshare/domain';
import { TRPCError } from '@trpc/server';

import { hashOptions, rateLimitedMessage, replacePassword, throttleLimits } from '../auth/credentials';
import { clearAccountFailures, isLoginThrottled, recordLoginFailure } from '../auth/login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import { hashResetCode } from '../auth/reset-code';
import {
  findResetCodeForUpdate,
  markResetCodeUsed,
  voidUnusedResetCodes,
} from '../repositories/password-reset-repository';
import { deleteUserSessions } from '../repositories/session-repository';
import {
  findPasswordHashById,
  findPublicUserById,
  findUserCredentialsByUsername,
  findUserIdentityByUsername,
  insertUser,
  updateUserPassword,
} from '../repositories/user-repository';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

export { hashOptions } from '../auth/credentials';

function requireSession(ctx: ContextInner) {
  if (!ctx.session) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Signing in needs an HTTP session' });
  }
  return ctx.session;
}

export const authRouter = router({
  /** The signed-in user, or null when signed out (REST answers 401 instead). */
  me: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return null;
    return findPublicUserById(ctx.db, ctx.user.id, ctx.env);
  }),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const session = requireSession(ctx);
    const passwordHash = await hashPassword(input.password, hashOptions(ctx.env));
    const user = await insertUser(
      ctx.db,
      {
        discordUsername: input.discordUsername,
        passwordHash,
        name: input.name ?? null,
        whatsappNumber: input.whatsappNumber ?? null,
        malaysianNumber: input.malaysianNumber ?? null,
        revolutUsername: input.revolutUsername ?? null,
        isVendor: input.isVendor,
        companyName: input.isVendor ? (input.companyName ?? null) : null,
        driverDetails: input.isVendor && input.driverDetails ? input.driverDetails : null,
      },
      ctx.env,
    );
    if (!user) {
      throw new DomainError('USERNAME_TAKEN', 'Discord username already exists. Please choose another one or log in.');
    }
    await session.signIn(user.id);
    return user;
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const session = requireSession(ctx);
    const limits = throttleLimits(ctx.env);
    if (await isLoginThrottled(ctx.db, input.discordUsername, ctx.clientIp, limits)) {
      throw new DomainError('RATE_LIMITED', rateLimitedMessage(limits));
    }
    const credentials = await findUserCredentialsByUsername(ctx.db, input.discordUsername);
    let ok = false;
    if (credentials) {
      ok = await verifyPassword(credentials.passwordHash, input.password);
    } else {
      await verifyAgainstDummy(input.password, hashOptions(ctx.env));
    }
    if (!credentials || !ok) {
      await recordLoginFailure(ctx.db, input.discordUsername, ctx.clientIp, limits);
      throw new DomainError('INVALID_CREDENTIALS', 'Invalid Discord username or password');
    }
    await clearAccountFailures(ctx.db, input.discordUsername);
    await session.signIn(credentials.id);
    const user = await findPublicUserById(ctx.db, credentials.id, ctx.env);
    if (!user) throw new DomainError('INVALID_CREDENTIALS', 'Invalid Discord username or password');
    return user;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await ctx.session.signOut();
    return { message: 'Logged out successfully' };
  }),

  /**
   * Change your own password; the current one must be given (a stolen session alone cannot), and
   * wrong guesses count against the login rate limit. Every other session of the user ends; the
   * one making the change stays signed in.
   */
  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const limits = throttleLimits(ctx.env);
    if (await isLoginThrottled(ctx.db, ctx.user.discordUsername, ctx.clientIp, limits)) {
      throw new DomainError('RATE_LIMITED', rateLimitedMessage(limits));
    }
    const hash = await findPasswordHashById(ctx.db, ctx.user.id);
    if (!hash || !(await verifyPassword(hash, input.currentPassword))) {
      await recordLoginFailure(ctx.db, ctx.user.discordUsername, ctx.clientIp, limits);
      throw new DomainError('WRONG_PASSWORD', 'Current password is incorrect');
    }
    const passwordHash = await hashPassword(input.newPassword, hashOptions(ctx.env));
    await replacePassword(ctx.db, { userId: ctx.user.id, passwordHash, keepSessionId: ctx.session?.id ?? null });
    return { message: 'Password reset successful!' };
  }),

  /** "Forgot password": there is no self-service reset, so this only says whom to ask. */
  requestPasswordReset: publicProcedure.mutation(() => ({ message: PASSWORD_RESET_REQUEST_MESSAGE })),

  /**
   * Finishes a reset with the one-time code the administrator issued (`admin.issueResetCode`) and
   * passed to the user on Discord. A wrong, used or expired code, and an unknown username, all get
   * the same RESET_CODE_INVALID answer, and each counts as a failed login for the account and the
   * address, so codes cannot be guessed faster than passwords. On success, in one transaction: the
   * code is marked used (its row is locked, so it works exactly once), the password is replaced,
   * other unused codes are voided and every session of the user ends.
   */
  completePasswordReset: publicProcedure.input(completeResetInput).mutation(async ({ ctx, input }) => {
    const limits = throttleLimits(ctx.env);
    if (await isLoginThrottled(ctx.db, input.discordUsername, ctx.clientIp, limits)) {
      throw new DomainError('RATE_LIMITED', rateLimitedMessage(limits));
    }
    // Hashed up front, whatever the outcome: every refusal costs the same time, and the slow
    // argon2 work stays outside the transaction.
    const passwordHash = await hashPassword(input.newPassword, hashOptions(ctx.env));
    const codeHash = hashResetCode(input.code);
    const now = ctx.now();
    const user = await findUserIdentityByUsername(ctx.db, input.discordUsername);
    try {
      await ctx.db.transaction().execute(async (trx) => {
        const code = user ? await findResetCodeForUpdate(trx, user.id, codeHash) : null;
        assertResetCodeUsable(code, now);
        await markResetCodeUsed(trx, code.id, now);
        await updateUserPassword(trx, code.userId, passwordHash);
        await voidUnusedResetCodes(trx, code.userId);
        await deleteUserSessions(trx, code.userId);
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === 'RESET_CODE_INVALID') {
        await recordLoginFailure(ctx.db, input.discordUsername, ctx.clientIp, limits);
      }
      throw error;
    }
    // The person proved they hold a fresh code from the administrator: earlier failed logins on
    // the account should not keep them out.
    await clearAccountFailures(ctx.db, input.discordUsername);
    return { message: PASSWORD_RESET_COMPLETE_MESSAGE };
  }),
});
