import { DomainError } from './errors';
import { assertNotCancelled, isCancelled, isPast, type RideState } from './ride-state';

/**
 * The waitlist of a full ride. A member whose group does not fit waits in line (with the location
 * and group size they would join with); when seats free up, the first waiting groups that fit get
 * an offer that holds their seats for {@link OFFER_MINUTES} minutes. Holding means nobody else can
 * take those seats (a direct join counts them as taken), so accepting never fails for lack of
 * room. An offer that lapses passes on: its member leaves the queue and the seats go to the next.
 * Time is only ever compared with stored expiry times (no timers own state, docs/architecture.md#live-events).
 */

/** How long an offer holds its seats. */
export const OFFER_MINUTES = 30;

/** A waiting group as these rules need it; the queue order is the id order. */
export interface WaitlistEntry {
  id: number;
  userId: number;
  passengerCount: number;
  offerExpiresAt: Date | null;
}

function expiryTime(entry: Pick<WaitlistEntry, 'offerExpiresAt'>): number | null {
  return entry.offerExpiresAt === null ? null : entry.offerExpiresAt.getTime();
}

/**
 * An offer is live while now is before its expiry (at the exact expiry instant it has lapsed).
 *
 * @example isOfferLive({ offerExpiresAt: new Date('2026-11-21T07:30:00Z') }, new Date('2026-11-21T07:29:59Z')) // true
 */
export function isOfferLive(entry: Pick<WaitlistEntry, 'offerExpiresAt'>, now: Date): boolean {
  const expiry = expiryTime(entry);
  return expiry !== null && now.getTime() < expiry;
}

/**
 * An offer has lapsed once now reaches its expiry; a group without an offer never lapses.
 *
 * @example isOfferLapsed({ offerExpiresAt: new Date('2026-11-21T07:30:00Z') }, new Date('2026-11-21T07:30:00Z')) // true
 */
export function isOfferLapsed(entry: Pick<WaitlistEntry, 'offerExpiresAt'>, now: Date): boolean {
  const expiry = expiryTime(entry);
  return expiry !== null && now.getTime() >= expiry;
}

/**
 * When an offer made now lapses: {@link OFFER_MINUTES} minutes later.
 *
 * @example offerExpiresAt(new Date('2026-11-21T07:00:00Z')) // 2026-11-21T07:30:00Z
 */
export function offerExpiresAt(now: Date): Date {
  return new Date(now.getTime() + OFFER_MINUTES * 60_000);
}

/**
 * The seats live offers hold (optionally leaving one member's own offer out).
 *
 * @example heldSeats([{ id: 1, userId: 4, passengerCount: 2, offerExpiresAt: inTenMinutes }], now) // 2
 */
export function heldSeats(
  waitlist: readonly WaitlistEntry[],
  now: Date,
  options: { exceptUserId?: number } = {},
): number {
  return waitlist
    .filter((entry) => entry.userId !== options.exceptUserId && isOfferLive(entry, now))
    .reduce((sum, entry) => sum + entry.passengerCount, 0);
}

/**
 * The ride as a newcomer sees it: the seats live offers hold count as taken, so a direct join (and
 * the Full badge) can never take a seat held for someone in line.
 *
 * @example withHeldSeats({ ...ride, currentPassengers: 3, maxPassengers: 4 }, 1).currentPassengers // 4
 */
export function withHeldSeats<T extends RideState>(ride: T, held: number): T {
  return { ...ride, currentPassengers: ride.currentPassengers + held };
}

/** The queue in order (first come, first offered). */
export function queueOrder<T extends Pick<WaitlistEntry, 'id'>>(waitlist: readonly T[]): T[] {
  return [...waitlist].sort((a, b) => a.id - b.id);
}

/** Whether a ride still makes offers: not cancelled, not completed and not departed. */
export function makesOffers(ride: Pick<RideState, 'status' | 'date'>, now: Date): boolean {
  return !isCancelled(ride) && ride.status !== 'completed' && !isPast(ride, now);
}

/**
 * Which waiting groups get an offer now. Lapsed offers are gone (their members left the line);
 * seats free = maximum − taken − seats held by live offers. Walking the queue in order, each group
 * without an offer whose size fits gets one and the seats free shrink; a bigger group at the head
 * does not block a smaller one behind it. Cancelled, completed and past rides make no offers.
 *
 * @example chooseOffers({ ...ride, maxPassengers: 4, currentPassengers: 2 },
 *   [{ id: 1, userId: 5, passengerCount: 3, offerExpiresAt: null },
 *    { id: 2, userId: 6, passengerCount: 2, offerExpiresAt: null }], now)
 *   // [{ id: 2, ... }]: the group of three does not fit, the pair behind it does
 */
export function chooseOffers<T extends WaitlistEntry>(ride: RideState, waitlist: readonly T[], now: Date): T[] {
  if (!makesOffers(ride, now)) return [];
  const waiting = waitlist.filter((entry) => !isOfferLapsed(entry, now));
  let free = ride.maxPassengers - ride.currentPassengers - heldSeats(waiting, now);
  const chosen: T[] = [];
  for (const entry of queueOrder(waiting)) {
    if (free <= 0) break;
    if (entry.offerExpiresAt !== null || entry.passengerCount > free) continue;
    chosen.push(entry);
    free -= entry.passengerCount;
  }
  return chosen;
}

/**
 * Who may wait for seats, checked in this order: the ride is not cancelled (RIDE_CANCELLED) nor
 * completed (RIDE_NOT_OPEN); the member is not a vendor (NOT_ELIGIBLE), not the organiser
 * (CREATOR_CANNOT_JOIN), not already a passenger (ALREADY_JOINED) nor waiting (ALREADY_WAITING);
 * the ride is still ahead (RIDE_PAST); the group is 1 or more and no larger than the ride's
 * maximum (VALIDATION_FAILED); and it does NOT fit in the seats free now, held seats counted
 * (SEATS_AVAILABLE: they should simply join).
 *
 * @example assertCanWait({ ride: { ...ride, maxPassengers: 4, currentPassengers: 2 }, held: 0,
 *   member: { userId: 7, isVendor: false, isPassenger: false, isWaiting: false, passengerCount: 2 }, now })
 *   // throws SEATS_AVAILABLE 'There are 2 seats free on this ride: join it instead'
 */
export function assertCanWait(args: {
  ride: RideState;
  /** Seats held by live offers. */
  held: number;
  member: { userId: number; isVendor: boolean; isPassenger: boolean; isWaiting: boolean; passengerCount: number };
  now: Date;
}): void {
  const { ride, held, member, now } = args;
  assertNotCancelled(ride, 'This ride was cancelled');
  if (ride.status === 'completed') throw new DomainError('RIDE_NOT_OPEN', 'This ride is already completed');
  if (member.isVendor) throw new DomainError('NOT_ELIGIBLE', 'Vendors cannot join a waitlist');
  if (member.userId === ride.creatorId) {
    throw new DomainError('CREATOR_CANNOT_JOIN', 'You cannot join the waitlist of your own ride');
  }
  if (member.isPassenger) throw new DomainError('ALREADY_JOINED', 'You have already joined this ride');
  if (member.isWaiting) throw new DomainError('ALREADY_WAITING', 'You are already on the waitlist of this ride');
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', 'This ride is in the past');
  if (!Number.isInteger(member.passengerCount) || member.passengerCount < 1) {
    throw new DomainError('VALIDATION_FAILED', 'Must have at least 1 passenger');
  }
  if (member.passengerCount > ride.maxPassengers) {
    throw new DomainError(
      'VALIDATION_FAILED',
      `Number of passengers cannot be more than the ride's ${String(ride.maxPassengers)} seats`,
    );
  }
  const free = Math.max(0, ride.maxPassengers - ride.currentPassengers - held);
  if (member.passengerCount <= free) {
    throw new DomainError(
      'SEATS_AVAILABLE',
      `There ${free === 1 ? 'is 1 seat' : `are ${String(free)} seats`} free on this ride: join it instead`,
    );
  }
}

/**
 * Accepting an offer: the member must be waiting (NOT_WAITING), hold an offer (NO_OFFER) that has
 * not lapsed (OFFER_EXPIRED), on a ride neither cancelled (RIDE_CANCELLED) nor past (RIDE_PAST);
 * and, as a last guard (an edit may have lowered the maximum under a live offer), the group must
 * fit beside everyone on board and every other live offer (RIDE_FULL, the join's wording).
 * Answers the member's waiting entry.
 *
 * @example assertCanAccept({ ride, entry: { ...entry, offerExpiresAt: null }, heldByOthers: 0, now })
 *   // throws NO_OFFER 'No seat is being held for you yet: you are still on the waitlist'
 */
export function assertCanAccept<T extends WaitlistEntry>(args: {
  ride: RideState;
  entry: T | null | undefined;
  heldByOthers: number;
  now: Date;
}): T {
  const { ride, entry, heldByOthers, now } = args;
  if (!entry) throw new DomainError('NOT_WAITING', 'You are not on the waitlist of this ride');
  assertNotCancelled(ride, 'This ride was cancelled');
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', 'This ride is in the past');
  if (entry.offerExpiresAt === null) {
    throw new DomainError('NO_OFFER', 'No seat is being held for you yet: you are still on the waitlist');
  }
  if (isOfferLapsed(entry, now)) {
    throw new DomainError('OFFER_EXPIRED', 'Your seat offer has lapsed and passed to the next person waiting');
  }
  const remaining = Math.max(0, ride.maxPassengers - ride.currentPassengers - heldByOthers);
  if (entry.passengerCount > remaining) {
    throw new DomainError('RIDE_FULL', remaining === 0 ? 'Ride is full' : `Only ${String(remaining)} spots remaining`);
  }
  return entry;
}

/**
 * Where a member stands in line: 1 for the head of the queue. Lapsed offers have left the line.
 *
 * @example waitlistPosition([{ id: 3, ... }, { id: 8, ... }], 8, now) // 2
 */
export function waitlistPosition(waitlist: readonly WaitlistEntry[], entryId: number, now: Date): number | null {
  const line = queueOrder(waitlist.filter((entry) => !isOfferLapsed(entry, now)));
  const index = line.findIndex((entry) => entry.id === entryId);
  return index === -1 ? null : index + 1;
}
