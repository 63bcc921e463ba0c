/**
 * What a ride card says at a glance (docs/product.md#at-a-glance): where the ride goes (its pick-up
 * or drop-off areas, shortened), where the viewer stands on it in one line, and the two states a
 * rider cares about in words (seats left or full; driver found or not).
 */
import { formatSgd } from './cost';
import type { DropoffLocation } from './direction';
import { isCancelled, spotsRemaining } from './ride-state';

/** How long one area name may be on a card before it is cut (with '…'). */
export const AREA_NAME_MAX = 24;
/** How many areas a card names before it says '+n more'. */
export const AREAS_SHOWN = 2;

export type RideAreas = {
  /** SG->FC: where riders are picked up; FC->SG: where they are set down. */
  label: 'Pick-up' | 'Drop-off';
  /** Distinct short names in ride order (the organiser's first). */
  names: string[];
};

/**
 * A place as a card names it: the part before the first comma ('Pasir Ris MRT, Exit A' → 'Pasir
 * Ris MRT'), spaces folded, cut to `max` characters with an ellipsis.
 *
 * @example shortPlaceName('  Jurong East MRT,  Exit B ') // 'Jurong East MRT'
 * @example shortPlaceName('Blk 123 Tampines Street 11 Singapore') // 'Blk 123 Tampines Street…'
 */
export function shortPlaceName(text: string, max: number = AREA_NAME_MAX): string {
  const first = (text.split(',')[0] ?? '').replace(/\s+/g, ' ').trim();
  const name = first === '' ? text.replace(/\s+/g, ' ').trim() : first;
  if (name.length <= max) return name;
  return `${name.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The areas a ride serves, as the card names them: SG->FC the riders' pick-up points, FC->SG their
 * drop-off points, each shortened and named once (case and spacing ignored). A ride whose
 * locations the reader may not see (a visitor on an FC->SG ride) has no names.
 *
 * @example rideAreas({ direction: 'FC->SG', dropoffLocations: [{ location: 'Bedok, Blk 1', passengerCount: 1 },
 *   { location: 'bedok', passengerCount: 2 }] }) // { label: 'Drop-off', names: ['Bedok'] }
 */
export function rideAreas(ride: { direction: string; dropoffLocations: readonly DropoffLocation[] }): RideAreas {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const entry of ride.dropoffLocations) {
    const name = shortPlaceName(entry.location);
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return { label: ride.direction === 'SG->FC' ? 'Pick-up' : 'Drop-off', names };
}

/**
 * The areas in one short line: the first `shown` names, then '+n more'.
 *
 * @example areasLine(['Bedok', 'Tampines', 'Jurong East']) // 'Bedok · Tampines +1 more'
 */
export function areasLine(names: readonly string[], shown: number = AREAS_SHOWN): string {
  const head = names.slice(0, shown).join(' · ');
  const rest = names.length - shown;
  return rest > 0 ? `${head} +${String(rest)} more` : head;
}

/** Seats in words: 'Full', '1 seat left', '3 seats left' (seats held for the waitlist count as taken). */
export function seatsWords(ride: { currentPassengers: number; maxPassengers: number }): string {
  const left = spotsRemaining(ride);
  if (left === 0) return 'Full';
  return left === 1 ? '1 seat left' : `${String(left)} seats left`;
}

/**
 * The driver in words: 'No driver yet' while open, 'Driver found' once a vendor took the ride;
 * a cancelled or completed ride says that instead.
 */
export function driverWords(ride: { status: string }): string {
  if (ride.status === 'assigned') return 'Driver found';
  if (ride.status === 'open') return 'No driver yet';
  if (isCancelled(ride)) return 'Cancelled';
  return 'Completed';
}

/**
 * Where the viewer stands on one ride (the API's `ride.standing`), newest state wins:
 * - organizer: they organise it;
 * - passenger: they have a seat; `stop` is their stop number once the order has one, `amountDueCents`
 *   what they still owe once the price locked (null: nothing due, or not yet known);
 * - offered: a waitlist seat is held for them until `offerExpiresAt` (ISO);
 * - waitlisted: they wait, `position` in line (1 = next);
 * - assigned: the viewer is the vendor driving it.
 */
export type ViewerStanding =
  | { rideId: number; kind: 'organizer' }
  | { rideId: number; kind: 'passenger'; stop: number | null; amountDueCents: number | null }
  | { rideId: number; kind: 'offered'; offerExpiresAt: string }
  | { rideId: number; kind: 'waitlisted'; position: number }
  | { rideId: number; kind: 'assigned' };

const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * A 24-hour Singapore clock time, whatever the reader's zone.
 *
 * @example singaporeClock('2026-11-28T10:40:00Z') // '18:40'
 */
export function singaporeClock(value: string | Date): string {
  const wall = new Date(new Date(value).getTime() + SINGAPORE_OFFSET_MS);
  return `${String(wall.getUTCHours()).padStart(2, '0')}:${String(wall.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * The viewer's standing in one line.
 *
 * @example standingLine({ rideId: 1, kind: 'passenger', stop: 2, amountDueCents: 2125 }) // 'Joined · stop 2 · SGD 21.25 due'
 * @example standingLine({ rideId: 1, kind: 'waitlisted', position: 2 }) // 'Waitlisted #2'
 * @example standingLine({ rideId: 1, kind: 'offered', offerExpiresAt: '2026-11-28T10:40:00Z' }) // 'Seat offered until 18:40'
 */
export function standingLine(standing: ViewerStanding): string {
  switch (standing.kind) {
    case 'organizer':
      return 'Organizing';
    case 'assigned':
      return 'Assigned to you';
    case 'waitlisted':
      return `Waitlisted #${String(standing.position)}`;
    case 'offered':
      return `Seat offered until ${singaporeClock(standing.offerExpiresAt)}`;
    case 'passenger': {
      const parts = ['Joined'];
      if (standing.stop !== null) parts.push(`stop ${String(standing.stop)}`);
      if (standing.amountDueCents !== null && standing.amountDueCents > 0) {
        parts.push(`${formatSgd(standing.amountDueCents / 100, 2)} due`);
      }
      return parts.join(' · ');
    }
  }
}
