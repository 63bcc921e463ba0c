/**
 * The waitlist's state and actions for one ride (docs/features.md#waitlist):
 *
 * - `useJoinWaitlist(ride)`: the 'Join the waitlist' form, the join form's fields and rules
 *   (`JoinRideFields`, domain `joinFormSchema`) with the group limited to the ride's seats (the
 *   server refuses a group that fits now: it should join instead). Answers
 *   `{ form, submit, pending, limit, locationLabel, locationPlaceholder }`.
 * - `useWaitlistInstead(ride, join)`: beside the join form of a ride with some seats left, the
 *   waitlist for a group larger than those seats (the server lets such a group wait). `offered`
 *   while the group typed exceeds the seats left but not the ride's maximum; `submit()` joins the
 *   line with the join form's own values. Answers `{ offered, groupSize, remaining, submit, pending }`.
 * - `useWaitlistActions(rideId)`: `accept()` ('Accept seat'), `leave(declining)` ('Leave waitlist' /
 *   'Decline') and which one is `pending`.
 *
 * Every outcome, refusals included, ends with `refreshRide()`: the ride page then shows the
 * member's place, their offer, or their seat.
 */
import { useForm, type UseFormReturnType } from '@mantine/form';
import { joinFormSchema, MAX_PASSENGERS, MIN_PASSENGERS } from '@rideshare/domain';
import { useState } from 'react';

import { showApiError } from '../../lib/errors';
import { zodResolver } from '../../lib/form';
import { reportFormError } from '../../lib/form-error';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useRefreshRide } from '../../lib/use-refresh-ride';
import {
  EMPTY_FORM,
  locationTexts,
  pickedCoordinates,
  type JoinFormState,
  type JoinRideForm,
} from '../join/use-join-ride';

/** The largest group that may wait: the ride's maximum (never above 10 nor below 1). */
function waitlistLimit(ride: { maxPassengers: number }): number {
  return Math.max(MIN_PASSENGERS, Math.min(MAX_PASSENGERS, ride.maxPassengers));
}

/**
 * The call both waitlist forms make: join the line, say where the member stands ('You are #N on
 * the waitlist'), empty the form; a refusal shows its message and field errors. The ride is
 * refreshed either way, so the page shows the member's place (or what changed).
 */
function useWaitlistJoinCall(rideId: number) {
  const refreshRide = useRefreshRide();
  const join = trpc.waitlist.join.useMutation();
  async function run(
    form: UseFormReturnType<JoinFormState>,
    values: { dropoffLocation: string; passengerCount: number; latitude?: number; longitude?: number },
  ): Promise<void> {
    try {
      const standing = await join.mutateAsync({ rideId, ...values });
      notifySuccess('Success', `You are #${String(standing.position)} on the waitlist`);
      form.reset();
    } catch (error) {
      reportFormError(form, error);
    }
    await refreshRide();
  }
  return { run, pending: join.isPending };
}

export function useJoinWaitlist(ride: { id: number; direction: string; maxPassengers: number }) {
  const call = useWaitlistJoinCall(ride.id);
  const limit = waitlistLimit(ride);
  const form = useForm<JoinFormState>({
    mode: 'controlled',
    initialValues: EMPTY_FORM,
    validateInputOnBlur: true,
    validate: (values) => zodResolver(joinFormSchema(limit))(values),
  });

  const submit = form.onSubmit(async (values) => {
    const parsed = joinFormSchema(limit).safeParse(values);
    if (!parsed.success) return;
    await call.run(form, { ...parsed.data, ...pickedCoordinates(form.getValues()) });
  });

  const { label, placeholder } = locationTexts(ride.direction);
  return {
    form,
    submit,
    pending: call.pending || form.submitting,
    limit,
    locationLabel: label,
    locationPlaceholder: placeholder,
  };
}

export function useWaitlistInstead(
  ride: { id: number; maxPassengers: number },
  join: Pick<JoinRideForm, 'form' | 'remaining'>,
) {
  const call = useWaitlistJoinCall(ride.id);
  const { form, remaining } = join;
  const limit = waitlistLimit(ride);
  const raw = form.values.passengerCount;
  const groupSize = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  // With no seat left at all the ride page shows the full ride's waitlist card instead.
  const offered = remaining > 0 && Number.isInteger(groupSize) && groupSize > remaining && groupSize <= limit;

  async function submit(): Promise<void> {
    const parsed = joinFormSchema(limit).safeParse(form.getValues());
    if (!parsed.success) {
      // The group size is fine for the line; the location is what is missing or wrong.
      form.validateField('dropoffLocation');
      return;
    }
    await call.run(form, parsed.data);
  }

  return { offered, groupSize, remaining, submit, pending: call.pending };
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
