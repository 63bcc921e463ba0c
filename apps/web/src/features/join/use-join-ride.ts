/**
 * `useJoinRide(ride, { onJoined })`: the join form's state and rules, shared by the join screen
 * (/rides/:id/join) and the detail page's join card (docs/product.md#join-screen, docs/product.md#join-validation).
 *
 * - Fields `passengerCount` and `dropoffLocation`, checked on blur and on submit with the domain's
 *   `joinFormSchema(remaining)` against the seats left now (the ride may refresh while the form is
 *   open, so the rule reads the latest count rather than the one the form was first drawn with).
 * - On submit the ride is read again first: a seat taken meanwhile reads 'Only {n} spots remaining'
 *   on the field and in an 'Error' toast instead of a refused call (the server checks the same rule).
 * - A refusal shows the server's message under 'Error' and its field errors on the fields.
 * - Joined: the form empties, `onJoined()` runs (the screen's own toast and navigation), then
 *   every ride is marked stale (`useSettle`). A refusal marks them too, since the screen was out of date.
 *
 * Returns `{ form, submit, pending, remaining, limit, locationLabel, locationPlaceholder }`.
 */
import { useForm } from '@mantine/form';
import {
  joinFormSchema,
  MAX_PASSENGERS,
  MIN_PASSENGERS,
  spotsRemaining,
  type Coordinates,
  type JoinFormValues,
} from '@rideshare/domain';
import { useRef } from 'react';

import { zodResolver } from '../../lib/form';
import { showError } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useSettle } from '../../lib/settle';
import { trpc } from '../../lib/trpc';

/** What the form needs of a ride: `ride.byId` has it. */
export interface JoinableRide {
  id: number;
  direction: string;
  maxPassengers: number;
  currentPassengers: number;
  /** Seats held for the waitlist count as taken (the server refuses them to a direct join). */
  waitlist?: { heldSeats: number };
}

/** The seats a newcomer may take: free seats less those held by waitlist offers. */
export function seatsLeftFor(ride: JoinableRide): number {
  return Math.max(0, spotsRemaining(ride) - (ride.waitlist?.heldSeats ?? 0));
}

export interface JoinFormState {
  passengerCount: JoinFormValues['passengerCount'];
  dropoffLocation: string;
  /**
   * The place last picked on the map or from the search (docs/vendors.md#stops-on-the-map).
   * `fromMap`: a pin, whose coordinates stand whatever the rider types to describe the spot.
   */
  picked?: ({ name: string; fromMap?: boolean } & Coordinates) | null;
}

export const EMPTY_FORM: JoinFormState = { passengerCount: 1, dropoffLocation: '', picked: null };

/**
 * The coordinates to send with a join: a map pin's, whatever the rider typed to describe it; a
 * search result's while the location field still holds its name (text typed over it is another
 * place).
 *
 * @example pickedCoordinates({ passengerCount: 1, dropoffLocation: 'Bedok Mall',
 *   picked: { name: 'Bedok Mall', latitude: 1.32, longitude: 103.93 } }) // { latitude: 1.32, longitude: 103.93 }
 */
export function pickedCoordinates(values: JoinFormState): Coordinates | Record<string, never> {
  const picked = values.picked;
  if (!picked) return {};
  if (!picked.fromMap && picked.name.trim() !== values.dropoffLocation.trim()) return {};
  return { latitude: picked.latitude, longitude: picked.longitude };
}

/** The form's group as the cost box reads it: the place typed, the group size, a picked place's pin. */
export function joinGroupOf(values: JoinFormState): {
  location: string;
  groupSize: number;
  latitude?: number;
  longitude?: number;
} {
  return { location: values.dropoffLocation, groupSize: Number(values.passengerCount), ...pickedCoordinates(values) };
}

/** The passenger's own place: where they are picked up for SG->FC, dropped off for FC->SG. */
export function locationTexts(direction: string): { label: string; placeholder: string } {
  return direction === 'FC->SG'
    ? { label: 'Drop-off Location', placeholder: 'e.g., Tampines Mall' }
    : { label: 'Pick-up Location', placeholder: 'e.g., Pasir Ris MRT' };
}

/** The one toast a join ends with, on the ride page and on the join screen alike. */
export function notifyJoined(): void {
  notifySuccess('Success', 'You have joined the ride');
}

export function useJoinRide(ride: JoinableRide, { onJoined }: { onJoined: () => void }) {
  const utils = trpc.useUtils();
  const settle = useSettle();
  const remaining = seatsLeftFor(ride);
  const remainingRef = useRef(remaining);
  remainingRef.current = remaining;

  const form = useForm<JoinFormState>({
    mode: 'controlled',
    initialValues: EMPTY_FORM,
    validateInputOnBlur: true,
    validate: (values) => zodResolver(joinFormSchema(remainingRef.current))(values),
  });
  const join = trpc.passenger.join.useMutation(
    settle({
      error: { form },
      // After a refusal too: the page then shows the seats as they are now.
      stale: { type: 'ride.written', rideId: null },
    }),
  );

  /** The ride as the server has it now, or the one on screen when it cannot be read. */
  const latestRide = async (): Promise<JoinableRide> => {
    try {
      return await utils.ride.byId.fetch({ id: ride.id }, { staleTime: 0 });
    } catch {
      return ride;
    }
  };

  const submit = form.onSubmit(async (values) => {
    const parsed = joinFormSchema(remainingRef.current).safeParse(values);
    if (!parsed.success) return;
    const { passengerCount, dropoffLocation } = parsed.data;

    const nowRemaining = seatsLeftFor(await latestRide());
    if (nowRemaining < passengerCount) {
      const message = `Only ${String(nowRemaining)} spots remaining`;
      form.setFieldError('passengerCount', message);
      showError(message);
      return;
    }

    try {
      await join.mutateAsync({ rideId: ride.id, dropoffLocation, passengerCount, ...pickedCoordinates(values) });
    } catch {
      return; // told by the mutation's own options
    }
    form.reset();
    onJoined();
  });

  const { label, placeholder } = locationTexts(ride.direction);
  return {
    form,
    submit,
    pending: join.isPending || form.submitting,
    remaining,
    /** The most the count field offers: the seats left, never above 10 nor below 1. */
    limit: Math.max(MIN_PASSENGERS, Math.min(MAX_PASSENGERS, remaining)),
    locationLabel: label,
    locationPlaceholder: placeholder,
  };
}

export type JoinRideForm = ReturnType<typeof useJoinRide>;
