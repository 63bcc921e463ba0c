import type { RideParty } from './contacts';
import type { DropoffLocation } from './direction';
import type { DriverDetails } from './schemas';
import { displayName } from './names';
import { routeStops, type PlacedEntry, type RouteStop } from './stops';
import { firstFilled } from './text';

/**
 * What a ride shows depends on who reads it (docs/product.md#roles): a signed-in member sees the organiser's
 * Discord username and contacts and every passenger's location; a visitor who is not signed in
 * ('public') browses rides without learning who anybody is on Discord or where they live.
 * Every read of a ride (lists, detail, cached answers) goes through these rules, so the two
 * audiences can never be told apart by which path they used.
 */
export const RIDE_AUDIENCES = ['public', 'member'] as const;
export type RideAudience = (typeof RIDE_AUDIENCES)[number];

/**
 * The audience of a caller: 'member' when signed in, 'public' otherwise.
 *
 * @example audienceOf(null) // 'public'
 */
export function audienceOf(viewer: object | null | undefined): RideAudience {
  return viewer ? 'member' : 'public';
}

/** The organiser fields these rules read. */
export type CreatorIdentity = { name?: string | null; discordUsername?: string | null };

/**
 * The organiser's name as a ride carries it (`creatorName`): members get the name, else the
 * Discord username; the public gets the name only. Null when there is nothing to show (the web
 * then reads 'Unknown Organizer').
 *
 * @example visibleCreatorName({ name: null, discordUsername: 'alice#1' }, 'public') // null
 * @example visibleCreatorName({ name: null, discordUsername: 'alice#1' }, 'member') // 'alice#1'
 */
export function visibleCreatorName(creator: CreatorIdentity | null | undefined, audience: RideAudience): string | null {
  const name = audience === 'member' ? displayName(creator) : firstFilled(creator?.name);
  return name ?? null;
}

/** The organiser as a ride's detail carries it (`creator`). */
export type RideCreatorContacts = {
  name: string | null;
  discordUsername: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
};

/**
 * Phone numbers, Revolut and the driver card of a ride are for its party only: the organiser,
 * its passengers and its assigned vendor; never for other members or the public.
 *
 * @example seesRideContacts({ viewerId: 7, creatorId: 3, vendorId: null, viewerIsPassenger: false }) // false
 */
export function seesRideContacts(party: RideParty): boolean {
  const { viewerId } = party;
  if (viewerId == null) return false;
  return viewerId === party.creatorId || viewerId === party.vendorId || party.viewerIsPassenger;
}

/**
 * The organiser's details a ride's detail shows: the public gets the name only (no Discord
 * username, no numbers); members also get the Discord username; the numbers only when
 * `seesContacts` (the ride's party, see {@link seesRideContacts}).
 *
 * @example visibleCreator({ id: 3, name: 'Alice', discordUsername: 'alice#1', whatsappNumber: '+65…',
 *   malaysianNumber: null }, 'public', false)
 *   // { id: 3, name: 'Alice', discordUsername: null, whatsappNumber: null, malaysianNumber: null }
 */
export function visibleCreator<T extends RideCreatorContacts>(
  creator: T,
  audience: RideAudience,
  seesContacts: boolean,
): T {
  if (audience === 'member' && seesContacts) return creator;
  const withoutNumbers = { ...creator, whatsappNumber: null, malaysianNumber: null };
  return audience === 'member' ? withoutNumbers : { ...withoutNumbers, discordUsername: null };
}

/** A passenger's contact fields (docs/product.md#ride-passenger). */
export type PassengerContacts = {
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  revolutUsername: string | null;
};

/**
 * A passenger's numbers and Revolut, for the ride's party only; others get null in each field
 * (names, Discord and locations keep their own rules).
 *
 * @example visiblePassengerContacts({ name: 'Bo', whatsappNumber: '+65…', malaysianNumber: null,
 *   revolutUsername: 'bo' }, false) // { name: 'Bo', whatsappNumber: null, malaysianNumber: null, revolutUsername: null }
 */
export function visiblePassengerContacts<T extends PassengerContacts>(user: T, seesContacts: boolean): T {
  if (seesContacts) return user;
  return { ...user, whatsappNumber: null, malaysianNumber: null, revolutUsername: null };
}

/** The driver card of a ride (`driver` on GET /api/rides/:id); the field names are a contract. */
export type DriverCard = {
  companyName: string | null;
  driverName: string | null;
  driverContact: string | null;
  carNumber: string | null;
};

/** The assigned vendor's stored details, as the driver card reads them. */
export type VendorDetails = { companyName: string | null; driverDetails: Partial<DriverDetails> | null };

/**
 * The driver card a ride shows: null unless a vendor is assigned and the viewer is of the ride's
 * party (organiser, passenger, or the assigned vendor itself).
 *
 * @example visibleDriver({ companyName: 'Acme', driverDetails: { name: 'Tan', contact: '+65…',
 *   carNumber: 'SGX1' } }, true)
 *   // { companyName: 'Acme', driverName: 'Tan', driverContact: '+65…', carNumber: 'SGX1' }
 */
export function visibleDriver(vendor: VendorDetails | null, seesContacts: boolean): DriverCard | null {
  if (!vendor || !seesContacts) return null;
  const details = vendor.driverDetails ?? {};
  return {
    companyName: vendor.companyName,
    driverName: details.name ?? null,
    driverContact: details.contact ?? null,
    carNumber: details.carNumber ?? null,
  };
}

/** The ride fields the drop-off rule reads. */
export type DropoffRide<T extends DropoffLocation> = {
  direction: string;
  pickupLocation: string;
  dropoffLocations: readonly T[];
};

/**
 * The passenger locations a ride carries (`dropoffLocations`: every passenger group's free text,
 * the organiser's first). Members get them all. The public gets no passenger's text beyond what
 * the ride already shows as its pickup:
 * - SG->FC: only the organiser's entry, the pick-up point (kept only when it is the ride's pickup
 *   location, as the organiser's entry always is; a ride without one shows none);
 * - FC->SG: none; the organiser's own drop-off is a passenger's address like any other.
 *
 * @example visibleDropoffLocations({ direction: 'SG->FC', pickupLocation: 'Pasir Ris MRT',
 *   dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 },
 *   { location: 'Blk 123 #04-56', passengerCount: 1 }] }, 'public')
 *   // [{ location: 'Pasir Ris MRT', passengerCount: 2 }]
 */
export function visibleDropoffLocations<T extends DropoffLocation>(ride: DropoffRide<T>, audience: RideAudience): T[] {
  if (audience === 'member') return [...ride.dropoffLocations];
  if (ride.direction !== 'SG->FC') return [];
  const organizer = ride.dropoffLocations[0];
  return organizer && organizer.location === ride.pickupLocation ? [organizer] : [];
}

/**
 * A ride's stops in route order (`routeStops`, domain {@link routeStops}): every stop is a
 * passenger's place, so only members get them (the audience that gets every entry of
 * `dropoffLocations`); the public gets null, no more than {@link visibleDropoffLocations} gives it.
 *
 * @example visibleRouteStops([{ id: 1, dropoffSequence: null, dropoffLocation: 'Bedok', passengerCount: 2 }], 'public')
 *   // null
 */
export function visibleRouteStops(
  entries: readonly (PlacedEntry & { passengerCount: number })[],
  audience: RideAudience,
): RouteStop[] | null {
  return audience === 'member' ? routeStops(entries) : null;
}
