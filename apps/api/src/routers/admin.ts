import {
  adminResetInput,
  approveVendorInput,
  issueResetCodeInput,
  vendorApplicationsInput,
  vendorReasonInput,
} from '@rideshare/domain';

import { hashOptions } from '../auth/password';
import { configuredWebhooks } from '../discord/webhooks';
import { listWebhookStates } from '../repositories/announcement-repository';
import { listVendorApplications } from '../repositories/vendor-repository';
import { issueResetCodeFor, resetPasswordAsAdmin } from '../services/password-service';
import { decideVendorApplication } from '../services/vendor-approval-service';
import { adminProcedure, router } from '../trpc/init';
import {
  discordWebhooksOutput,
  resetCodeOutput,
  vendorApplicationOutput,
  vendorApplicationPageOutput,
} from './admin.outputs';
import { messageOutput } from './shared.outputs';

const WEBHOOK_SETTING = {
  main: 'DISCORD_WEBHOOK_URL',
  sg_fc: 'DISCORD_WEBHOOK_URL_SG_FC',
  fc_sg: 'DISCORD_WEBHOOK_URL_FC_SG',
} as const;

/**
 * Administrator tools. `adminProcedure` re-checks on every call that the caller's own row holds
 * `is_admin` (read from the database each request, never from anything the client sends); only an
 * operator sets it, with the `admin:grant` script.
 */
export const adminRouter = router({
  /**
   * The configured Discord webhooks (docs/announcements.md#disabled): each one's setting and, when
   * it answered 401/404, when and with what it was disabled. Never the URL (it holds the token).
   */
  discordWebhooks: adminProcedure.output(discordWebhooksOutput).query(async ({ ctx }) => {
    const states = new Map((await listWebhookStates(ctx.db)).map((state) => [state.key, state]));
    return configuredWebhooks(ctx.env).map((hook) => {
      const state = states.get(hook.key);
      return {
        setting: WEBHOOK_SETTING[hook.key],
        disabledAt: state?.disabledAt ? state.disabledAt.toISOString() : null,
        disabledStatus: state?.disabledStatus ?? null,
      };
    });
  }),

  /**
   * Sets a new password for a user (named by Discord username, any case) and ends all of that
   * user's sessions (the admin's own current session survives when they reset themselves).
   */
  resetUserPassword: adminProcedure
    .input(adminResetInput)
    .output(messageOutput)
    .mutation(async ({ ctx, input }) => {
      const { discordUsername } = await resetPasswordAsAdmin(
        ctx.db,
        {
          discordUsername: input.discordUsername,
          newPassword: input.newPassword,
          adminId: ctx.user.id,
          adminSessionId: ctx.session?.id ?? null,
        },
        hashOptions(ctx.env),
      );
      return { message: `Password for ${discordUsername} has been reset` };
    }),

  /**
   * Issues a one-time reset code for a user, for the admin to pass on over Discord; the user then
   * sets a new password with `auth.completePasswordReset`. The code is 12 symbols from an
   * unambiguous alphabet, cryptographically random, stored only as a SHA-256 digest, usable once,
   * for 30 minutes. Issuing a new code voids the user's older unused ones. The plain code appears
   * only in this answer.
   */
  issueResetCode: adminProcedure
    .input(issueResetCodeInput)
    .output(resetCodeOutput)
    .mutation(({ ctx, input }) =>
      issueResetCodeFor(ctx.db, { discordUsername: input.discordUsername, adminId: ctx.user.id, now: ctx.now() }),
    ),

  /** One page of vendor accounts in one status (pending when left out), the longest-waiting first. */
  vendorApplications: adminProcedure
    .input(vendorApplicationsInput)
    .output(vendorApplicationPageOutput)
    .query(({ ctx, input }) => listVendorApplications(ctx.db, input)),

  /**
   * Approves a vendor account (pending, rejected or suspended) that carries its licence: a valid
   * permit, the vehicle plate and seats (409 naming what is missing). The vendor is told.
   */
  approveVendor: adminProcedure
    .input(approveVendorInput)
    .output(vendorApplicationOutput)
    .mutation(({ ctx, input }) =>
      decideVendorApplication(ctx.db, {
        adminId: ctx.user.id,
        userId: input.userId,
        decision: 'approve',
        reason: null,
        now: ctx.now(),
      }),
    ),

  /** Rejects a pending vendor application with a reason the applicant reads. */
  rejectVendor: adminProcedure
    .input(vendorReasonInput)
    .output(vendorApplicationOutput)
    .mutation(({ ctx, input }) =>
      decideVendorApplication(ctx.db, { adminId: ctx.user.id, ...input, decision: 'reject', now: ctx.now() }),
    ),

  /** Suspends an approved (or pending) vendor with a reason: it can no longer act as a vendor. */
  suspendVendor: adminProcedure
    .input(vendorReasonInput)
    .output(vendorApplicationOutput)
    .mutation(({ ctx, input }) =>
      decideVendorApplication(ctx.db, { adminId: ctx.user.id, ...input, decision: 'suspend', now: ctx.now() }),
    ),
});
