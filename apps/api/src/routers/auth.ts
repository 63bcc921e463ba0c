import { changePasswordInput, DomainError, loginInput, registerInput } from '@rideshare/domain';
import { TRPCError } from '@trpc/server';

import { clearAccountFailures, isLoginThrottled, recordLoginFailure } from '../auth/login-throttle';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password';
import type { Env } from '../env';
import {
  findPasswordHashById,
  findPublicUserById,
  findUserCredentialsByUsername,
  insertUser,
  updateUserPassword,
} from '../repositories/user-repository';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';

export const hashOptions = (env: Env) => ({ memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST });
const throttleLimits = (env: Env) => ({
  maxPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
  maxPerAddress: env.LOGIN_MAX_FAILURES_PER_ADDRESS,
  windowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
});

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
      throw new DomainError(
        'RATE_LIMITED',
        `Too many failed login attempts. Please try again in ${String(limits.windowMinutes)} minutes.`,
      );
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

  /** Change your own password; the current one must be given (a stolen session alone cannot). */
  changePassword: protectedProcedure.input(changePasswordInput).mutation(async ({ ctx, input }) => {
    const hash = await findPasswordHashById(ctx.db, ctx.user.id);
    if (!hash || !(await verifyPassword(hash, input.currentPassword))) {
      throw new DomainError('WRONG_PASSWORD', 'Current password is incorrect');
    }
    await updateUserPassword(ctx.db, ctx.user.id, await hashPassword(input.newPassword, hashOptions(ctx.env)));
    return { message: 'Password reset successful!' };
  }),
});
