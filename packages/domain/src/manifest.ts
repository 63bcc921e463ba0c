/**
 * The driver's manifest (docs/vendors.md#manifest): the trip in stop order for the assigned vendor
 * and the organiser, and the plain text the page copies for WhatsApp. The API builds the answer;
 * the text is built here so the page and its tests share one function.
 */
import type { RideRole } from './contacts';
import type { Direction } from './constants';
import type { Coordinates } from './coordinates';
import { directionLabel } from './direction';
import { DomainError } from './errors';
import { orderWords } from './sequence';
import { formatRideDate } from './time';
import { assertApprovedVendor, type VendorStanding } from './vendor-approval';

export const MANIFEST_FORBIDDEN_MESSAGE = 'Only the assigned vendor and the organizer can see this manifest';

/**
 * The manifest is for the ride's organiser and its assigned vendor while approved (a vendor that
 * is not gets its status, VENDOR_NOT_APPROVED); anyone else NOT_ASSIGNED_VENDOR.
 *
 * @example assertCanReadManifest('member', { isVendor: false, vendorStatus: null, vendorStatusReason: null })
 *   // throws NOT_ASSIGNED_VENDOR
 */
export function assertCanReadManifest(role: RideRole, standing: VendorStanding): void {
  if (role === 'organiser') return;
  if (role !== 'vendor') throw new DomainError('NOT_ASSIGNED_VENDOR', MANIFEST_FORBIDDEN_MESSAGE);
  assertApprovedVendor(standing);
}

/** One group travel QR code at the checkpoints covers at most this many people. */
export const GROUP_QR_CODE_LIMIT = 10;

/** The note a manifest carries when the party is larger than one group travel QR code covers. */
export function groupQrCodeNote(totalPassengers: number): string | null {
  if (totalPassengers <= GROUP_QR_CODE_LIMIT) return null;
  return `This party has ${String(totalPassengers)} people: one group travel QR code covers at most ${String(GROUP_QR_CODE_LIMIT)}, so the party needs more than one.`;
}

/** One passenger group's stop. Numbers are null outside the contacts window (or never given). */
export interface ManifestStop {
  /**
   * 1-based stop in the route order (riders at one place share it); null for a late joiner the
   * organiser has not placed yet (docs/product.md#late-joiners).
   */
  stop: number | null;
  passengerId: number;
  name: string;
  passengerCount: number;
  location: string;
  coordinates: Coordinates | null;
  isOrganiser: boolean;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
}

/** The vehicle and who drives it, from the vendor's details. */
export interface ManifestVehicle {
  carNumber: string | null;
  seats: number | null;
  companyName: string | null;
  driverName: string | null;
  driverContact: string | null;
}

/** What `GET /api/rides/:id/manifest` answers. */
export interface RideManifest {
  rideId: number;
  direction: Direction;
  /** The departure, ISO. */
  date: string;
  pickupLocation: string;
  stops: ManifestStop[];
  totalPassengers: number;
  /** Null when no vendor is assigned yet (the organiser may still read the manifest). */
  vehicle: ManifestVehicle | null;
  organiser: { name: string; whatsappNumber: string | null; malaysianNumber: string | null };
  /** Whether the passengers' numbers are in the stops (for the vendor, from the window's opening). */
  contactsVisible: boolean;
  /** When the assigned vendor starts seeing the passengers' numbers, ISO. */
  contactsVisibleFrom: string;
  /** The group travel QR code note, or null. */
  note: string | null;
}

/**
 * A person's numbers in one line, or '' when none are shown.
 *
 * @example manifestNumbers({ whatsappNumber: '+6591234567', malaysianNumber: null }) // 'WhatsApp +6591234567'
 */
export function manifestNumbers(item: { whatsappNumber: string | null; malaysianNumber: string | null }): string {
  const parts = [
    item.whatsappNumber ? `WhatsApp ${item.whatsappNumber}` : null,
    item.malaysianNumber ? `MY ${item.malaysianNumber}` : null,
  ].filter((part): part is string => part !== null);
  return parts.join(', ');
}

/** What the manifest says of a group that gave no phone number, once numbers are shown. */
export const MANIFEST_NO_PHONE = 'No phone number: reach them in the ride chat';

/**
 * Whether a stop is flagged as unreachable by phone: numbers are shown (contacts window open) and
 * the group gave none (docs/vendors.md#manifest).
 *
 * @example lacksPhone({ whatsappNumber: null, malaysianNumber: null }, true) // true
 */
export function lacksPhone(
  item: { whatsappNumber: string | null; malaysianNumber: string | null },
  contactsVisible: boolean,
): boolean {
  return contactsVisible && manifestNumbers(item) === '';
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The vehicle in one line: plate and seats, company, driver.
 *
 * @example manifestVehicle(null) // 'No vendor assigned yet'
 */
export function manifestVehicle(vehicle: ManifestVehicle | null): string {
  if (!vehicle) return 'No vendor assigned yet';
  const car = [vehicle.carNumber, vehicle.seats !== null ? `${String(vehicle.seats)} seats` : null]
    .filter(Boolean)
    .join(', ');
  const driver = [vehicle.driverName, vehicle.driverContact].filter(Boolean).join(' ');
  return [car || 'Not given', vehicle.companyName, driver ? `Driver ${driver}` : null].filter(Boolean).join(' · ');
}

/**
 * The manifest as plain text for a WhatsApp message: a heading, the vehicle, the pick-up, one
 * numbered line per group (name, size, location, numbers when shown), the total and the note.
 *
 * @example manifestText(manifest).split('\n')[0] // 'Ride manifest: Singapore to Forest City'
 */
export function manifestText(manifest: RideManifest): string {
  const organiserNumbers = manifestNumbers(manifest.organiser);
  const lines = [
    `Ride manifest: ${directionLabel(manifest.direction)}`,
    `Departure: ${formatRideDate(manifest.date)}`,
    `Vehicle: ${manifestVehicle(manifest.vehicle)}`,
    `Organizer: ${manifest.organiser.name}${organiserNumbers ? ` (${organiserNumbers})` : ''}`,
    '',
    `Pick-up: ${oneLine(manifest.pickupLocation)}`,
    `${orderWords(manifest.direction).title}:`,
    ...manifest.stops.map((stop) => {
      const numbers = manifestNumbers(stop);
      const people = `${String(stop.passengerCount)} ${stop.passengerCount === 1 ? 'person' : 'people'}`;
      const reach = numbers || (lacksPhone(stop, manifest.contactsVisible) ? MANIFEST_NO_PHONE : '');
      return `${stop.stop === null ? 'Not placed yet:' : `${String(stop.stop)}.`} ${stop.name} (${people}): ${oneLine(stop.location)}${reach ? ` · ${reach}` : ''}`;
    }),
    '',
    `Total: ${String(manifest.totalPassengers)} ${manifest.totalPassengers === 1 ? 'person' : 'people'}`,
  ];
  if (!manifest.contactsVisible) {
    lines.push(`Passengers' numbers are shown from ${formatRideDate(manifest.contactsVisibleFrom)}.`);
  }
  if (manifest.note) lines.push(`Note: ${manifest.note}`);
  return lines.join('\n');
}
