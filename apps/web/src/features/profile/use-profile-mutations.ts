/**
 * The profile page's writes, each settled through `useSettle()` (toast, refusal, what goes stale):
 *
 * - `useUpdateProfile(form, { formName, success, refreshRides, onSaved })`: `user.update` from one
 *   of the profile's forms; the saved user goes into the session, `success` words the toast,
 *   `refreshRides` reads every ride again (names and numbers show on cards and lists) before the
 *   call ends. A refusal shows on the form and under it (`failure`, `clear()` before a save,
 *   `fail(err)` for one found here).
 * - `useCalendarFeedActions()`: `rotate` and `disable` the calendar feed, the answer kept as the
 *   feed's state.
 * - `useDiscordAccountActions()`: `claim` the Discord name, `unlink` Discord.
 * - `useChangePassword(form, formName)`, `useAdminResetPassword(form, formName)`,
 *   `useIssueResetCode(form, formName)`: the password forms; a wrong current password shows on its
 *   field.
 * - `useVendorDecisions(onDecided)`: the administrator's approve, reject and suspend.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useState } from 'react';

import type { VendorApplication } from '../../lib/api-types';
import { errorCode, errorMessage } from '../../lib/errors';
import { displayError, useSettle, type ErrorDisplay, type ToastText } from '../../lib/settle';
import { trpc } from '../../lib/trpc';
import type { SessionUser } from '../session';
import { profileUpdateFailure } from './profile-error';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form: only its errors are set
type AnyForm = UseFormReturnType<any>;

export interface ProfileUpdateOptions {
  formName?: string;
  success: (saved: SessionUser) => ToastText;
  /** Read every ride again after the save (the call stays pending until those on screen are). */
  refreshRides?: boolean;
  onSaved?: (saved: SessionUser) => void;
}

export function useUpdateProfile(form: AnyForm, options: ProfileUpdateOptions) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  const [failure, setFailure] = useState<string | null>(null);
  const display: ErrorDisplay = {
    form,
    formName: options.formName,
    message: profileUpdateFailure,
    then: setFailure,
  };
  const update = trpc.user.update.useMutation(
    settle({
      success: options.success,
      error: display,
      staleOnSuccess: options.refreshRides ? { type: 'ride.written', rideId: null } : undefined,
      awaitStale: true,
      onSuccess: (saved) => {
        utils.auth.me.setData(undefined, saved);
        options.onSaved?.(saved);
      },
    }),
  );
  return {
    update,
    failure,
    clear: () => setFailure(null),
    fail: (err: unknown) => void displayError(err, display),
  };
}

export function useCalendarFeedActions() {
  const utils = trpc.useUtils();
  const settle = useSettle();
  return {
    rotate: trpc.user.rotateCalendarFeed.useMutation(
      settle({
        error: 'Could not create the feed link',
        onSuccess: (answer) =>
          utils.user.calendarFeed.setData(undefined, { active: true, createdAt: answer.createdAt }),
      }),
    ),
    disable: trpc.user.disableCalendarFeed.useMutation(
      settle({
        error: 'Could not turn off the feed',
        onSuccess: () => utils.user.calendarFeed.setData(undefined, { active: false, createdAt: null }),
      }),
    ),
  };
}

export function useDiscordAccountActions() {
  const utils = trpc.useUtils();
  const settle = useSettle();
  const keep = (next: SessionUser) => utils.auth.me.setData(undefined, next);
  return {
    claim: trpc.auth.claimDiscordName.useMutation(
      settle({ success: 'Your Discord name is yours', error: 'Claim failed', onSuccess: keep }),
    ),
    unlink: trpc.auth.unlinkDiscord.useMutation(
      settle({ success: 'Discord unlinked', error: 'Unlink failed', onSuccess: keep }),
    ),
  };
}

const PASSWORD_CHANGED_MESSAGE = 'Password changed';

export function useChangePassword(form: AnyForm, formName: string) {
  const settle = useSettle();
  return trpc.auth.changePassword.useMutation(
    settle({
      success: PASSWORD_CHANGED_MESSAGE,
      error: {
        form,
        formName,
        title: 'Password reset failed',
        extra: (err) => (errorCode(err) === 'WRONG_PASSWORD' ? { currentPassword: errorMessage(err) } : undefined),
      },
    }),
  );
}

export function useAdminResetPassword(form: AnyForm, formName: string) {
  const settle = useSettle();
  return trpc.admin.resetUserPassword.useMutation(
    settle({
      success: (answer) => ({ title: 'Success', message: answer.message }),
      error: { form, formName, title: 'Admin password reset failed' },
    }),
  );
}

export function useIssueResetCode(form: AnyForm, formName: string) {
  const settle = useSettle();
  return trpc.admin.issueResetCode.useMutation(settle({ error: { form, formName, title: 'Reset code not issued' } }));
}

export function useVendorDecisions(onDecided: () => void) {
  const settle = useSettle();
  const options = settle({
    success: (saved: VendorApplication) => ({
      title: 'Vendor updated',
      message: `${saved.companyName ?? saved.discordUsername} is now ${saved.vendorStatus}`,
    }),
    error: 'Vendor not updated',
    onSuccess: onDecided,
    staleOnSuccess: { type: 'vendorApplications.written' },
    awaitStale: true,
  });
  return {
    approve: trpc.admin.approveVendor.useMutation(options),
    reject: trpc.admin.rejectVendor.useMutation(options),
    suspend: trpc.admin.suspendVendor.useMutation(options),
  };
}
