/**
 * The waitlist's state and actions for one ride (README "Waitlist"):
 *
 * - `useJoinWaitlist(ride)`: the 'Join the waitlist' form, the join form's fields and rules
 *   (`JoinRideFields`, domain `joinFormSchema`) with the group limited to the ride's seats (the
 *   server refuses a group that fits now: it should join instead). Answers
 *   `{ form, submit, pending, limit, locationLabel, locationPlaceholder }`.
 * - `useWaitlistActions(rideId)`: `accept()` ('Accept seat'), `leave(declining)` ('Leave waitlist' /
 *   'Decline') and which one is `pending`.
 *
 * Every outcome, refusals included, ends with `refreshRide()`: the ride page then shows the
 * member's place, their offer, or their seat.
 */
import { useForm } from '@mantine/form';
import { joinFormSchema, MAX_PASSENGERS, MIN_PASSENGERS } from '@rideshare/domain';
import { useState } from 'react';

import { fieldErrors, showApiError } from '../../lib/errors';
import { zodResolver } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';
import { EMPTY_FORM, locationTexts, type JoinFormState } from '../join/use-join-ride';

export function useJoinWaitlist(ride: { id: number; direction: string; maxPassengers: number }) {
  const refreshRide = useRefreshRide();
  const join = trpc.waitlist.join.useMutation();
  const limit = Math.max(MIN_PASSENGERS, Math.min(MAX_PASSENGERS, ride.maxPassengers));
  const form = useForm<JoinFormState>({
    mode: 'controlled',
    initialValues: EMPTY_FORM,
    validateInputOnBlur: true,
    validate: (values) => zodResolver(joinFormSchema(limit))(values),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = joinFormSchema(limit).safeParse(values);
    if (!parsed.success) return;
    try {
      const standing = await join.mutateAsync({ rideId: ride.id, ...parsed.data });
      notifySuccess('Success', `You are #${String(standing.position)} on the waitlist`);
      form.reset();
    } catch (error) {
      form.setErrors(fieldErrors(error));
      showApiError(error);
    }
    await refreshRide();
  });

  const { label, placeholder } = locationTexts(ride.direction);
  return {
    form,
    submit,
    pending: join.isPending || form.submitting,
    limit,
    locationLabel: label,
    locationPlaceholder: placeholder,
  };
}

export function useWaitlistActions(rideId: number) {
  const refreshRide = useRefreshRide();
  const acceptMutation = trpc.waitlist.accept.useMutation();
  const leaveMutation = trpc.waitlist.leave.useMutation();
  const [pending, setPending] = useState<'accept' | 'leave' | 'decline' | null>(null);

  async function run(action: 'accept' | 'leave' | 'decline', call: () => Promise<unknown>, success: string) {
    setPending(action);
    try {
      await call();
      notifySuccess('Success', success);
    } catch (error) {
      showApiError(error);
    }
    await refreshRide();
    setPending(null);
  }

  return {
    pending,
    accept: () => run('accept', () => acceptMutation.mutateAsync({ rideId }), 'You have joined the ride'),
    leave: (declining = false) =>
      run(
        declining ? 'decline' : 'leave',
        () => leaveMutation.mutateAsync({ rideId }),
        declining ? 'You declined the seat' : 'You have left the waitlist',
      ),
  };
}
