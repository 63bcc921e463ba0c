/**
 * What a vendor's licence lets it take (docs/vendors.md#licence-rules). The rules an authority sets
 * are data entries below, each with its source and the day it was last checked, evaluated by one
 * small function each, so updating a rule is one edit with its test.
 */
import type { Direction } from './constants';
import { DomainError } from './errors';
import type { Permit, PermitCountry } from './vendor-approval';
import { singaporeDay } from './vendor-approval';

/** One authority's rule: where a cross-border taxi with its permit may pick passengers up. */
export interface PickupRule {
  permitCountry: PermitCountry;
  /** The one direction whose pick-up lies in the permit's home country. */
  direction: Direction;
  /** Where the rule is published. */
  source: string;
  /** When the entry was last reviewed ('YYYY-MM-DD'); the operator re-checks it against the source. */
  lastChecked: string;
}

/**
 * A cross-border taxi may pick up freely only in its home country: a Singapore permit picks up in
 * Singapore (SG->FC), a Malaysian permit in Malaysia (FC->SG).
 */
export const PICKUP_RULES: readonly PickupRule[] = [
  {
    permitCountry: 'SG',
    direction: 'SG->FC',
    source: 'https://www.lta.gov.sg/',
    lastChecked: '2026-11-25',
  },
  {
    permitCountry: 'MY',
    direction: 'FC->SG',
    source: 'https://www.apad.gov.my/',
    lastChecked: '2026-11-25',
  },
];

/** How many days before its permit expires a vendor is warned on the dashboard. */
export const PERMIT_WARNING_DAYS = 30;

/** The licence and vehicle the rules read. */
export interface VendorLicenceFacts {
  permit: Permit | null;
  vehicleSeats: number | null;
}

/** The ride fields the rules read. */
export interface LicensedRide {
  direction: Direction;
  date: Date | string;
  maxPassengers: number;
}

/**
 * Whether a permit may pick up on a ride in this direction. With the rule off (the operator's
 * choice, VENDOR_PICKUP_COUNTRY_RULE=off) every permit may; without a permit nothing may.
 *
 * @example mayPickUp({ country: 'MY', number: 'X', expiresOn: '2030-01-01' }, 'SG->FC', true) // false
 */
export function mayPickUp(permit: Permit | null, direction: Direction, ruleOn: boolean): boolean {
  if (!permit) return false;
  if (!ruleOn) return true;
  return PICKUP_RULES.some((rule) => rule.permitCountry === permit.country && rule.direction === direction);
}

/** The directions a permit may take under the rule (both when it is off). */
export function pickupDirections(permit: Permit | null, ruleOn: boolean): Direction[] {
  return (['SG->FC', 'FC->SG'] as const).filter((direction) => mayPickUp(permit, direction, ruleOn));
}

/**
 * Whether the permit is still valid on the ride's departure day (in Singapore time; valid through
 * its `expiresOn` day).
 *
 * @example permitCoversDeparture({ ..., expiresOn: '2026-12-01' }, '2026-12-01T10:00:00+08:00') // true
 */
export function permitCoversDeparture(permit: Permit, departure: Date | string): boolean {
  const day = singaporeDay(departure instanceof Date ? departure : new Date(departure));
  return permit.expiresOn >= day;
}

/**
 * A vendor may take a ride only when its licence allows it, checked in this order (each a 409):
 * - a permit is on file (VENDOR_INCOMPLETE);
 * - the permit may pick up in the ride's direction (PICKUP_NOT_ALLOWED);
 * - the permit is valid on the departure day (PERMIT_EXPIRES);
 * - the vehicle's seats hold the ride's maximum passengers (VEHICLE_TOO_SMALL).
 *
 * @example assertLicenceCovers({ permit: sgPermit, vehicleSeats: 6 }, { direction: 'FC->SG', ... }, true)
 *   // throws PICKUP_NOT_ALLOWED 'A Singapore (SG) permit may only pick up in Singapore (SG->FC rides)'
 */
export function assertLicenceCovers(licence: VendorLicenceFacts, ride: LicensedRide, pickupRuleOn: boolean): void {
  const { permit, vehicleSeats } = licence;
  if (!permit) throw new DomainError('VENDOR_INCOMPLETE', 'Add your cross-border permit before taking rides');
  if (!mayPickUp(permit, ride.direction, pickupRuleOn)) {
    const rule = PICKUP_RULES.find((entry) => entry.permitCountry === permit.country);
    throw new DomainError(
      'PICKUP_NOT_ALLOWED',
      permit.country === 'SG'
        ? `A Singapore (SG) permit may only pick up in Singapore (${rule?.direction ?? 'SG->FC'} rides)`
        : `A Malaysian (MY) permit may only pick up in Malaysia (${rule?.direction ?? 'FC->SG'} rides)`,
    );
  }
  if (!permitCoversDeparture(permit, ride.date)) {
    throw new DomainError('PERMIT_EXPIRES', `Your permit expires on ${permit.expiresOn}, before this ride departs`);
  }
  if (vehicleSeats === null || vehicleSeats < ride.maxPassengers) {
    throw new DomainError(
      'VEHICLE_TOO_SMALL',
      `This ride takes up to ${String(ride.maxPassengers)} passengers; your vehicle has ${String(vehicleSeats ?? 0)} seats`,
    );
  }
}

/**
 * Days until the permit expires when that is within {@link PERMIT_WARNING_DAYS} (0 on its last
 * day, negative once expired), or null when there is no permit or it is further away.
 *
 * @example permitExpiryWarning({ ..., expiresOn: '2026-12-10' }, new Date('2026-11-25T04:00:00Z')) // 15
 */
export function permitExpiryWarning(permit: Permit | null, now: Date): number | null {
  if (!permit) return null;
  const today = Date.parse(`${singaporeDay(now)}T00:00:00Z`);
  const last = Date.parse(`${permit.expiresOn}T00:00:00Z`);
  const days = Math.round((last - today) / 86_400_000);
  return days <= PERMIT_WARNING_DAYS ? days : null;
}

/** Open rides the vendor's permit may not pick up on, counted per direction (docs/vendors.md#permit-scope). */
export interface HiddenRides {
  direction: Direction;
  count: number;
}

const PERMIT_COUNTRY_NAME: Record<PermitCountry, string> = { SG: 'Singapore', MY: 'Malaysian' };
const DIRECTION_ARROW: Record<Direction, string> = {
  'SG->FC': 'Singapore → Forest City',
  'FC->SG': 'Forest City → Singapore',
};

/**
 * What the available list says about the vendor's permit (docs/vendors.md#permit-scope): the
 * directions it may take, then one sentence per direction it hides rides in.
 *
 * @example permitScopeSentences(['SG->FC'], [{ direction: 'FC->SG', count: 3 }])
 *   // ['Your permit lets you take Singapore → Forest City rides.',
 *   //  '3 Forest City → Singapore rides need a Malaysian permit.']
 */
export function permitScopeSentences(allowed: readonly Direction[], hidden: readonly HiddenRides[]): string[] {
  const lines: string[] = [];
  if (allowed.length === 2) lines.push('Your permit lets you take rides in both directions.');
  else if (allowed.length === 1 && allowed[0])
    lines.push(`Your permit lets you take ${DIRECTION_ARROW[allowed[0]]} rides.`);
  else lines.push('Without a valid permit you cannot take rides.');
  for (const { direction, count } of hidden) {
    if (count === 0) continue;
    const rule = PICKUP_RULES.find((one) => one.direction === direction);
    const needs = rule ? `a ${PERMIT_COUNTRY_NAME[rule.permitCountry]} permit` : 'a permit';
    lines.push(`${String(count)} ${DIRECTION_ARROW[direction]} ${count === 1 ? 'ride needs' : 'rides need'} ${needs}.`);
  }
  return lines;
}
