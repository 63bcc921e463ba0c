import type { Database, Db } from '@rideshare/db';
import {
  coordinatesOf,
  rideRole,
  seesOrganiserNumbers,
  seesPassengerNumbers,
  seesPassengerRevolut,
  visiblePassengerContacts,
  type ContactSharing,
  type RideEntry,
  type VendorStatus,
} from '@rideshare/domain';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { passengerEntryOutput } from '../routers/passenger.outputs';

/** A passenger as the passengers list shows them (numbers and Revolut are for the ride's party only). */
export type PassengerUser = NonNullable<PassengerEntry['user']>;

/** One passenger entry of a ride with its user (docs/product.md#ride-passenger). */
export type PassengerEntry = z.output<typeof passengerEntryOutput>;

const entryColumns = [
  'rp.id as entryId',
  'rp.rideId as entryRideId',
  'rp.userId as entryUserId',
  'rp.dropoffLocation',
  'rp.dropoffSequence',
  'rp.passengerCount',
  'rp.latitude',
  'rp.longitude',
  'u.id as uId',
  'u.name as uName',
  'u.discordUsername as uDiscordUsername',
  'u.discordVerified as uDiscordVerified',
  'u.whatsappNumber as uWhatsappNumber',
  'u.malaysianNumber as uMalaysianNumber',
  'u.revolutUsername as uRevolutUsername',
] as const;

interface EntryRow {
  entryId: number;
  entryRideId: number;
  entryUserId: number;
  dropoffLocation: string;
  dropoffSequence: number | null;
  passengerCount: number;
  latitude: number | null;
  longitude: number | null;
  uId: number | null;
  uName: string | null;
  uDiscordUsername: string | null;
  uDiscordVerified: boolean | null;
  uWhatsappNumber: string | null;
  uMalaysianNumber: string | null;
  uRevolutUsername: string | null;
}

function toPassengerEntry(row: EntryRow): PassengerEntry {
  return {
    id: row.entryId,
    rideId: row.entryRideId,
    userId: row.entryUserId,
    dropoffLocation: row.dropoffLocation,
    dropoffSequence: row.dropoffSequence,
    passengerCount: row.passengerCount,
    coordinates: coordinatesOf(row),
    user:
      row.uId !== null && row.uDiscordUsername !== null
        ? {
            id: row.uId,
            name: row.uName,
            fullName: row.uName,
            discordUsername: row.uDiscordUsername,
            discordVerified: row.uDiscordVerified === true,
            whatsappNumber: row.uWhatsappNumber,
            malaysianNumber: row.uMalaysianNumber,
            revolutUsername: row.uRevolutUsername,
          }
        : null,
  };
}

/** The ride fields the contact rules read. */
export interface EntriesRide {
  creatorId: number;
  vendorId: number | null;
  date: Date;
  /** The organiser's choice of who sees their numbers. */
  creatorSharing: ContactSharing;
}

/** A ride's entry rows with its organiser and vendor, in drop-off order; null for no such ride. */
export async function readPassengerEntries(
  db: Db,
  rideId: number,
): Promise<{ ride: EntriesRide; entries: PassengerEntry[] } | null> {
  const rows = await db
    .selectFrom('rides as r')
    .leftJoin('ridePassengers as rp', 'rp.rideId', 'r.id')
    .leftJoin('users as u', 'u.id', 'rp.userId')
    .leftJoin('users as c', 'c.id', 'r.creatorId')
    .select([
      ...entryColumns,
      'r.creatorId as rideCreatorId',
      'r.vendorId as rideVendorId',
      'r.date as rideDate',
      'c.shareContactsWith as creatorSharing',
    ])
    .where('r.id', '=', rideId)
    .orderBy(sql`rp.dropoff_sequence asc nulls last`)
    .orderBy('rp.id', 'asc')
    .execute();
  const first = rows[0];
  if (!first) return null;
  const entries: PassengerEntry[] = [];
  for (const row of rows) {
    // The left join yields one all-null entry row for a ride without entries.
    if (row.entryId === null || row.entryRideId === null || row.entryUserId === null) continue;
    if (row.dropoffLocation === null || row.passengerCount === null) continue;
    entries.push(
      toPassengerEntry({
        ...row,
        entryId: row.entryId,
        entryRideId: row.entryRideId,
        entryUserId: row.entryUserId,
        dropoffLocation: row.dropoffLocation,
        passengerCount: row.passengerCount,
      }),
    );
  }
  const ride: EntriesRide = {
    creatorId: first.rideCreatorId,
    vendorId: first.rideVendorId,
    date: first.rideDate,
    creatorSharing: first.creatorSharing ?? 'members',
  };
  return { ride, entries };
}

/**
 * A ride's entries with their users and every contact, in drop-off order (stop number, unnumbered
 * last, then id), in one query, for the write steps. Starting from the ride tells "no such ride"
 * (null) from "nobody on it" ([]).
 */
export async function listPassengerEntries(db: Db, rideId: number): Promise<PassengerEntry[] | null> {
  const read = await readPassengerEntries(db, rideId);
  return read ? read.entries : null;
}

/** Who reads a ride's entries, and the clock of the vendor's contacts window. */
export interface EntriesViewer {
  id: number;
  vendorStatus: VendorStatus | null;
  now: Date;
  /** VENDOR_CONTACTS_HOURS_BEFORE. */
  contactsHoursBefore: number;
  /** RIDER_CONTACTS_HOURS_BEFORE. */
  riderContactsHoursBefore: number;
}

function viewerRole(ride: EntriesRide, entries: readonly { userId: number }[], viewer: EntriesViewer) {
  return rideRole({
    viewerId: viewer.id,
    creatorId: ride.creatorId,
    vendorId: ride.vendorId,
    viewerIsPassenger: entries.some((entry) => entry.userId === viewer.id),
  });
}

/**
 * Whether `viewer` sees the passengers' numbers of a ride whose entries are `entries` (domain
 * `seesPassengerNumbers`): the organiser always, passengers inside the riders' window, the approved
 * assigned vendor inside the vendor's window.
 */
export function viewerSeesPassengerNumbers(
  ride: EntriesRide,
  entries: readonly { userId: number }[],
  viewer: EntriesViewer,
): boolean {
  return seesPassengerNumbers(viewerRole(ride, entries, viewer), viewer.vendorStatus, {
    departure: ride.date,
    now: viewer.now,
    hoursBefore: viewer.contactsHoursBefore,
    riderHoursBefore: viewer.riderContactsHoursBefore,
  });
}

/**
 * A ride's entries as `viewer` may see them (one query; docs/vendors.md#contacts): names, group
 * sizes and stops for every member; the passengers' numbers by the contacts windows (domain
 * `seesPassengerNumbers`), their Revolut to the organiser only (domain `seesPassengerRevolut`), null
 * otherwise. The organiser's own entry shows their WhatsApp and Malaysian numbers as the ride's
 * organiser card does (domain `seesOrganiserNumbers`). Everyone reads their own entry whole.
 */
export async function listPassengerEntriesFor(
  db: Db,
  rideId: number,
  viewer: EntriesViewer,
): Promise<PassengerEntry[] | null> {
  const read = await readPassengerEntries(db, rideId);
  if (!read) return null;
  const role = viewerRole(read.ride, read.entries, viewer);
  const seesNumbers = viewerSeesPassengerNumbers(read.ride, read.entries, viewer);
  const seesOrganiser = seesOrganiserNumbers(role, viewer.vendorStatus, read.ride.creatorSharing);
  const seesRevolut = seesPassengerRevolut(role);
  return read.entries.map((entry) => {
    if (!entry.user || entry.userId === viewer.id) return entry;
    const isOrganiser = entry.userId === read.ride.creatorId;
    const numbers = isOrganiser ? seesOrganiser || seesNumbers : seesNumbers;
    const user = visiblePassengerContacts(entry.user, numbers);
    return { ...entry, user: { ...user, revolutUsername: seesRevolut ? entry.user.revolutUsername : null } };
  });
}

/** One entry with its user (used to answer a join). */
export async function findPassengerEntry(db: Db, id: number): Promise<PassengerEntry | null> {
  const row = await db
    .selectFrom('ridePassengers as rp')
    .leftJoin('users as u', 'u.id', 'rp.userId')
    .select(entryColumns)
    .where('rp.id', '=', id)
    .executeTakeFirst();
  return row ? toPassengerEntry(row) : null;
}

/** A ride's entries as the write rules need them; call after locking the ride. */
export async function listRideEntries(trx: Transaction<Database>, rideId: number): Promise<RideEntry[]> {
  const rows = await trx
    .selectFrom('ridePassengers')
    .select(['id', 'userId', 'dropoffLocation', 'dropoffSequence', 'passengerCount', 'latitude', 'longitude'])
    .where('rideId', '=', rideId)
    .orderBy('id', 'asc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    dropoffLocation: row.dropoffLocation,
    dropoffSequence: row.dropoffSequence,
    passengerCount: row.passengerCount,
    latitude: row.latitude,
    longitude: row.longitude,
  }));
}

export interface NewPassenger {
  rideId: number;
  userId: number;
  dropoffLocation: string;
  passengerCount: number;
  dropoffSequence: number | null;
  latitude?: number | null;
  longitude?: number | null;
}

export async function insertPassenger(trx: Transaction<Database>, passenger: NewPassenger): Promise<number> {
  const row = await trx.insertInto('ridePassengers').values(passenger).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePassengerEntry(
  trx: Transaction<Database>,
  id: number,
  changes: { dropoffLocation: string; passengerCount: number; dropoffSequence?: number | null },
): Promise<void> {
  await trx.updateTable('ridePassengers').set(changes).where('id', '=', id).execute();
}

export async function deletePassenger(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('ridePassengers').where('id', '=', id).execute();
}

/** Writes many stop numbers of one ride in a single statement. */
export async function updatePassengerSequences(
  trx: Transaction<Database>,
  rideId: number,
  sequences: readonly { id: number; dropoffSequence: number | null }[],
): Promise<void> {
  if (sequences.length === 0) return;
  const values = sql.join(sequences.map((s) => sql`(${s.id}::int, ${s.dropoffSequence}::int)`));
  await sql`
    update ride_passengers as rp
    set dropoff_sequence = v.seq
    from (values ${values}) as v(id, seq)
    where rp.id = v.id and rp.ride_id = ${rideId}`.execute(trx);
}
