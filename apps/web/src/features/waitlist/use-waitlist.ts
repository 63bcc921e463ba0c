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

import { zodResolver } from '../../lib/form';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';
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
function useWaitlistJoinCall(rideId: number, form: UseFormReturnType<JoinFormState>) {
  const settle = useSettle();
  const join = trpc.waitlist.join.useMutation(
    settle({
      success: (standing) => ({ title: 'Success', message: `You are #${String(standing.position)} on the waitlist` }),
      error: { form },
      stale: { type: 'ride.written', rideId: null },
      onSuccess: () => form.reset(),
    }),
  );
  async function run(values: {
    dropoffLocation: string;
    passengerCount: number;
    latitude?: number;
    longitude?: number;
  }): Promise<void> {
    // The outcome is told by the mutation's own options; resolves once the ride was read again.
    await join.mutateAsync({ rideId, ...values }).catch(() => undefined);
  }
  return { run, pending: join.isPending };
}

export function useJoinWaitlist(ride: { id: number; direction: string; maxPassengers: number }) {
  const limit = waitlistLimit(ride);
  const form = useForm<JoinFormState>({
    mode: 'controlled',
    initialValues: EMPTY_FORM,
    validateInputOnBlur: true,
    validate: (values) => zodResolver(joinFormSchema(limit))(values),
  });
  const call = useWaitlistJoinCall(ride.id, form);

  const submit = form.onSubmit(async (values) => {
    const parsed = joinFormSchema(limit).safeParse(values);
    if (!parsed.success) return;
    await call.run({ ...parsed.data, ...pickedCoordinates(form.getValues()) });
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
  const { form, remaining } = join;
  const call = useWaitlistJoinCall(ride.id, form);
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
    await call.run(parsed.data);
  }

  return { offered, groupSize, remaining, submit, pending: call.pending };
}

export function useWaitlistActions(rideId: number) {
  const settle = useSettle();
  // Pending until the ride was read again, so the button spins until the page shows the outcome.
  const outcome = (success: string) =>
    settle({
      success: { title: 'Success', message: success },
      error: 'Error',
      stale: { type: 'ride.written', rideId: null },
    });
  const acceptMutation = trpc.waitlist.accept.useMutation(outcome('You have joined the ride'));
  const leaveMutation = trpc.waitlist.leave.useMutation(outcome('You have left the waitlist'));
  const declineMutation = trpc.waitlist.leave.useMutation(outcome('You declined the seat'));

  const pending: 'accept' | 'leave' | 'decline' | null = acceptMutation.isPending
    ? 'accept'
    : leaveMutation.isPending
      ? 'leave'
      : declineMutation.isPending
        ? 'decline'
        : null;
  return {
    pending,
    accept: () => acceptMutation.mutate({ rideId }),
    leave: (declining = false) => (declining ? declineMutation : leaveMutation).mutate({ rideId }),
  };
}
