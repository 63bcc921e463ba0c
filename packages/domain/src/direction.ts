import { ADDITIONAL_STOP_FEE, DEFAULT_MAX_PASSENGERS, DEFAULT_RIDE_COST, FOREST_CITY_PICKUP } from './constants';
import type { Direction } from './constants';
import { DEFAULT_CROSSING, type Crossing } from './trip';
import { passengerCountAtLoad } from './passenger-count';
import { fromSingaporeInputValue, toSingaporeInputValue } from './time';

/** One drop-off (FC->SG) or organiser location entry as stored and sent. */
export type DropoffLocation = { location: string; passengerCount: number };

/** What the ride create/edit form holds (field names as in docs/product.md#ride-form). */
export type RideFormValues = {
  direction: Direction;
  date: string;
  maxPassengers: number | string;
  organizerLocation: string;
  organizerPassengerCount: number | string;
  /** Base cost in whole SGD (SGD 80 when left out). */
  cost?: number | string;
  /** Price of one additional stop in whole SGD (SGD 5 when left out). */
  stopPrice?: number | string;
  /** Fewest passengers for the ride to go (docs/payments.md#minimum); '' for none. */
  minPassengers?: number | string;
  /** The bridge it crosses by (docs/trip-day.md#crossing); the Second Link when left out. */
  crossing?: Crossing;
  pickupLocation?: string;
  dropoffLocations?: (string | DropoffLocation)[];
};

/** The create/update body the form sends (docs/product.md#ride-payload). */
export type RidePayload = {
  direction: Direction;
  maxPassengers: number;
  date: string;
  organizerPassengerCount: number;
  pickupLocation: string;
  dropoffLocations: DropoffLocation[];
  cost: number;
  stopPrice: number;
  /** Set when the form has the field: a number, or null for no minimum. */
  minPassengers?: number | null;
  /** Set when the form has the field (docs/trip-day.md#crossing). */
  crossing?: Crossing;
};

const DIRECTION_LABELS: Record<Direction, string> = {
  'SG->FC': 'Singapore to Forest City',
  'FC->SG': 'Forest City to Singapore',
};

/**
 * The words for a direction, as on the form toggle and the ride header.
 *
 * @example directionLabel('FC->SG') // 'Forest City to Singapore'
 */
export function directionLabel(direction: Direction): string {
  return DIRECTION_LABELS[direction];
}

const WALL_TIME_ONLY = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/**
 * Turns a ride date from a form or a request into an instant. A date-time without a zone (what the
 * picker produces) is Singapore time, so the result never depends on the browser's or server's
 * zone; ISO strings with a zone or 'Z' mean what they say. Anything unreadable throws
 * 'Invalid date provided'.
 *
 * @example parseRideDate('2026-11-21T15:30').toISOString() // '2026-11-21T07:30:00.000Z'
 */
export function parseRideDate(value: string | Date): Date {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw new Error('Invalid date provided');
    return new Date(value.getTime());
  }
  const text = typeof value === 'string' ? value.trim() : '';
  const parsed = WALL_TIME_ONLY.test(text) ? fromSingaporeInputValue(text) : text === '' ? null : new Date(text);
  if (parsed === null || Number.isNaN(parsed.getTime())) throw new Error('Invalid date provided');
  return parsed;
}

/**
 * Reads the stored drop-off list, which may mix plain strings (one passenger each) and
 * `{ location, passengerCount }` objects; entries without a text location are skipped and counts
 * are read with {@link passengerCountAtLoad}.
 *
 * @example normaliseDropoffLocations(['Tampines', { location: 'Bedok', passengerCount: 2 }])
 *   // [{ location: 'Tampines', passengerCount: 1 }, { location: 'Bedok', passengerCount: 2 }]
 */
export function normaliseDropoffLocations(raw: unknown): DropoffLocation[] {
  if (!Array.isArray(raw)) return [];
  const result: DropoffLocation[] = [];
  for (const entry of raw as unknown[]) {
    if (typeof entry === 'string') {
      result.push({ location: entry, passengerCount: 1 });
    } else if (
      typeof entry === 'object' &&
      entry !== null &&
      typeof (entry as { location?: unknown }).location === 'string'
    ) {
      const { location, passengerCount } = entry as { location: string; passengerCount?: unknown };
      result.push({ location, passengerCount: passengerCountAtLoad(passengerCount) });
    }
  }
  return result;
}

function readInteger(value: number | string | undefined, fallback: number): number {
  const parsed = typeof value === 'number' ? value : !value || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : fallback;
}

/**
 * Builds the create/update payload from the form, applying the direction rules:
 * - SG->FC: the pickup is the organiser's location and the drop-off list is that one location
 *   with the organiser's group size.
 * - FC->SG: the pickup is always 'Forest City'; the first drop-off entry (created if missing) is the
 *   organiser's location and group size; other entries are kept, trimmed, blanks dropped.
 * Locations are trimmed; an organiser count below 1 or not a number becomes 1; the maximum is
 * parsed as a whole number (5 if unreadable); so are the cost (80 if unreadable) and the stop price
 * (5 if unreadable); the date (Singapore picker time) becomes ISO.
 *
 * @example buildRidePayload({ direction: 'SG->FC', date: '2026-11-21T15:30', maxPassengers: '4',
 *   organizerLocation: ' Pasir Ris MRT ', organizerPassengerCount: '2', cost: '75', stopPrice: 10 })
 *   // { direction: 'SG->FC', maxPassengers: 4, date: '2026-11-21T07:30:00.000Z', organizerPassengerCount: 2,
 *   //   cost: 75, stopPrice: 10,
 *   //   pickupLocation: 'Pasir Ris MRT', dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }] }
 */
export function buildRidePayload(values: RideFormValues): RidePayload {
  const organizerLocation = values.organizerLocation.trim();
  const organizerCount = readInteger(values.organizerPassengerCount, 1);
  const organizerPassengerCount = organizerCount >= 1 ? organizerCount : 1;
  const organizerEntry: DropoffLocation = { location: organizerLocation, passengerCount: organizerPassengerCount };
  const base = {
    direction: values.direction,
    maxPassengers: readInteger(values.maxPassengers, DEFAULT_MAX_PASSENGERS),
    date: parseRideDate(values.date).toISOString(),
    organizerPassengerCount,
    cost: readInteger(values.cost, DEFAULT_RIDE_COST),
    stopPrice: readInteger(values.stopPrice, ADDITIONAL_STOP_FEE),
    ...(values.minPassengers === undefined
      ? {}
      : { minPassengers: values.minPassengers === '' ? null : readInteger(values.minPassengers, 1) }),
    ...(values.crossing === undefined ? {} : { crossing: values.crossing }),
  };
  if (values.direction === 'SG->FC') {
    return { ...base, pickupLocation: organizerLocation, dropoffLocations: [organizerEntry] };
  }
  const others = normaliseDropoffLocations(values.dropoffLocations ?? [])
    .slice(1)
    .map((entry) => ({ ...entry, location: entry.location.trim() }))
    .filter((entry) => entry.location !== '');
  return { ...base, pickupLocation: FOREST_CITY_PICKUP, dropoffLocations: [organizerEntry, ...others] };
}

/** A saved ride as far as the form needs it for pre-filling. */
export type RideFormSource = {
  direction: Direction;
  date: Date | string;
  maxPassengers: number;
  pickupLocation: string;
  dropoffLocations: unknown;
  cost?: number | null;
  stopPrice?: number | null;
  minPassengers?: number | null;
  crossing?: Crossing | null;
};

/**
 * Pre-fills the edit form from a saved ride (the reverse of {@link buildRidePayload}): the
 * organiser's location is the pickup for SG->FC and the first drop-off for FC->SG; the organiser's
 * group size is that first entry's count (1 if missing); the date is Singapore picker time; the
 * cost and stop price are the ride's (SGD 80 and SGD 5 when it has none).
 *
 * @example rideToFormValues({ direction: 'FC->SG', date: '2026-11-21T07:30:00Z', maxPassengers: 4,
 *   pickupLocation: 'Forest City', dropoffLocations: [{ location: 'Bedok', passengerCount: 2 }] })
 *   // { direction: 'FC->SG', date: '2026-11-21T15:30', maxPassengers: 4, organizerLocation: 'Bedok',
 *   //   organizerPassengerCount: 2, cost: 80, stopPrice: 5, pickupLocation: 'Forest City', dropoffLocations: [{ location: 'Bedok', passengerCount: 2 }] }
 */
export function rideToFormValues(ride: RideFormSource): Required<RideFormValues> {
  const dropoffLocations = normaliseDropoffLocations(ride.dropoffLocations);
  const first = dropoffLocations[0];
  return {
    direction: ride.direction,
    date: toSingaporeInputValue(ride.date),
    maxPassengers: ride.maxPassengers,
    organizerLocation: ride.direction === 'SG->FC' ? ride.pickupLocation : (first?.location ?? ''),
    organizerPassengerCount: first?.passengerCount ?? 1,
    cost: ride.cost ?? DEFAULT_RIDE_COST,
    stopPrice: ride.stopPrice ?? ADDITIONAL_STOP_FEE,
    minPassengers: ride.minPassengers ?? '',
    crossing: ride.crossing ?? DEFAULT_CROSSING,
    pickupLocation: ride.pickupLocation,
    dropoffLocations,
  };
}
