import { DomainError } from './errors';
import { isPast } from './ride-state';
import type { RideState } from './ride-state';
import { VENDOR_MESSAGES, type DriverDetails } from './schemas';
import type { Permit } from './vendor-approval';

/** The least the driver rules read from a ride: who organised it, who drives it, when, and its status. */
export type AssignedRideState = Pick<RideState, 'creatorId' | 'date' | 'status'> & { vendorId: number | null };

/** How long before departure the assigned vendor may still hand a ride back. */
export const VENDOR_UNASSIGN_CUTOFF_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

/** The refusal the vendor reads once its unassign window has closed. */
export const UNASSIGN_TOO_LATE_MESSAGE = `A ride can only be unassigned until ${String(VENDOR_UNASSIGN_CUTOFF_HOURS)} hours before departure`;

function departureMs(ride: Pick<RideState, 'date'>): number {
  return (ride.date instanceof Date ? ride.date : new Date(ride.date)).getTime();
}

/**
 * Whether the assigned vendor may still unassign: strictly more than 24 hours before departure
 * (at exactly 24 hours it is too late).
 *
 * @example vendorMayUnassign({ date: '2026-11-25T08:00:00Z' }, new Date('2026-11-24T07:59:59Z')) // true
 */
export function vendorMayUnassign(ride: Pick<RideState, 'date'>, now: Date): boolean {
  return departureMs(ride) - now.getTime() > VENDOR_UNASSIGN_CUTOFF_HOURS * HOUR_MS;
}

/**
 * Who may take the driver off a ride (POST /api/rides/:id/unassign), checked in this order:
 * - only the assigned vendor or the organiser (NOT_ASSIGNED_VENDOR);
 * - only an assigned ride (RIDE_NOT_ASSIGNED);
 * - the vendor until 24 hours before departure (UNASSIGN_TOO_LATE);
 * - the organiser any time before departure (decision: releasing a driver is the organiser's call
 *   until the ride leaves; RIDE_PAST once it has).
 * The ride then goes back to open with no vendor.
 *
 * @example assertCanUnassign({ ride: { ...ride, vendorId: 4 }, actorId: 4, now: dayBeforeDeparture })
 *   // throws UNASSIGN_TOO_LATE 'A ride can only be unassigned until 24 hours before departure'
 */
export function assertCanUnassign(args: { ride: AssignedRideState; actorId: number; now: Date }): void {
  const { ride, actorId, now } = args;
  const isVendor = ride.vendorId !== null && actorId === ride.vendorId;
  const isOrganiser = actorId === ride.creatorId;
  if (!isVendor && !isOrganiser) {
    throw new DomainError(
      'NOT_ASSIGNED_VENDOR',
      'Only the assigned vendor or the ride organizer can release the driver',
    );
  }
  if (ride.status !== 'assigned') throw new DomainError('RIDE_NOT_ASSIGNED', 'This ride has no driver assigned');
  if (isVendor && !vendorMayUnassign(ride, now)) throw new DomainError('UNASSIGN_TOO_LATE', UNASSIGN_TOO_LATE_MESSAGE);
  if (isPast(ride, now)) throw new DomainError('RIDE_PAST', 'The driver cannot be released from a past ride');
}

/**
 * Only the assigned vendor marks a ride completed, only from assigned and only once its departure
 * is past (at the departure instant it is not past yet). Nothing else sets completed.
 *
 * @example assertCanComplete({ ride: { ...ride, vendorId: 4 }, actorId: 4, now: beforeDeparture })
 *   // throws RIDE_NOT_DEPARTED 'A ride can only be marked completed after its departure'
 */
export function assertCanComplete(args: { ride: AssignedRideState; actorId: number; now: Date }): void {
  const { ride, actorId, now } = args;
  if (ride.vendorId === null || actorId !== ride.vendorId) {
    throw new DomainError('NOT_ASSIGNED_VENDOR', 'Only the assigned vendor can mark this ride completed');
  }
  if (ride.status === 'completed') throw new DomainError('RIDE_NOT_ASSIGNED', 'This ride is already completed');
  if (ride.status !== 'assigned') throw new DomainError('RIDE_NOT_ASSIGNED', 'This ride has no driver assigned');
  if (!isPast(ride, now)) {
    throw new DomainError('RIDE_NOT_DEPARTED', 'A ride can only be marked completed after its departure');
  }
}

/** A profile edit's vendor fields, as the profile input parses them (undefined: left unchanged). */
export type VendorProfileChanges = {
  companyName?: string | null;
  driverDetails?: { name: string | null; contact: string | null; carNumber: string | null } | null;
  permit?: Permit | null;
  vehicleSeats?: number | null;
};

/** What a vendor's profile edit stores (undefined: left unchanged; null permit or seats: removed). */
export type VendorProfileWrite = {
  companyName?: string;
  driverDetails?: DriverDetails;
  permit?: Permit | null;
  vehicleSeats?: number | null;
};

/**
 * A profile edit may set the company, driver, permit and vehicle seats only on a vendor's account,
 * with registration's rules: once given, the company name and each of the driver's name, contact
 * and car number are required (the permit and seats may be removed with null). Members get a 400
 * naming the field. Answers the changes to store.
 *
 * @example assertVendorProfileChanges(false, { companyName: 'Acme' })
 *   // throws VALIDATION_FAILED 'Company name can only be set on a vendor account'
 */
export function assertVendorProfileChanges(isVendor: boolean, changes: VendorProfileChanges): VendorProfileWrite {
  const { companyName, driverDetails, permit, vehicleSeats } = changes;
  if (!isVendor) {
    if (companyName !== undefined) {
      throw new DomainError('VALIDATION_FAILED', 'Company name can only be set on a vendor account');
    }
    if (driverDetails !== undefined) {
      throw new DomainError('VALIDATION_FAILED', 'Driver details can only be set on a vendor account');
    }
    if (permit !== undefined)
      throw new DomainError('VALIDATION_FAILED', 'A permit can only be set on a vendor account');
    if (vehicleSeats !== undefined) {
      throw new DomainError('VALIDATION_FAILED', 'Vehicle seats can only be set on a vendor account');
    }
    return {};
  }
  const result: VendorProfileWrite = {};
  if (permit !== undefined) result.permit = permit;
  if (vehicleSeats !== undefined) result.vehicleSeats = vehicleSeats;
  if (companyName !== undefined) {
    if (!companyName) throw new DomainError('VALIDATION_FAILED', VENDOR_MESSAGES.companyName);
    result.companyName = companyName;
  }
  if (driverDetails !== undefined) {
    const { name, contact, carNumber } = driverDetails ?? { name: null, contact: null, carNumber: null };
    if (!name) throw new DomainError('VALIDATION_FAILED', VENDOR_MESSAGES.driverName);
    if (!contact) throw new DomainError('VALIDATION_FAILED', VENDOR_MESSAGES.driverContact);
    if (!carNumber) throw new DomainError('VALIDATION_FAILED', VENDOR_MESSAGES.carNumber);
    result.driverDetails = { name, contact, carNumber };
  }
  return result;
}

/**
 * What only applies to a member who organizes rides, never to a vendor (docs/vendors.md#vendor-profile):
 * a PayNow number riders pay their share to, and with whom one's numbers are shared on rides one
 * organizes. A vendor may clear a PayNow number (null) but not set one, nor choose the sharing.
 *
 * @example assertMemberOnlyProfileFields(true, { paynowProxy: '91234567' })
 *   // throws VALIDATION_FAILED 'A PayNow number can only be set on a member account'
 */
export function assertMemberOnlyProfileFields(
  isVendor: boolean,
  changes: { paynowProxy?: string | null; shareContactsWith?: string },
): void {
  if (!isVendor) return;
  if (changes.paynowProxy != null) {
    throw new DomainError('VALIDATION_FAILED', 'A PayNow number can only be set on a member account');
  }
  if (changes.shareContactsWith !== undefined) {
    throw new DomainError('VALIDATION_FAILED', 'Who sees your numbers on rides you organize is a member setting');
  }
}

/**
 * The last moment the assigned vendor may hand a ride back: {@link VENDOR_UNASSIGN_CUTOFF_HOURS}
 * hours before departure (docs/vendors.md#release).
 *
 * @example releaseDeadline({ date: '2026-11-25T08:00:00Z' }).toISOString() // '2026-11-24T08:00:00.000Z'
 */
export function releaseDeadline(ride: Pick<RideState, 'date'>): Date {
  return new Date(departureMs(ride) - VENDOR_UNASSIGN_CUTOFF_HOURS * HOUR_MS);
}

/**
 * What the "Take this ride?" dialog says about handing the ride back (docs/vendors.md#release):
 * the rule, and its deadline for this ride in Singapore time (`formatDate` formats it), or that
 * the window has already closed.
 *
 * @example releaseRuleSentence({ date: '2026-11-25T08:00:00Z' }, new Date('2026-11-20T00:00:00Z'), String)
 */
export function releaseRuleSentence(
  ride: Pick<RideState, 'date'>,
  now: Date,
  formatDate: (value: Date) => string,
): string {
  const rule = `Once taken, you can release a ride only until ${String(VENDOR_UNASSIGN_CUTOFF_HOURS)} hours before departure`;
  if (!vendorMayUnassign(ride, now))
    return `${rule}: this one departs within ${String(VENDOR_UNASSIGN_CUTOFF_HOURS)} hours, so you cannot release it once taken.`;
  return `${rule}: for this ride, until ${formatDate(releaseDeadline(ride))} (Singapore time).`;
}
