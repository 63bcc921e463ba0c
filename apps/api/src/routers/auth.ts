import {
  DomainError,
  changePasswordInput,
  completeResetInput,
  loginInput,
  PASSWORD_RESET_COMPLETE_MESSAGE,
  PASSWORD_RESET_REQUEST_MESSAGE,
  registerInput,
} from '@rideshare/domain';
import { TRPCError } from '@trpc/server';

import { hashOptions } from '../auth/password';
import { findPublicUserById } from '../repositories/user-repository';
import { registerAccount, signInWithPassword } from '../services/account-service';
import { claimDiscordName, unlinkDiscord } from '../services/discord-account-service';
import { changeOwnPassword, resetPasswordWithCode } from '../services/password-service';
import { credentialPolicy, passwordVersionFor, type SignInAttempt } from '../services/sign-in-service';
import type { ContextInner } from '../trpc/context';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import { messageOutput } from './shared.outputs';
import { publicUserOutput } from './user.outputs';

/** What register answers while PASSWORD_SIGNUP=false (docs/sign-in.md#password-sign-up). */
export const PASSWORD_SIGNUP_OFF_MESSAGE =
  'Signing up with a password is turned off on this server. Please continue with Discord.';

function requireSession(ctx: ContextInner) {
  if (!ctx.session) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'Signing in needs an HTTP session' });
  }
  return ctx.session;
}

/** A sign-in attempt on `discordUsername` from the caller's address and browser. */
async function attemptOf(ctx: ContextInner, discordUsername: string): Promise<SignInAttempt> {
  const version = ctx.device ? await passwordVersionFor(ctx.db, discordUsername) : null;
  const knownDevice = version && ctx.device ? ctx.device.knows(discordUsername, version) : null;
  return { discordUsername, clientIp: ctx.clientIp, knownDevice };
}

/** This browser now knows the account with its current password (docs/sign-in-protection.md#device-cookies). */
async function rememberDevice(ctx: ContextInner, discordUsername: string): Promise<void> {
  if (!ctx.device) return;
  const version = await passwordVersionFor(ctx.db, discordUsername);
  if (version) ctx.device.remember(discordUsername, version);
}

/** Registering has its own, tighter rate limit per address (RATE_LIMIT_REGISTER_PER_HOUR). */
const registerProcedure = publicProcedure.use(rateLimited('register'));

export const authRouter = router({
  /** The signed-in user, or null when signed out (REST answers 401 instead). */
  me: publicProcedure.output(publicUserOutput.nullable()).query(async ({ ctx }) => {
    if (!ctx.user) return null;
    return findPublicUserById(ctx.db, ctx.user.id);
  }),

  /**
   * Creates a member account (never an administrator: only an operator grants that). With
   * `isVendor` it is a vendor application, pending until an administrator approves it.
   */
  register: registerProcedure
    .input(registerInput)
    .output(publicUserOutput)
    .mutation(async ({ ctx, input }) => {
      if (!ctx.env.PASSWORD_SIGNUP) throw new DomainError('PASSWORD_SIGNUP_OFF', PASSWORD_SIGNUP_OFF_MESSAGE);
      const session = requireSession(ctx);
      const user = await registerAccount(ctx.db, input, hashOptions(ctx.env));
      await session.signIn(user.id);
      await rememberDevice(ctx, user.discordUsername);
      return user;
    }),

  /**
   * Signs in. Each attempt counts against the account from this address and against the address
   * before the password is checked (429 with Retry-After past the limits); a hash made with an
   * older argon2 cost is replaced while the password is at hand.
   */
  login: publicProcedure
    .input(loginInput)
    .output(publicUserOutput)
    .mutation(async ({ ctx, input }) => {
      const session = requireSession(ctx);
      const user = await signInWithPassword(
        ctx.db,
        { ...(await attemptOf(ctx, input.discordUsername)), password: input.password },
        credentialPolicy(ctx.env, ctx.now),
      );
      await session.signIn(user.id);
      // This browser now knows the account: the ceiling across addresses never holds it back.
      await rememberDevice(ctx, input.discordUsername);
      return user;
    }),

  logout: publicProcedure.output(messageOutput).mutation(async ({ ctx }) => {
    if (ctx.session) await ctx.session.signOut();
    return { message: 'Logged out successfully' };
  }),

  /**
   * Change your own password; the current one must be given (a stolen session alone cannot), and
   * every guess counts against the login rate limit before it is checked. Every other session of the user ends; the
   * one making the change stays signed in.
   */
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await changeOwnPassword(
        ctx.db,
        {
          userId: ctx.user.id,
          attempt: await attemptOf(ctx, ctx.user.discordUsername),
          currentPassword: input.currentPassword,
          newPassword: input.newPassword,
          keepSessionId: ctx.session?.id ?? null,
        },
        credentialPolicy(ctx.env, ctx.now),
      );
      return { message: 'Password reset successful!' };
    }),

  /**
   * The verified Discord owner takes their name from the unverified account holding it; that
   * account is renamed and told, administrators see it (docs/sign-in.md#claim).
   */
  claimDiscordName: protectedProcedure.output(publicUserOutput).mutation(async ({ ctx }) => {
    await claimDiscordName(ctx.db, ctx.user.id);
    const user = await findPublicUserById(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
    return user;
  }),

  /** Unlinks Discord; needs a password set, or the account could not be signed in to. */
  unlinkDiscord: protectedProcedure.output(publicUserOutput).mutation(async ({ ctx }) => {
    await unlinkDiscord(ctx.db, ctx.user.id);
    const user = await findPublicUserById(ctx.db, ctx.user.id);
    if (!user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
    return user;
  }),

  /** "Forgot password": there is no self-service reset, so this only says whom to ask. */
  requestPasswordReset: publicProcedure
    .output(messageOutput)
    .mutation(() => ({ message: PASSWORD_RESET_REQUEST_MESSAGE })),

  /**
   * Finishes a reset with the one-time code the administrator issued (`admin.issueResetCode`) and
   * passed to the user on Discord. A wrong, used or expired code, and an unknown username, all get
   * the same RESET_CODE_INVALID answer, and each counts as a failed login for the account from
   * this address and for the address (before the code is checked), so codes cannot be guessed
   * faster than passwords. On success, in one transaction: the
   * code is marked used (its row is locked, so it works exactly once), the password is replaced,
   * other unused codes are voided and every session of the user ends.
   */
  completePasswordReset: publicProcedure
    .input(completeResetInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      await resetPasswordWithCode(
        ctx.db,
        { attempt: await attemptOf(ctx, input.discordUsername), code: input.code, newPassword: input.newPassword },
        credentialPolicy(ctx.env, ctx.now),
      );
      return { message: PASSWORD_RESET_COMPLETE_MESSAGE };
    }),
});
