/**
 * The driver's manifest (docs/vendors.md#manifest): who is picked up or dropped where, in the
 * ride's stop order, for its organiser and its approved assigned vendor; the passengers' numbers
 * follow the contacts window (docs/vendors.md#contacts).
 */
import type { Db } from '@rideshare/db';
import {
  assertCanReadManifest,
  contactsWindowOpensAt,
  groupQrCodeNote,
  type ManifestStop,
  renumberSequence,
  sortBySequence,
  stopNumbers,
  notFound,
  organizerName,
  passengerDisplayName,
  type RideManifest,
  rideRole,
  type VendorStanding,
} from '@rideshare/domain';

import { findManifestRide, type ManifestRideRow } from '../repositories/manifest-repository';
import {
  type PassengerEntry,
  readPassengerEntries,
  viewerSeesPassengerNumbers,
} from '../repositories/passenger-repository';

/** Who asks, and the clock of the contacts window. */
export interface ManifestReader extends VendorStanding {
  id: number;
  now: Date;
  /** VENDOR_CONTACTS_HOURS_BEFORE. */
  contactsHoursBefore: number;
  /** RIDER_CONTACTS_HOURS_BEFORE. */
  riderContactsHoursBefore: number;
}

function vehicleOf(ride: ManifestRideRow): RideManifest['vehicle'] {
  if (ride.vendorId === null) return null;
  const driver = ride.vendorDriverDetails;
  return {
    carNumber: driver?.carNumber ?? null,
    seats: ride.vendorVehicleSeats,
    companyName: ride.vendorCompanyName,
    driverName: driver?.name ?? null,
    driverContact: driver?.contact ?? null,
  };
}

/**
 * The entries in route order (docs/product.md#route-order), riders at one place together under one
 * stop number (docs/product.md#same-stop). While the order is open, entries without a number follow
 * the numbered ones in joining order; in a locked order a late joiner not placed yet comes last,
 * unnumbered (docs/product.md#late-joiners).
 */
function routeStops(
  entries: readonly PassengerEntry[],
  locked: boolean,
): { entry: PassengerEntry; stop: number | null }[] {
  const shown = locked ? entries : renumberSequence(entries);
  const numbers = stopNumbers(shown);
  const listed = sortBySequence(shown).map((entry, index) => ({ entry, index, stop: numbers.get(entry.id) ?? null }));
  return listed
    .sort((a, b) => (a.stop ?? Infinity) - (b.stop ?? Infinity) || a.index - b.index)
    .map(({ entry, stop }) => ({ entry, stop }));
}

/**
 * The manifest of a ride for `reader`: 404 for no such ride, 403 for anyone but the organiser and
 * the approved assigned vendor. Stops follow the ride's route order ({@link routeStops}), after the
 * pick-up point.
 */
export async function readManifest(db: Db, rideId: number, reader: ManifestReader): Promise<RideManifest> {
  const [ride, read] = await Promise.all([findManifestRide(db, rideId), readPassengerEntries(db, rideId)]);
  if (!ride || !read) throw notFound('ride');
  const entries = read.entries;
  const role = rideRole({
    viewerId: reader.id,
    creatorId: ride.creatorId,
    vendorId: ride.vendorId,
    viewerIsPassenger: entries.some((entry) => entry.userId === reader.id),
  });
  assertCanReadManifest(role, reader);
  const contactsVisible = viewerSeesPassengerNumbers(read.ride, entries, {
    id: reader.id,
    vendorStatus: reader.vendorStatus,
    now: reader.now,
    contactsHoursBefore: reader.contactsHoursBefore,
    riderContactsHoursBefore: reader.riderContactsHoursBefore,
  });
  const stops: ManifestStop[] = routeStops(entries, ride.sequenceLocked).map(({ entry, stop }) => ({
    stop,
    passengerId: entry.id,
    name: passengerDisplayName(entry.user),
    passengerCount: entry.passengerCount,
    location: entry.dropoffLocation,
    coordinates: entry.coordinates,
    isOrganiser: entry.userId === ride.creatorId,
    whatsappNumber: contactsVisible ? (entry.user?.whatsappNumber ?? null) : null,
    malaysianNumber: contactsVisible ? (entry.user?.malaysianNumber ?? null) : null,
  }));
  const totalPassengers = entries.reduce((sum, entry) => sum + entry.passengerCount, 0);
  return {
    rideId: ride.id,
    direction: ride.direction,
    date: ride.date.toISOString(),
    pickupLocation: ride.pickupLocation,
    stops,
    totalPassengers,
    vehicle: vehicleOf(ride),
    // The assigned vendor sees the organiser's numbers at once, to arrange the trip.
    organiser: {
      name: organizerName({ name: ride.organiserName, discordUsername: ride.organiserDiscordUsername }),
      whatsappNumber: ride.organiserWhatsappNumber,
      malaysianNumber: ride.organiserMalaysianNumber,
    },
    contactsVisible,
    contactsVisibleFrom: contactsWindowOpensAt(ride.date, reader.contactsHoursBefore).toISOString(),
    note: groupQrCodeNote(totalPassengers),
  };
}
