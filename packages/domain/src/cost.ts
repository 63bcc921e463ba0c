import { ADDITIONAL_STOP_FEE, DEFAULT_RIDE_COST } from './constants';
import type { Direction } from './constants';

/** What the cost rules need from a ride; a missing cost or stop count falls back to the defaults. */
export type RideCostInput = {
  cost?: number | null;
  additionalStops?: number | null;
};

function baseCostOf(ride: RideCostInput): number {
  return typeof ride.cost === 'number' && Number.isFinite(ride.cost) ? ride.cost : DEFAULT_RIDE_COST;
}

function stopsOf(ride: RideCostInput): number {
  return typeof ride.additionalStops === 'number' && Number.isFinite(ride.additionalStops) && ride.additionalStops > 0
    ? Math.floor(ride.additionalStops)
    : 0;
}

/** Rounds to cents without the binary drift of a plain `Math.round(x * 100) / 100` (1.005 → 1.01). */
function roundToCents(amount: number): number {
  return Math.round((amount + Number.EPSILON) * 100) / 100;
}

/**
 * The whole ride's price: the base cost plus SGD 5 for every additional stop.
 * A ride without a cost costs the default SGD 80; without stops, none are charged.
 *
 * @example totalCost({ cost: 80, additionalStops: 2 }) // 90
 */
export function totalCost(ride: RideCostInput): number {
  return baseCostOf(ride) + stopsOf(ride) * ADDITIONAL_STOP_FEE;
}

/**
 * The per-person price shown on a ride card: the total split between the passengers already on
 * board (at least one, so an empty ride shows the full price), rounded to whole SGD.
 *
 * @example cardCostPerPerson({ cost: 80, additionalStops: 1, currentPassengers: 2 }) // 43 (85 / 2 = 42.5)
 */
export function cardCostPerPerson(ride: RideCostInput & { currentPassengers: number }): number {
  return Math.round(totalCost(ride) / Math.max(ride.currentPassengers, 1));
}

/**
 * The estimated per-person price on the join and detail screens: the total split across every
 * seat of a full ride, to the cent. A ride with no seats counts as one seat.
 *
 * @example estimatedCostPerPerson({ cost: 80, additionalStops: 0, maxPassengers: 3 }) // 26.67
 */
export function estimatedCostPerPerson(ride: RideCostInput & { maxPassengers: number }): number {
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
  additionalStopsCost: number;
  total: number;
  perPersonEstimate: number;
};

/**
 * Every line of the cost box at once: base cost, number of extra stops and what they add, total,
 * and the estimated share of one person when the ride is full.
 *
 * @example costBreakdown({ cost: 80, additionalStops: 2, maxPassengers: 5 })
 *   // { baseCost: 80, additionalStops: 2, additionalStopsCost: 10, total: 90, perPersonEstimate: 18 }
 */
export function costBreakdown(ride: RideCostInput & { maxPassengers: number }): CostBreakdown {
  const additionalStops = stopsOf(ride);
  return {
    baseCost: baseCostOf(ride),
    additionalStops,
    additionalStopsCost: additionalStops * ADDITIONAL_STOP_FEE,
    total: totalCost(ride),
    perPersonEstimate: estimatedCostPerPerson(ride),
  };
}

/**
 * How many extra stops a ride makes: the number of different Singapore-side locations beyond the
 * first one. The same place typed twice (other case, extra spaces) is one stop; blank entries are
 * no stop. The list is the drop-off points for FC->SG and the pick-up points for SG->FC; the rule
 * is the same in both directions.
 *
 * @example countAdditionalStops('FC->SG', ['Tampines Mall', 'tampines mall ', 'Jurong East']) // 1
 */
export function countAdditionalStops(_direction: Direction, locations: readonly string[]): number {
  const distinct = new Set(
    locations.map((location) => location.trim().replace(/\s+/g, ' ').toLowerCase()).filter((key) => key.length > 0),
  );
  return Math.max(distinct.size - 1, 0);
}
