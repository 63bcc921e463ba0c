/**
 * When two passenger entries are one stop (docs/product.md#same-stop): the same place typed alike
 * (case, spaces and punctuation aside) or picked on the map within {@link SAME_STOP_METRES} of each
 * other. The cost counts one stop for them, the join screen says the place is an existing stop, a
 * newcomer at an existing stop is numbered with it, and every screen numbers stops the same way
 * ({@link stopNumbers}).
 */
import { coordinatesOf, type Coordinates } from './coordinates';
import { sortBySequence, type SequencedEntry } from './sequence';

/** Pins closer than this are one stop. */
export const SAME_STOP_METRES = 50;

/** A place as an entry gives it: the text typed, and the map pin when one was picked. */
export type StopPlace = { location: string; coordinates?: Coordinates | null };

const EARTH_RADIUS_METRES = 6_371_000;

/** The distance between two pins, in metres (haversine). */
export function distanceMetres(a: Coordinates, b: Coordinates): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The text of a place as compared: lower case, punctuation dropped, spaces collapsed.
 *
 * @example placeKey('  Tampines  Mall, ') // 'tampines mall'
 */
export function placeKey(location: string): string {
  return location
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * @example samePlace({ location: 'Bedok MRT' }, { location: 'bedok  mrt.' }) // true
 */
export function samePlace(a: StopPlace, b: StopPlace): boolean {
  const keyA = placeKey(a.location);
  if (keyA !== '' && keyA === placeKey(b.location)) return true;
  return a.coordinates != null && b.coordinates != null
    ? distanceMetres(a.coordinates, b.coordinates) <= SAME_STOP_METRES
    : false;
}

const asPlace = (place: string | StopPlace): StopPlace => (typeof place === 'string' ? { location: place } : place);

/** Whether a place gives nothing to stop at (blank text and no pin). */
const isBlank = (place: StopPlace): boolean => placeKey(place.location) === '' && place.coordinates == null;

/**
 * The places grouped into stops, in order of first appearance: each place joins the first stop
 * holding a place it is the same as. Blank places are no stop. Answers each place's stop index
 * (0-based; -1 for a blank one) and the number of stops.
 *
 * @example groupStops(['Bedok', 'Jurong', 'bedok']) // { stopOf: [0, 1, 0], count: 2 }
 */
export function groupStops(places: readonly (string | StopPlace)[]): { stopOf: number[]; count: number } {
  const stops: StopPlace[][] = [];
  const stopOf = places.map((raw) => {
    const place = asPlace(raw);
    if (isBlank(place)) return -1;
    const index = stops.findIndex((members) => members.some((member) => samePlace(member, place)));
    if (index >= 0) {
      stops[index]?.push(place);
      return index;
    }
    stops.push([place]);
    return stops.length - 1;
  });
  return { stopOf, count: stops.length };
}

/** A passenger entry as stop numbering needs it. */
export type PlacedEntry = SequencedEntry & {
  dropoffLocation: string;
  /** The pin as stored (both or neither)… */
  latitude?: number | null;
  longitude?: number | null;
  /** …or as the API answers it. */
  coordinates?: Coordinates | null;
};

const placeOf = (entry: PlacedEntry): StopPlace => ({
  location: entry.dropoffLocation,
  coordinates: entry.coordinates ?? coordinatesOf(entry),
});

/**
 * Every entry's stop number, the one all screens show: the entries in drop-off order, entries at
 * the same place sharing one number, numbered 1.. by first appearance among the numbered entries.
 * While the organizer has numbered nobody, nobody has a number (null).
 *
 * @example stopNumbers([{ id: 1, dropoffSequence: 1, dropoffLocation: 'Bedok' },
 *   { id: 2, dropoffSequence: 2, dropoffLocation: 'Jurong' }, { id: 3, dropoffSequence: 3, dropoffLocation: 'bedok' }])
 *   // Map { 1 => 1, 2 => 2, 3 => 1 }
 */
export function stopNumbers(entries: readonly PlacedEntry[]): Map<number, number | null> {
  const ordered = sortBySequence(entries);
  const numbered = ordered.filter((entry) => typeof entry.dropoffSequence === 'number');
  const { stopOf } = groupStops(numbered.map(placeOf));
  const numbers = new Map<number, number | null>(entries.map((entry) => [entry.id, null]));
  const numberOfStop = new Map<number, number>();
  let next = 0;
  numbered.forEach((entry, index) => {
    const stop = stopOf[index] ?? -1;
    // A blank place (no text, no pin) is a stop of its own.
    let number = stop === -1 ? undefined : numberOfStop.get(stop);
    if (number === undefined) {
      next += 1;
      number = next;
      if (stop !== -1) numberOfStop.set(stop, number);
    }
    numbers.set(entry.id, number);
  });
  return numbers;
}

/**
 * The stop number a newcomer gets, and who moves down for it: none while nobody is numbered;
 * right after the last numbered entry at the same place when there is one (so the two are one stop,
 * not two with another between), everyone after them one place down; otherwise the next after the
 * highest, except in a locked order, where a new place is "not placed yet" (no number) until the
 * organiser places it (docs/product.md#late-joiners).
 *
 * @example sequenceForNewcomer([{ id: 1, dropoffSequence: 1, dropoffLocation: 'Bedok' },
 *   { id: 2, dropoffSequence: 2, dropoffLocation: 'Jurong' }], { location: 'bedok' })
 *   // { sequence: 2, moved: [{ id: 2, dropoffSequence: 3, dropoffLocation: 'Jurong' }] }
 */
export function sequenceForNewcomer<T extends PlacedEntry>(
  entries: readonly T[],
  place: StopPlace,
  options: { locked?: boolean } = {},
): { sequence: number | null; moved: T[] } {
  const numbered = sortBySequence(entries).filter(
    (entry): entry is T & { dropoffSequence: number } => typeof entry.dropoffSequence === 'number',
  );
  if (numbered.length === 0) return { sequence: null, moved: [] };
  const sameStop = numbered.filter((entry) => samePlace(placeOf(entry), place)).at(-1);
  const last = numbered.at(-1)?.dropoffSequence ?? 0;
  if (!sameStop) return { sequence: options.locked ? null : last + 1, moved: [] };
  const sequence = sameStop.dropoffSequence + 1;
  const moved = numbered
    .filter((entry) => entry.dropoffSequence >= sequence)
    .map((entry) => ({ ...entry, dropoffSequence: entry.dropoffSequence + 1 }));
  return { sequence, moved };
}

/** One stop as a list of drop-offs shows it. */
export type DropoffStop = { stop: number | null; location: string; passengerCount: number; entryIds: number[] };

/**
 * A ride's drop-offs as stops, in drop-off order: entries at one place merged (their groups added
 * up, the first entry's text kept), each with the number {@link stopNumbers} gives it.
 *
 * @example dropoffStops([{ id: 1, dropoffSequence: null, dropoffLocation: 'Bedok', passengerCount: 2 },
 *   { id: 2, dropoffSequence: null, dropoffLocation: 'bedok', passengerCount: 1 }])
 *   // [{ stop: null, location: 'Bedok', passengerCount: 3, entryIds: [1, 2] }]
 */
export function dropoffStops(entries: readonly (PlacedEntry & { passengerCount: number })[]): DropoffStop[] {
  const ordered = sortBySequence(entries);
  const numbers = stopNumbers(entries);
  const { stopOf } = groupStops(ordered.map(placeOf));
  const stops: DropoffStop[] = [];
  const byGroup = new Map<number, DropoffStop>();
  ordered.forEach((entry, index) => {
    const group = stopOf[index] ?? -1;
    const existing = group === -1 ? undefined : byGroup.get(group);
    if (existing) {
      existing.passengerCount += entry.passengerCount;
      existing.entryIds.push(entry.id);
      return;
    }
    const stop: DropoffStop = {
      stop: numbers.get(entry.id) ?? null,
      location: entry.dropoffLocation.trim(),
      passengerCount: entry.passengerCount,
      entryIds: [entry.id],
    };
    stops.push(stop);
    if (group !== -1) byGroup.set(group, stop);
  });
  return stops;
}

/** One stop of a ride's route order as a ride answer carries it (`routeStops`). */
export type RouteStop = { stop: number | null; location: string; passengerCount: number };

/**
 * A ride's stops in Singapore in route order (docs/product.md#route-order), whoever organised it:
 * by stop number, entries without one after the numbered ones in joining order (entry id), entries
 * at one place merged into one stop with their groups added up ({@link dropoffStops}). The
 * drop-offs of an FC->SG ride, the pick-ups of an SG->FC ride. Unlike a ride's `dropoffLocations`,
 * the organiser's entry is not put first: it sits where the order puts it.
 *
 * @example routeStops([{ id: 1, dropoffSequence: 2, dropoffLocation: 'Bedok', passengerCount: 2 },
 *   { id: 2, dropoffSequence: 1, dropoffLocation: 'Jurong', passengerCount: 1 }])
 *   // [{ stop: 1, location: 'Jurong', passengerCount: 1 }, { stop: 2, location: 'Bedok', passengerCount: 2 }]
 */
export function routeStops(entries: readonly (PlacedEntry & { passengerCount: number })[]): RouteStop[] {
  return dropoffStops(entries).map(({ stop, location, passengerCount }) => ({ stop, location, passengerCount }));
}

/**
 * The drop-off order with each stop's entries together: in drop-off order, every entry moved up to
 * just after the last entry before it at the same place, then everyone numbered 1..n. Locking the
 * order stores this, so one place is never two stops with another between.
 *
 * @example keepStopsTogether([{ id: 1, dropoffSequence: 1, dropoffLocation: 'Bedok' },
 *   { id: 2, dropoffSequence: 2, dropoffLocation: 'Jurong' }, { id: 3, dropoffSequence: null, dropoffLocation: 'bedok' }])
 *   // ids 1, 3, 2 numbered 1, 2, 3
 */
export function keepStopsTogether<T extends PlacedEntry>(entries: readonly T[]): T[] {
  const ordered = sortBySequence(entries);
  const { stopOf } = groupStops(ordered.map(placeOf));
  const groups: T[][] = [];
  const byStop = new Map<number, T[]>();
  ordered.forEach((entry, index) => {
    const stop = stopOf[index] ?? -1;
    const group = stop === -1 ? undefined : byStop.get(stop);
    if (group) {
      group.push(entry);
      return;
    }
    const fresh = [entry];
    groups.push(fresh);
    if (stop !== -1) byStop.set(stop, fresh);
  });
  return groups.flat().map((entry, index) => ({ ...entry, dropoffSequence: index + 1 }));
}
