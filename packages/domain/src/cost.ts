import { ADDITIONAL_STOP_FEE, DEFAULT_RIDE_COST } from './constants';
import type { Direction } from './constants';
import { groupStops, samePlace, type StopPlace } from './stops';

/**
 * What the cost rules need from a ride; a missing cost, stop count or stop price falls back to the
 * defaults (SGD 80, no stops, SGD 5 a stop), so rides stored before the organiser could set prices
 * keep the spec's formula.
 */
export type RideCostInput = {
  cost?: number | null;
  additionalStops?: number | null;
  stopPrice?: number | null;
};

const isAmount = (value: number | null | undefined): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function baseCostOf(ride: RideCostInput): number {
  return isAmount(ride.cost) ? ride.cost : DEFAULT_RIDE_COST;
}

function stopsOf(ride: RideCostInput): number {
  return isAmount(ride.additionalStops) && ride.additionalStops > 0 ? Math.floor(ride.additionalStops) : 0;
}

function stopPriceOf(ride: RideCostInput): number {
  return isAmount(ride.stopPrice) && ride.stopPrice >= 0 ? ride.stopPrice : ADDITIONAL_STOP_FEE;
}

/** Rounds to cents without the binary drift of a plain `Math.round(x * 100) / 100` (1.005 → 1.01). */
function roundToCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/**
 * The whole ride's price: the base cost plus the stop price for every additional stop
 * (total = cost + additionalStops × stopPrice). A ride without a cost costs the default SGD 80;
 * without a stop price, a stop costs SGD 5; without stops, none are charged.
 *
 * @example totalCost({ cost: 80, additionalStops: 2 }) // 90
 * @example totalCost({ cost: 75, additionalStops: 2, stopPrice: 10 }) // 95
 */
export function totalCost(ride: RideCostInput): number {
  return baseCostOf(ride) + stopsOf(ride) * stopPriceOf(ride);
}

/**
 * "Per person now": the total split between the passengers on board (at least one, so an empty
 * ride shows the full price), to the cent. Every screen shows this same figure.
 *
 * @example perPersonNow({ cost: 80, additionalStops: 1, currentPassengers: 2 }) // 42.5
 */
export function perPersonNow(ride: RideCostInput & { currentPassengers: number }): number {
  return roundToCents(totalCost(ride) / Math.max(ride.currentPassengers, 1));
}

/**
 * "Per person if full": the total split across every seat of a full ride, to the cent. A ride with
 * no seats counts as one seat.
 *
 * @example perPersonIfFull({ cost: 80, additionalStops: 0, maxPassengers: 3 }) // 26.67
 */
export function perPersonIfFull(ride: RideCostInput & { maxPassengers: number }): number {
  return roundToCents(totalCost(ride) / Math.max(ride.maxPassengers, 1));
}

/**
 * Writes an amount the way the product shows money: 'SGD ' and the number. Whole amounts show no
 * decimals unless asked; fractional amounts show two.
 *
 * @example formatSgd(80) // 'SGD 80'
 * @example formatSgd(17, 2) // 'SGD 17.00'
 * @example formatSgd(26.666) // 'SGD 26.67'
 */
export function formatSgd(amount: number, decimals?: number): string {
  const places = decimals ?? (Number.isInteger(amount) ? 0 : 2);
  return `SGD ${amount.toFixed(places)}`;
}

export type CostBreakdown = {
  baseCost: number;
  additionalStops: number;
  stopPrice: number;
  additionalStopsCost: number;
  total: number;
  perPersonNow: number;
  perPersonIfFull: number;
};

/** What the cost box needs from a ride: its prices, stop count and both passenger counts. */
export type RideCostFigures = RideCostInput & { currentPassengers: number; maxPassengers: number };

/**
 * Every line of the cost box at once: base cost, number of extra stops, the price of one and what
 * they add, total, and the per-person figures now and when the ride is full.
 *
 * @example costBreakdown({ cost: 80, additionalStops: 2, currentPassengers: 2, maxPassengers: 5 })
 *   // { baseCost: 80, additionalStops: 2, stopPrice: 5, additionalStopsCost: 10, total: 90,
 *   //   perPersonNow: 45, perPersonIfFull: 18 }
 */
export function costBreakdown(ride: RideCostFigures): CostBreakdown {
  const additionalStops = stopsOf(ride);
  const stopPrice = stopPriceOf(ride);
  return {
    baseCost: baseCostOf(ride),
    additionalStops,
    stopPrice,
    additionalStopsCost: additionalStops * stopPrice,
    total: totalCost(ride),
    perPersonNow: perPersonNow(ride),
    perPersonIfFull: perPersonIfFull(ride),
  };
}

/** A ride as the join screen knows it: its figures and the locations of the entries on it. */
export type JoinCostRide = RideCostFigures & {
  direction: Direction;
  dropoffLocations: readonly StopPlace[];
};

export type JoinCost = {
  /** The cost box after the join: one more stop if the location is new, the group on board. */
  after: CostBreakdown;
  /** Whether the joiner's location is a stop the ride does not make yet. */
  addsStop: boolean;
  /** The existing stop the joiner's location is the same as (docs/product.md#same-stop), or null. */
  sameStop: string | null;
  /** The group size as counted (at least one). */
  group: number;
  /** Passengers on board once the group joined. */
  onBoard: number;
  /** The joiner's group pays per-person-now (after the join) × group size, to the cent. */
  yourShareNow: number;
  /** The same when the ride is full: per-person-if-full (after the join) × group size. */
  yourShareIfFull: number;
};

/**
 * What joining costs: the ride as it will be after the join (the location counts as one more
 * additional stop when it is new, by the same rule the server derives `additionalStops` with, and
 * the group adds to the passengers on board), and the group's share, which is the shown per-person
 * figure × the group size. A blank location adds no stop; a group below one counts as one.
 *
 * @example joinCost({ direction: 'FC->SG', cost: 80, stopPrice: 5, additionalStops: 0,
 *   currentPassengers: 1, maxPassengers: 4, dropoffLocations: [{ location: 'Bedok' }] }, 'Jurong', 2)
 *   // after.total 85, after.perPersonNow 28.33, yourShareNow 56.66, yourShareIfFull 42.5
 */
export function joinCost(ride: JoinCostRide, location: string | StopPlace, groupSize: number): JoinCost {
  const group = Math.max(Math.floor(groupSize) || 0, 1);
  const locations = ride.dropoffLocations;
  const stopsBefore = countAdditionalStops(ride.direction, locations);
  const stopsAfter = countAdditionalStops(ride.direction, [...locations, location]);
  // The stored count is the source of truth; the join adds what the new location adds to it.
  const addsStop = stopsAfter > stopsBefore;
  const onBoard = Math.max(ride.currentPassengers, 0) + group;
  const after = costBreakdown({
    ...ride,
    additionalStops: stopsOf(ride) + (addsStop ? 1 : 0),
    currentPassengers: onBoard,
  });
  return {
    after,
    addsStop,
    sameStop: sameStopAs(locations, location),
    group,
    onBoard,
    yourShareNow: roundToCents(after.perPersonNow * group),
    yourShareIfFull: roundToCents(after.perPersonIfFull * group),
  };
}

/**
 * How many extra stops a ride makes: the number of different Singapore-side stops beyond the first
 * one. Entries at the same place are one stop (docs/product.md#same-stop): the same text after
 * normalising (case, spaces, punctuation) or map pins within 50 m. Blank entries are no stop. The
 * list is the drop-off points for FC->SG and the pick-up points for SG->FC; the rule is the same in
 * both directions.
 *
 * @example countAdditionalStops('FC->SG', ['Tampines Mall', 'tampines mall ', 'Jurong East']) // 1
 */
export function countAdditionalStops(_direction: Direction, locations: readonly (string | StopPlace)[]): number {
  return Math.max(groupStops(locations).count - 1, 0);
}

/**
 * The existing stop a joiner's place is the same as (its text as first given), or null when the
 * place is a new stop or blank.
 *
 * @example sameStopAs([{ location: 'Bedok MRT' }], 'bedok mrt.') // 'Bedok MRT'
 */
export function sameStopAs(existing: readonly StopPlace[], place: string | StopPlace): string | null {
  const joiner: StopPlace = typeof place === 'string' ? { location: place } : place;
  if (joiner.location.trim() === '' && joiner.coordinates == null) return null;
  return existing.find((entry) => samePlace(entry, joiner))?.location.trim() ?? null;
}
