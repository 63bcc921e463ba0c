import type { DropoffLocation } from './direction';
import { firstFilled } from './text';

/**
 * What a ride shows depends on who reads it (SPEC §6): a signed-in member sees the organiser's
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
  const name =
    audience === 'member' ? firstFilled(creator?.name, creator?.discordUsername) : firstFilled(creator?.name);
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
 * The organiser's details a ride's detail shows: members get everything; the public the name only
 * (no Discord username, no numbers).
 *
 * @example visibleCreator({ id: 3, name: 'Alice', discordUsername: 'alice#1', whatsappNumber: '+65…',
 *   malaysianNumber: null }, 'public')
 *   // { id: 3, name: 'Alice', discordUsername: null, whatsappNumber: null, malaysianNumber: null }
 */
export function visibleCreator<T extends RideCreatorContacts>(creator: T, audience: RideAudience): T {
  if (audience === 'member') return creator;
  return { ...creator, discordUsername: null, whatsappNumber: null, malaysianNumber: null };
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
