import { FOREST_CITY_PICKUP } from './constants';
import type { Direction } from './constants';
import { countAdditionalStops } from './cost';
import { coordinatesOf } from './coordinates';
import type { DropoffLocation } from './direction';
import { DomainError } from './errors';
import { assertIsCreator, assertMaxPassengersCovers, assertNotCancelled, isPast } from './ride-state';
import type { RideState } from './ride-state';
import { sortBySequence } from './sequence';
import type { SequencedEntry } from './sequence';

/**
 * Rules about a ride's passenger entries as a whole: the organiser's own entry, the fields derived
 * from the entries, and who may create, edit or delete a ride. The server applies them inside the
 * transaction that locked the ride, so they always see the entries as they are.
 */

/** A passenger entry as these rules need it (the organiser's entry is one of them). */
export type RideEntry = SequencedEntry & {
  userId: number;
  dropoffLocation: string;
  passengerCount: number;
  /** The map pin, when one was picked (same-stop rule: docs/product.md#same-stop). */
  latitude?: number | null;
  longitude?: number | null;
};

/** The part of a create/update payload that says where the organiser is and how many they are. */
export type OrganizerPayload = {
  direction: Direction;
  pickupLocation: string;
  dropoffLocations: readonly DropoffLocation[];
  organizerPassengerCount: number;
};

/**
 * The organiser's own passenger entry, read from a create/update payload: for SG->FC their pick-up
 * location, for FC->SG the first drop-off entry; the group size is `organizerPassengerCount`.
 * An FC->SG payload without a drop-off entry is refused.
 *
 * @example organizerEntryOf({ direction: 'FC->SG', pickupLocation: 'Forest City',
 *   dropoffLocations: [{ location: 'Bedok', passengerCount: 1 }], organizerPassengerCount: 2 })
 *   // { location: 'Bedok', passengerCount: 2 }
 */
export function organizerEntryOf(payload: OrganizerPayload): DropoffLocation {
  if (payload.direction === 'SG->FC') {
    return { location: payload.pickupLocation.trim(), passengerCount: payload.organizerPassengerCount };
  }
  const first = payload.dropoffLocations[0];
  if (!first || first.location.trim() === '') {
    throw new DomainError('VALIDATION_FAILED', 'At least one drop-off location is required');
  }
  return { location: first.location.trim(), passengerCount: payload.organizerPassengerCount };
}

/**
 * Where a ride picks its passengers up: always 'Forest City' for FC->SG, whatever a client sent;
 * the organiser's location for SG->FC.
 *
 * @example pickupLocationOf({ direction: 'FC->SG', pickupLocation: 'Changi' }) // 'Forest City'
 */
export function pickupLocationOf(payload: Pick<OrganizerPayload, 'direction' | 'pickupLocation'>): string {
  return payload.direction === 'FC->SG' ? FOREST_CITY_PICKUP : payload.pickupLocation.trim();
}

export type DerivedRideFields = {
  currentPassengers: number;
  additionalStops: number;
  dropoffLocations: DropoffLocation[];
};

/**
 * The ride fields that only summarise its entries, recomputed whenever entries change:
 * - currentPassengers: every entry's group size added up (the organiser's included);
 * - additionalStops: distinct stops beyond the first, same places counting once ({@link countAdditionalStops});
 * - dropoffLocations: the organiser's entry first (the edit form reads the organiser's location
 *   from the first entry, docs/product.md#direction-rules), then everyone else in drop-off order (stop number, unnumbered
 *   last, then by entry id).
 *
 * @example deriveRideFields('FC->SG', 1, [
 *   { id: 1, userId: 1, dropoffLocation: 'Bedok', passengerCount: 2, dropoffSequence: 2 },
 *   { id: 2, userId: 5, dropoffLocation: 'Jurong', passengerCount: 1, dropoffSequence: 1 }])
 *   // { currentPassengers: 3, additionalStops: 1,
 *   //   dropoffLocations: [{ location: 'Bedok', passengerCount: 2 }, { location: 'Jurong', passengerCount: 1 }] }
 */
export function deriveRideFields(
  direction: Direction,
  creatorId: number,
  entries: readonly RideEntry[],
): DerivedRideFields {
  const ordered = sortBySequence(entries);
  const organizer = ordered.filter((entry) => entry.userId === creatorId);
  const others = ordered.filter((entry) => entry.userId !== creatorId);
  const listed = [...organizer, ...others];
  return {
    currentPassengers: entries.reduce((sum, entry) => sum + entry.passengerCount, 0),
    additionalStops: countAdditionalStops(
      direction,
      listed.map((entry) => ({ location: entry.dropoffLocation, coordinates: coordinatesOf(entry) })),
    ),
    dropoffLocations: listed.map((entry) => ({
      location: entry.dropoffLocation,
      passengerCount: entry.passengerCount,
    })),
  };
}

/**
 * The stop number a newcomer gets: none while nobody on the ride has one, otherwise the next after
 * the highest, so a numbered list stays 1..n.
 *
 * @example nextSequenceNumber([{ id: 1, dropoffSequence: 1 }, { id: 2, dropoffSequence: 2 }]) // 3
 * @example nextSequenceNumber([{ id: 1, dropoffSequence: null }]) // null
 */
export function nextSequenceNumber(entries: readonly SequencedEntry[]): number | null {
  const numbers = entries.map((entry) => entry.dropoffSequence).filter((n): n is number => typeof n === 'number');
  return numbers.length === 0 ? null : Math.max(...numbers) + 1;
}

/**
 * After an entry leaves: the numbered entries, in drop-off order, are renumbered 1..k so no gap
 * remains; entries without a number keep none. Returns new objects in drop-off order.
 *
 * @example compactSequence([{ id: 1, dropoffSequence: 1 }, { id: 3, dropoffSequence: 3 }, { id: 4, dropoffSequence: null }])
 *   // [{ id: 1, dropoffSequence: 1 }, { id: 3, dropoffSequence: 2 }, { id: 4, dropoffSequence: null }]
 */
export function compactSequence<T extends SequencedEntry>(entries: readonly T[]): T[] {
  let next = 0;
  return sortBySequence(entries).map((entry) => {
    if (typeof entry.dropoffSequence !== 'number') return { ...entry };
    next += 1;
    return { ...entry, dropoffSequence: next };
  });
}

/**
 * The entry `passengerId` of this ride's entries; an id that belongs to another ride (or to none)
 * is refused with NOT_PASSENGER_OF_RIDE.
 *
 * @example findPassengerOfRide([{ id: 4, dropoffSequence: null }], 9)
 *   // throws NOT_PASSENGER_OF_RIDE 'This passenger is not on this ride'
 */
export function findPassengerOfRide<T extends SequencedEntry>(entries: readonly T[], passengerId: number): T {
  const entry = entries.find((candidate) => candidate.id === passengerId);
  if (!entry) throw new DomainError('NOT_PASSENGER_OF_RIDE', 'This passenger is not on this ride');
  return entry;
}

/** How far ahead a ride may be dated (docs/product.md#validation): a year. */
export const MAX_RIDE_DAYS_AHEAD = 365;
export const RIDE_TOO_FAR_MESSAGE = 'The ride date can be at most a year ahead';

/**
 * A new ride's date must still be ahead (strictly after now), and at most a year ahead.
 *
 * @example assertDateInFuture(new Date('2020-01-01'), now) // throws VALIDATION_FAILED 'The ride date must be in the future'
 * @example assertDateInFuture(new Date('+275760-09-13T00:00:00Z'), now) // throws VALIDATION_FAILED 'The ride date can be at most a year ahead'
 */
export function assertDateInFuture(date: Date, now: Date): void {
  if (!(date.getTime() > now.getTime())) {
    throw new DomainError('VALIDATION_FAILED', 'The ride date must be in the future');
  }
  if (date.getTime() > now.getTime() + MAX_RIDE_DAYS_AHEAD * 86_400_000) {
    throw new DomainError('VALIDATION_FAILED', RIDE_TOO_FAR_MESSAGE);
  }
}

/**
 * Who may create a ride: any signed-in member except vendors, and only for a date still ahead.
 *
 * @example assertCanCreateRide({ isVendor: true, date, now }) // throws VENDORS_CANNOT_CREATE 'Vendors cannot create rides'
 */
export function assertCanCreateRide(args: { isVendor: boolean; date: Date; now: Date }): void {
  if (args.isVendor) throw new DomainError('VENDORS_CANNOT_CREATE', 'Vendors cannot create rides');
  assertDateInFuture(args.date, args.now);
}

/**
 * An edit of a ride: only its organiser, only while the ride is neither cancelled nor past; the new date must be
 * ahead; the direction stays as it is once anybody else has joined (their locations were given for
 * that direction); and the maximum must cover every seat taken (the others' groups plus the
 * organiser's new group size) and every seat a live waitlist offer holds (`heldSeats`, domain
 * `heldSeats`): a held group must still fit when it accepts.
 *
 * @example assertCanUpdateRide({ ride, actorId: ride.creatorId, next: { ...next, direction: 'FC->SG' },
 *   othersJoined: 1, othersSeats: 2, now })
 *   // throws RIDE_HAS_PASSENGERS 'The direction cannot be changed after other passengers have joined'
 */
export function assertCanUpdateRide(args: {
  ride: RideState & { direction: Direction };
  actorId: number;
  next: { direction: Direction; date: Date; maxPassengers: number; organizerPassengerCount: number };
  othersJoined: number;
  othersSeats: number;
  /** Seats held by live waitlist offers (0 when nobody holds an offer). */
  heldSeats?: number;
  now: Date;
}): void {
  const { ride, actorId, next, othersJoined, othersSeats, heldSeats = 0, now } = args;
  assertIsCreator(ride, actorId, 'edit this ride');
  assertNotCancelled(ride, 'A cancelled ride cannot be edited');
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', 'A past ride cannot be edited');
  assertDateInFuture(next.date, now);
  if (next.direction !== ride.direction && othersJoined > 0) {
    throw new DomainError('RIDE_HAS_PASSENGERS', 'The direction cannot be changed after other passengers have joined');
  }
  assertMaxPassengersCovers(next.maxPassengers, othersSeats + next.organizerPassengerCount, heldSeats);
}

/** What decides whether a ride may still be deleted (docs/record.md#deleting). */
export interface RideDeleteFacts {
  ride: { status: RideState['status']; vendorId: number | null; cancelledLate: boolean };
  /** Entries of anybody but the organiser. */
  othersJoined: number;
  /** Members in its waiting line (offered a seat or not). */
  waiting: number;
  /** Riders' leaves of it that were late (docs/record.md#left-late). */
  lateLeaves: number;
  /** Riders the organiser took off it within 24 hours of departure (docs/record.md#removed-late). */
  lateRemovals: number;
}

/**
 * Why a ride may not be deleted, or null when it may (docs/record.md#deleting). A ride is deleted
 * only while it is nobody's concern but its organiser's: nobody else on it, nobody waiting, no
 * driver, and nothing on anybody's record. Anything else is cancelled instead, so whoever it
 * concerns is told and the record keeps it; a ride others joined is refused so the organiser
 * removes them first, as before.
 *
 * @example deleteRefusal({ ride: { status: 'assigned', vendorId: 9, cancelledLate: false }, othersJoined: 0, waiting: 0, lateLeaves: 0, lateRemovals: 0 })
 *   // DomainError RIDE_KEPT 'A driver has taken this ride. Cancel it instead, so they are told.'
 */
export function deleteRefusal({
  ride,
  othersJoined,
  waiting,
  lateLeaves,
  lateRemovals,
}: RideDeleteFacts): DomainError | null {
  // A late cancellation stays on the organiser's record (docs/record.md#cancelled-late).
  if (ride.cancelledLate) {
    return new DomainError(
      'RIDE_CANCELLED',
      'This ride was cancelled within 24 hours of departure with riders on it; it stays on your record',
    );
  }
  if (othersJoined > 0) {
    return new DomainError(
      'RIDE_HAS_PASSENGERS',
      'This ride has passengers who joined. Remove them before deleting it.',
    );
  }
  if (ride.status === 'completed') {
    return new DomainError(
      'RIDE_KEPT',
      'This ride is completed; it stays on the record of everyone who travelled on it',
    );
  }
  if (ride.vendorId !== null) {
    return new DomainError('RIDE_KEPT', 'A driver has taken this ride. Cancel it instead, so they are told.');
  }
  if (waiting > 0) {
    return new DomainError(
      'RIDE_KEPT',
      'Members are waiting for a seat on this ride. Cancel it instead, so they are told.',
    );
  }
  if (lateLeaves > 0) {
    return new DomainError(
      'RIDE_KEPT',
      'A rider left this ride within 24 hours of departure; it stays on their record. Cancel it instead.',
    );
  }
  if (lateRemovals > 0) {
    return new DomainError(
      'RIDE_KEPT',
      'You removed a rider from this ride within 24 hours of departure; it stays on your record. Cancel it instead.',
    );
  }
  return null;
}

/**
 * Deleting a ride: only its organiser, and only when {@link deleteRefusal} finds nothing against it.
 *
 * @example assertCanDeleteRide({ ride, actorId: ride.creatorId, othersJoined: 2, waiting: 0, lateLeaves: 0, lateRemovals: 0 })
 *   // throws RIDE_HAS_PASSENGERS 'This ride has passengers who joined. Remove them before deleting it.'
 */
export function assertCanDeleteRide(
  args: RideDeleteFacts & { ride: Pick<RideState, 'creatorId'>; actorId: number },
): void {
  assertIsCreator(args.ride, args.actorId, 'delete this ride');
  const refusal = deleteRefusal(args);
  if (refusal) throw refusal;
}
