import { RIDE_STATUSES } from './constants';
import type { RideStatus } from './constants';
import { DomainError } from './errors';
import type { DomainErrorCode } from './errors';

/** The least a ride must tell for its state rules; a database row or an API answer both fit. */
export type RideState = {
  creatorId: number;
  date: Date | string;
  maxPassengers: number;
  currentPassengers: number;
  status: string;
};

export type CardBadge = 'Cancelled' | 'Past' | 'Full' | 'Your Ride' | 'Join';
export type StatusLabel = 'Open' | 'Driver Assigned' | 'Completed' | 'Cancelled';

export type JoinEligibility = { eligible: true } | { eligible: false; code: DomainErrorCode; message: string };

/**
 * Whether the organiser cancelled the ride. A cancelled ride keeps its entries and its reason, but
 * cannot be joined, edited, assigned or reordered any more.
 *
 * @example isCancelled({ status: 'cancelled' }) // true
 */
export function isCancelled(ride: Pick<RideState, 'status'>): boolean {
  return ride.status === 'cancelled';
}

/** RIDE_CANCELLED with `message`: the refusal of every change to a cancelled ride. */
export function assertNotCancelled(ride: Pick<RideState, 'status'>, message: string): void {
  if (isCancelled(ride)) throw new DomainError('RIDE_CANCELLED', message);
}

function rideTime(ride: Pick<RideState, 'date'>): number {
  return (ride.date instanceof Date ? ride.date : new Date(ride.date)).getTime();
}

/**
 * A ride is past once its departure is before now. At the exact departure instant it is not past
 * yet. A ride whose date cannot be read is never treated as past.
 *
 * @example isPast({ date: '2026-11-21T07:00:00Z' }, new Date('2026-11-21T07:00:01Z')) // true
 */
export function isPast(ride: Pick<RideState, 'date'>, now: Date): boolean {
  return rideTime(ride) < now.getTime();
}

/**
 * A ride is full when the passengers on board fill (or, for legacy data, exceed) its seats.
 *
 * @example isFull({ currentPassengers: 5, maxPassengers: 5 }) // true
 */
export function isFull(ride: Pick<RideState, 'currentPassengers' | 'maxPassengers'>): boolean {
  return ride.currentPassengers >= ride.maxPassengers;
}

/**
 * Seats still free on a ride; never below zero.
 *
 * @example spotsRemaining({ currentPassengers: 3, maxPassengers: 5 }) // 2
 */
export function spotsRemaining(ride: Pick<RideState, 'currentPassengers' | 'maxPassengers'>): number {
  return Math.max(0, ride.maxPassengers - ride.currentPassengers);
}

/**
 * The badge on a ride card, first match wins: Cancelled, then Past, then Full, then Your Ride (the
 * viewer organised it), else Join.
 *
 * @example cardBadge(fullRideOfAlice, alice.id, now) // 'Full' (full beats "your ride")
 */
export function cardBadge(ride: RideState, viewerId: number | null | undefined, now: Date): CardBadge {
  if (isCancelled(ride)) return 'Cancelled';
  if (isPast(ride, now)) return 'Past';
  if (isFull(ride)) return 'Full';
  if (viewerId != null && viewerId === ride.creatorId) return 'Your Ride';
  return 'Join';
}

// A new status fails the typecheck here until it has its words.
const STATUS_LABELS = {
  open: 'Open',
  assigned: 'Driver Assigned',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const satisfies Record<RideStatus, StatusLabel>;

function isRideStatus(value: string): value is RideStatus {
  return (RIDE_STATUSES as readonly string[]).includes(value);
}

/**
 * The words for a ride status: open is Open, assigned is Driver Assigned, completed is Completed,
 * cancelled is Cancelled.
 * Takes any text, as a status read off the wire may be one this build does not know: that one
 * shows as Completed too (docs/product.md#ride-status).
 *
 * @example statusLabel('assigned') // 'Driver Assigned'
 */
export function statusLabel(status: string): StatusLabel {
  return isRideStatus(status) ? STATUS_LABELS[status] : 'Completed';
}

/** Why a vendor account may not ride as a passenger (docs/vendors.md#no-passenger). */
export const VENDOR_CANNOT_JOIN_MESSAGE =
  'A vendor account drives rides and cannot join one as a passenger. To travel as a passenger, use a member account.';

const REFUSALS = {
  cancelled: { code: 'RIDE_CANCELLED', message: 'This ride was cancelled' },
  notLoggedIn: { code: 'UNAUTHENTICATED', message: 'You must be logged in to join a ride' },
  creator: { code: 'CREATOR_CANNOT_JOIN', message: 'You cannot join your own ride' },
  alreadyJoined: { code: 'ALREADY_JOINED', message: 'You have already joined this ride' },
  past: { code: 'RIDE_PAST', message: 'This ride is in the past' },
  full: { code: 'RIDE_FULL', message: 'Ride is full' },
  vendor: { code: 'NOT_ELIGIBLE', message: VENDOR_CANNOT_JOIN_MESSAGE },
} as const satisfies Record<string, { code: DomainErrorCode; message: string }>;

function firstJoinRefusal(
  ride: RideState,
  viewerId: number | null | undefined,
  isPassenger: boolean,
  now: Date,
  isVendor: boolean,
): { code: DomainErrorCode; message: string } | null {
  if (isCancelled(ride)) return REFUSALS.cancelled;
  if (viewerId == null) return REFUSALS.notLoggedIn;
  if (isVendor) return REFUSALS.vendor;
  if (viewerId === ride.creatorId) return REFUSALS.creator;
  if (isPassenger) return REFUSALS.alreadyJoined;
  if (isPast(ride, now)) return REFUSALS.past;
  if (isFull(ride)) return REFUSALS.full;
  return null;
}

/**
 * Whether the viewer may join a ride, and if not the first reason why, checked in this order:
 * ride cancelled, logged out, a vendor account, is the organiser, already a passenger, ride past,
 * ride full.
 *
 * @example joinEligibility({ ride, viewerId: ride.creatorId, isPassenger: false, now })
 *   // { eligible: false, code: 'CREATOR_CANNOT_JOIN', message: 'You cannot join your own ride' }
 */
export function joinEligibility(args: {
  ride: RideState;
  viewerId: number | null | undefined;
  isPassenger: boolean;
  now: Date;
  /** A vendor account (docs/vendors.md#no-passenger); left out: not one. */
  isVendor?: boolean;
}): JoinEligibility {
  const { ride, viewerId, isPassenger, now, isVendor = false } = args;
  const refusal = firstJoinRefusal(ride, viewerId, isPassenger, now, isVendor);
  return refusal ? { eligible: false, ...refusal } : { eligible: true };
}

/**
 * The server's join check: refuses exactly as {@link joinEligibility} does, then refuses a group
 * larger than the seats left with 'Only {n} spots remaining' (the spec's text, also for n = 1).
 * A group of fewer than one person is refused as invalid.
 *
 * @example assertCanJoin(rideWithTwoSeatsLeft, { userId: 7, isPassenger: false, passengerCount: 3 }, now)
 *   // throws DomainError RIDE_FULL 'Only 2 spots remaining'
 */
export function assertCanJoin(
  ride: RideState,
  joiner: { userId: number; isPassenger: boolean; passengerCount: number; isVendor?: boolean },
  now: Date,
): void {
  const eligibility = joinEligibility({
    ride,
    viewerId: joiner.userId,
    isPassenger: joiner.isPassenger,
    now,
    isVendor: joiner.isVendor ?? false,
  });
  if (!eligibility.eligible) throw new DomainError(eligibility.code, eligibility.message);
  if (!Number.isInteger(joiner.passengerCount) || joiner.passengerCount < 1) {
    throw new DomainError('VALIDATION_FAILED', 'Must have at least 1 passenger');
  }
  const remaining = spotsRemaining(ride);
  if (joiner.passengerCount > remaining) {
    throw new DomainError('RIDE_FULL', `Only ${remaining} spots remaining`);
  }
}

/**
 * Who may take a passenger entry off a ride: nobody once the ride is past; never the organiser's own
 * entry; otherwise the organiser (anyone's entry) or the passenger (their own entry). On a cancelled
 * ride only the passenger may still leave (their own entry); the organiser removes nobody, so the
 * ride keeps the record of who was on it.
 *
 * @example assertCanRemovePassenger({ ride, actorId: 9, passenger: { userId: 7 }, now })
 *   // throws NOT_ALLOWED_TO_REMOVE 'You can only remove yourself from this ride' when 9 is not the organiser
 */
export function assertCanRemovePassenger(args: {
  ride: RideState;
  actorId: number;
  passenger: { userId: number };
  now: Date;
}): void {
  const { ride, actorId, passenger, now } = args;
  if (isPast(ride, now)) {
    throw new DomainError('RIDE_PAST', 'Passengers cannot be removed from a past ride');
  }
  if (passenger.userId === ride.creatorId) {
    throw new DomainError('CANNOT_REMOVE_ORGANIZER', 'The organizer cannot be removed from their own ride');
  }
  if (actorId !== ride.creatorId && actorId !== passenger.userId) {
    throw new DomainError('NOT_ALLOWED_TO_REMOVE', 'You can only remove yourself from this ride');
  }
  if (actorId !== passenger.userId) assertNotCancelled(ride, 'Passengers cannot be removed from a cancelled ride');
}

/**
 * Only the organiser may change their ride (edit, delete, reorder or lock drop-offs). `action`
 * finishes the sentence of the refusal.
 *
 * @example assertIsCreator(ride, 9, 'edit this ride')
 *   // throws NOT_CREATOR 'Only the ride organiser can edit this ride' unless 9 organised it
 */
export function assertIsCreator(ride: Pick<RideState, 'creatorId'>, actorId: number, action: string): void {
  if (actorId !== ride.creatorId) {
    throw new DomainError('NOT_CREATOR', `Only the ride organizer can ${action}`);
  }
}

/**
 * A vendor may take a ride only while it is open and still ahead: non-vendors are refused first,
 * then cancelled rides, then rides already assigned (or completed), then past rides.
 *
 * @example assertCanAssign({ ride: { ...ride, status: 'assigned' }, isVendor: true, now })
 *   // throws ALREADY_ASSIGNED 'This ride has already been assigned'
 */
export function assertCanAssign(args: { ride: RideState; isVendor: boolean; now: Date }): void {
  const { ride, isVendor, now } = args;
  if (!isVendor) throw new DomainError('VENDOR_ONLY', 'Only vendors can assign rides');
  assertNotCancelled(ride, 'This ride was cancelled');
  if (ride.status !== 'open') throw new DomainError('ALREADY_ASSIGNED', 'This ride has already been assigned');
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', 'This ride is in the past');
}

/**
 * An edit may not shrink a ride below the seats already taken (the organiser's group included),
 * nor below those plus the seats live waitlist offers hold (the held groups could not accept).
 *
 * @example assertMaxPassengersCovers(3, 4)
 *   // throws MAX_BELOW_TAKEN 'Maximum passengers cannot be less than the 4 seats already taken'
 * @example assertMaxPassengersCovers(4, 3, 2)
 *   // throws MAX_BELOW_TAKEN 'Maximum passengers cannot be less than the seats taken and held for the waitlist (5)'
 */
export function assertMaxPassengersCovers(newMax: number, seatsTaken: number, seatsHeld = 0): void {
  if (newMax < seatsTaken) {
    throw new DomainError(
      'MAX_BELOW_TAKEN',
      `Maximum passengers cannot be less than the ${seatsTaken} seats already taken`,
    );
  }
  if (newMax < seatsTaken + seatsHeld) {
    throw new DomainError(
      'MAX_BELOW_TAKEN',
      `Maximum passengers cannot be less than the seats taken and held for the waitlist (${String(seatsTaken + seatsHeld)})`,
    );
  }
}

/**
 * Changing the drop-off order (moving a passenger or locking the sequence) of a cancelled ride is
 * refused: the ride will not run.
 *
 * @example assertCanReorder({ status: 'cancelled' })
 *   // throws RIDE_CANCELLED 'The drop-off sequence of a cancelled ride cannot be changed'
 */
export function assertCanReorder(ride: Pick<RideState, 'status'>): void {
  assertNotCancelled(ride, 'The drop-off sequence of a cancelled ride cannot be changed');
}

/**
 * Cancelling a ride: only its organiser; not twice; only while it is still ahead; and not once it
 * is completed. Others may have joined (they keep their entries and see the reason); an assigned
 * ride may be cancelled too (its vendor sees it cancelled).
 *
 * @example assertCanCancelRide({ ride: { ...ride, status: 'cancelled' }, actorId: ride.creatorId, now })
 *   // throws RIDE_CANCELLED 'This ride is already cancelled'
 */
export function assertCanCancelRide(args: { ride: RideState; actorId: number; now: Date }): void {
  const { ride, actorId, now } = args;
  assertIsCreator(ride, actorId, 'cancel this ride');
  assertNotCancelled(ride, 'This ride is already cancelled');
  if (ride.status === 'completed') throw new DomainError('RIDE_NOT_OPEN', 'A completed ride cannot be cancelled');
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', 'A past ride cannot be cancelled');
}
