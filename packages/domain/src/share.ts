import type { Direction } from './constants';
import { formatSgd, perPersonIfFull, totalCost } from './cost';
import { directionLabel, normaliseDropoffLocations } from './direction';
import { displayName } from './names';
import { sortBySequence } from './sequence';
import { firstFilled } from './text';
import { formatRideDate } from './time';

/** The contact details a passenger or organiser may have registered. */
export type ContactUser = {
  name?: string | null;
  fullName?: string | null;
  discordUsername?: string | null;
  whatsappNumber?: string | null;
  malaysianNumber?: string | null;
  revolutUsername?: string | null;
};

/** A passenger entry as the share texts need it. */
export type SharePassenger = {
  id: number;
  dropoffLocation: string;
  dropoffSequence: number | null;
  passengerCount?: number | null;
  user?: ContactUser | null;
};

/** A ride as the share texts need it. */
export type ShareRide = {
  direction: Direction;
  date: Date | string;
  pickupLocation: string;
  dropoffLocations: unknown;
  currentPassengers: number;
  maxPassengers: number;
  cost?: number | null;
  additionalStops?: number | null;
  stopPrice?: number | null;
  creatorName?: string | null;
};

export type GroupSuggestion = { ok: true; text: string } | { ok: false; message: string };

/**
 * How a passenger is called in lists: their name, else their full name, else their Discord
 * username, else 'Passenger'. Blank values count as missing.
 *
 * @example passengerDisplayName({ name: '', discordUsername: 'bob#1' }) // 'bob#1'
 */
export function passengerDisplayName(user: ContactUser | null | undefined): string {
  return firstFilled(user?.name, user?.fullName, user?.discordUsername) ?? 'Passenger';
}

/**
 * How a ride's organiser is called on cards: their name, else their Discord username, else
 * 'Unknown Organizer'.
 *
 * @example organizerName(null) // 'Unknown Organizer'
 */
export function organizerName(creator: Pick<ContactUser, 'name' | 'discordUsername'> | null | undefined): string {
  return displayName(creator) ?? 'Unknown Organizer';
}

/**
 * The name for a ride's chat group: 'RideShare: ' then the direction and the Singapore date.
 *
 * @example groupName({ direction: 'FC->SG', date: '2026-11-21T07:30:00Z' })
 *   // 'RideShare: FC->SG Sat, 21 Nov 2026, 3:30 pm'
 */
export function groupName(ride: Pick<ShareRide, 'direction' | 'date'>): string {
  return `RideShare: ${ride.direction} ${formatRideDate(ride.date)}`;
}

const people = (count: number): string => `${count} ${count === 1 ? 'passenger' : 'passengers'}`;

function passengerLine(passenger: SharePassenger): string {
  const details = [passengerDisplayName(passenger.user)];
  if (typeof passenger.passengerCount === 'number' && passenger.passengerCount > 1) {
    details.push(people(passenger.passengerCount));
  }
  return `${passenger.dropoffLocation.trim()} (${details.join(', ')})`;
}

/**
 * The text a user shares about a trip: group name, direction, date, organiser (when known), where
 * it picks up and drops off, 'Passengers: current/max', total cost and the estimated share per
 * person. With the passenger list, FC->SG drop-offs follow the drop-off sequence and SG->FC lists
 * each passenger's pick-up point; without it, the ride's own drop-off list is used.
 *
 * @example tripSummary(ride).split('\n')[0] // 'RideShare: FC->SG Sat, 21 Nov 2026, 3:30 pm'
 */
export function tripSummary(ride: ShareRide, passengers?: readonly SharePassenger[]): string {
  const lines = [groupName(ride), `Direction: ${directionLabel(ride.direction)}`, `Date: ${formatRideDate(ride.date)}`];
  const organizer = ride.creatorName?.trim();
  if (organizer) lines.push(`Organizer: ${organizer}`);
  lines.push(`Pickup: ${ride.pickupLocation.trim()}`);

  const withLocation = (passengers ?? []).filter((passenger) => passenger.dropoffLocation.trim() !== '');
  if (ride.direction === 'SG->FC') {
    if (withLocation.length > 0) {
      lines.push('Pick-up points:', ...withLocation.map((passenger) => `- ${passengerLine(passenger)}`));
    }
    lines.push('Drop-off: Forest City');
  } else {
    const stops =
      withLocation.length > 0
        ? sortBySequence(withLocation).map(passengerLine)
        : normaliseDropoffLocations(ride.dropoffLocations)
            .filter((entry) => entry.location.trim() !== '')
            .map((entry) =>
              entry.passengerCount > 1
                ? `${entry.location.trim()} (${people(entry.passengerCount)})`
                : entry.location.trim(),
            );
    if (stops.length > 0) lines.push('Drop-offs:', ...stops.map((stop, index) => `${index + 1}. ${stop}`));
  }

  lines.push(
    `Passengers: ${ride.currentPassengers}/${ride.maxPassengers}`,
    `Total cost: ${formatSgd(totalCost(ride))}`,
    `Estimated cost per person: ${formatSgd(perPersonIfFull(ride), 2)}`,
  );
  return lines.join('\n');
}

/**
 * What Share sends about a ride (docs/product.md#sharing): its name, direction and departure, the
 * seats left and the estimated share per person, and the ride's link — nobody's name, pick-up
 * point or drop-off, so it can be posted anywhere.
 *
 * @example rideShareText(ride, 'https://rides.example/rides/7').split('\n').at(-1)
 *   // 'See the ride and join: https://rides.example/rides/7'
 */
export function rideShareText(ride: ShareRide, url: string): string {
  const left = Math.max(0, ride.maxPassengers - ride.currentPassengers);
  return [
    groupName(ride),
    `${directionLabel(ride.direction)}, ${formatRideDate(ride.date)}`,
    `${left === 0 ? 'Full' : `${String(left)} ${left === 1 ? 'seat' : 'seats'} left`} · about ${formatSgd(perPersonIfFull(ride), 2)} per person when full`,
    `See the ride and join: ${url}`,
  ].join('\n');
}

function groupSuggestion(
  ride: Pick<ShareRide, 'direction' | 'date'>,
  passengers: readonly SharePassenger[],
  pick: (user: ContactUser) => string | null | undefined,
  key: (value: string) => string,
  messages: { empty: string; none: string },
): GroupSuggestion {
  if (passengers.length === 0) return { ok: false, message: messages.empty };
  const seen = new Set<string>();
  const members: string[] = [];
  for (const passenger of passengers) {
    const value = passenger.user ? pick(passenger.user)?.trim() : undefined;
    if (!value || seen.has(key(value))) continue;
    seen.add(key(value));
    members.push(`- ${passengerDisplayName(passenger.user)}: ${value}`);
  }
  if (members.length === 0) return { ok: false, message: messages.none };
  return { ok: true, text: [`Group name: ${groupName(ride)}`, 'Members:', ...members].join('\n') };
}

/**
 * What to copy for setting up the ride's WhatsApp group: the group name and every passenger's
 * WhatsApp number (each number once). Refuses when there are no passengers, or none registered a
 * WhatsApp number.
 *
 * @example whatsappGroupSuggestion(ride, [])
 *   // { ok: false, message: 'No passengers to add to WhatsApp group' }
 */
export function whatsappGroupSuggestion(
  ride: Pick<ShareRide, 'direction' | 'date'>,
  passengers: readonly SharePassenger[],
): GroupSuggestion {
  return groupSuggestion(ride, passengers, (user) => user.whatsappNumber, contactDigits, {
    empty: 'No passengers to add to WhatsApp group',
    none: 'None of the passengers have registered their WhatsApp numbers',
  });
}

/**
 * What to copy for setting up the ride's Discord group: the group name and every passenger's
 * Discord username (each once). Refuses when there are no passengers, or none has a username.
 *
 * @example discordGroupSuggestion(ride, [{ id: 1, dropoffLocation: 'Bedok', dropoffSequence: null, user: {} }])
 *   // { ok: false, message: 'None of the passengers have registered their Discord usernames' }
 */
export function discordGroupSuggestion(
  ride: Pick<ShareRide, 'direction' | 'date'>,
  passengers: readonly SharePassenger[],
): GroupSuggestion {
  return groupSuggestion(
    ride,
    passengers,
    (user) => user.discordUsername,
    (value) => value.toLowerCase(),
    {
      empty: 'No passengers to add to Discord group',
      none: 'None of the passengers have registered their Discord usernames',
    },
  );
}

/**
 * A phone number with everything but digits removed (what the phone action copies).
 *
 * @example contactDigits('+65 9123-4567') // '6591234567'
 */
export function contactDigits(value: string | null | undefined): string {
  return (value ?? '').replace(/\D/g, '');
}

/**
 * The number in international form without '+': numbers are registered with their country code
 * (+65..., +60...); a '00' international prefix typed instead of '+' means the same.
 */
function internationalDigits(value: string | null | undefined): string {
  const digits = contactDigits(value);
  const trimmed = (value ?? '').trim();
  return !trimmed.startsWith('+') && digits.startsWith('00') ? digits.slice(2) : digits;
}

/**
 * The WhatsApp chat link for a number: wa.me with the digits of the international number.
 * Check `contactDigits(number)` first: an empty number has no chat.
 *
 * @example whatsappLink('+65 9123 4567') // 'https://wa.me/6591234567'
 * @example whatsappLink('0060 12-345 6789') // 'https://wa.me/60123456789'
 */
export function whatsappLink(number: string | null | undefined): string {
  return `https://wa.me/${internationalDigits(number)}`;
}

/**
 * The tap-to-call link for a number, always in international '+' form.
 *
 * @example telLink('+60 12-345 6789') // 'tel:+60123456789'
 */
export function telLink(number: string | null | undefined): string {
  return `tel:+${internationalDigits(number)}`;
}
