import type { Database } from '@rideshare/db';
import {
  deriveRideFields,
  type ContactSharing,
  type Direction,
  type DriverDetails,
  type Permit,
  type RideStatus,
  type VendorStatus,
} from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { hashPassword } from '../src/auth/password';

export const DEFAULT_PASSWORD = 'correct-horse-battery';

let cachedHash: Promise<string> | null = null;
/** One hash for the default password, computed once per file (argon2 is deliberately slow). */
function defaultHash(): Promise<string> {
  cachedHash ??= hashPassword(DEFAULT_PASSWORD, { memoryCost: 1024, timeCost: 1 });
  return cachedHash;
}

let counter = 0;

export interface UserOverrides {
  discordUsername?: string;
  password?: string;
  name?: string | null;
  whatsappNumber?: string | null;
  malaysianNumber?: string | null;
  revolutUsername?: string | null;
  isVendor?: boolean;
  /** Administrator rights, as the `admin:grant` script would set them. */
  isAdmin?: boolean;
  companyName?: string | null;
  driverDetails?: DriverDetails | null;
  /** A vendor's status; vendors default to approved (an administrator's act done beforehand). */
  vendorStatus?: VendorStatus;
  vendorStatusReason?: string | null;
  /** A vendor's permit; default {@link TEST_PERMIT}; null for none. */
  permit?: Permit | null;
  /** A vendor's vehicle seats; default 13; null for none. */
  vehicleSeats?: number | null;
  /** Who sees the member's numbers on rides they organise; default 'members'. */
  shareContactsWith?: ContactSharing;
}

/** The permit factory vendors hold unless told otherwise: Singapore-issued, valid for decades. */
export const TEST_PERMIT: Permit = { country: 'SG', number: 'CBT-TEST-1', expiresOn: '2099-12-31' };

export interface TestUser {
  id: number;
  discordUsername: string;
  password: string;
  isVendor: boolean;
  name: string | null;
  vendorStatus: VendorStatus | null;
  vendorStatusReason: string | null;
}

export async function createUser(db: Kysely<Database>, overrides: UserOverrides = {}): Promise<TestUser> {
  counter += 1;
  const discordUsername = overrides.discordUsername ?? `user${String(counter)}_${String(Date.now() % 100000)}`;
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const passwordHash =
    password === DEFAULT_PASSWORD
      ? await defaultHash()
      : await hashPassword(password, { memoryCost: 1024, timeCost: 1 });
  const isVendor = overrides.isVendor ?? false;
  const vendorStatus = isVendor ? (overrides.vendorStatus ?? 'approved') : null;
  const permit = isVendor ? (overrides.permit === undefined ? TEST_PERMIT : overrides.permit) : null;
  const row = await db
    .insertInto('users')
    .values({
      discordUsername,
      passwordHash,
      name: overrides.name === undefined ? `Name ${discordUsername}` : overrides.name,
      whatsappNumber: overrides.whatsappNumber ?? null,
      malaysianNumber: overrides.malaysianNumber ?? null,
      revolutUsername: overrides.revolutUsername ?? null,
      isVendor,
      isAdmin: overrides.isAdmin ?? false,
      ...(overrides.shareContactsWith ? { shareContactsWith: overrides.shareContactsWith } : {}),
      companyName: overrides.companyName ?? (isVendor ? 'Test Transport Co' : null),
      driverDetails: JSON.stringify(
        overrides.driverDetails ??
          (isVendor ? { name: 'Driver D', contact: '+6591234567', carNumber: 'SGX1234A' } : null),
      ),
      vendorStatus,
      vendorStatusReason: overrides.vendorStatusReason ?? null,
      vendorStatusChangedAt: vendorStatus ? new Date() : null,
      permitCountry: permit?.country ?? null,
      permitNumber: permit?.number ?? null,
      permitExpiresOn: permit?.expiresOn ?? null,
      vehicleSeats: isVendor ? (overrides.vehicleSeats === undefined ? 13 : overrides.vehicleSeats) : null,
    })
    .returning(['id', 'name', 'vendorStatus', 'vendorStatusReason'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    discordUsername,
    password,
    isVendor,
    name: row.name,
    vendorStatus: row.vendorStatus,
    vendorStatusReason: row.vendorStatusReason,
  };
}

export function createVendor(db: Kysely<Database>, overrides: UserOverrides = {}): Promise<TestUser> {
  return createUser(db, { ...overrides, isVendor: true });
}

export interface RideOverrides {
  direction?: Direction;
  /** Default: three days from now. Past dates are allowed (direct insert, no rules applied). */
  date?: Date | string;
  maxPassengers?: number;
  /** The organiser's location (pick-up for SG->FC, first drop-off for FC->SG). */
  organizerLocation?: string;
  organizerCount?: number;
  organizerSequence?: number | null;
  /** false: a ride without the organiser's entry (as rides from before entries existed). */
  withOrganizerEntry?: boolean;
  /** 'cancelled' also stores a reason ({@link RideOverrides.cancelReason}) and the time, as the database requires. */
  status?: RideStatus;
  /** The reason of a cancelled ride; default 'Plans changed'. */
  cancelReason?: string;
  vendorId?: number | null;
  sequenceLocked?: boolean;
  cost?: number;
}

export interface TestRide {
  id: number;
  creatorId: number;
  direction: Direction;
  organizerEntryId: number | null;
}

const DAY_MS = 86_400_000;

/** Recomputes a ride's derived fields from its entries, as the procedures do. */
export async function refreshDerivedFields(db: Kysely<Database>, rideId: number): Promise<void> {
  const ride = await db
    .selectFrom('rides')
    .select(['creatorId', 'direction'])
    .where('id', '=', rideId)
    .executeTakeFirstOrThrow();
  const entries = await db
    .selectFrom('ridePassengers')
    .select(['id', 'userId', 'dropoffLocation', 'dropoffSequence', 'passengerCount', 'latitude', 'longitude'])
    .where('rideId', '=', rideId)
    .execute();
  const derived = deriveRideFields(ride.direction, ride.creatorId, entries);
  await db
    .updateTable('rides')
    .set({ ...derived, dropoffLocations: JSON.stringify(derived.dropoffLocations) })
    .where('id', '=', rideId)
    .execute();
}

/** Inserts a ride (and its organiser's entry) directly, so tests can also make past or odd rides. */
export async function createRide(
  db: Kysely<Database>,
  creator: { id: number },
  overrides: RideOverrides = {},
): Promise<TestRide> {
  const direction = overrides.direction ?? 'SG->FC';
  const organizerLocation = overrides.organizerLocation ?? (direction === 'SG->FC' ? 'Pasir Ris MRT' : 'Tampines Mall');
  const row = await db
    .insertInto('rides')
    .values({
      creatorId: creator.id,
      direction,
      date: overrides.date ?? new Date(Date.now() + 3 * DAY_MS),
      maxPassengers: overrides.maxPassengers ?? 4,
      pickupLocation: direction === 'SG->FC' ? organizerLocation : 'Forest City',
      dropoffLocations: '[]',
      status: overrides.status ?? 'open',
      vendorId: overrides.vendorId ?? null,
      driverContactId: null,
      sequenceLocked: overrides.sequenceLocked ?? false,
      ...(overrides.status === 'cancelled'
        ? { cancelReason: overrides.cancelReason ?? 'Plans changed', cancelledAt: new Date() }
        : {}),
      ...(overrides.cost === undefined ? {} : { cost: overrides.cost }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let organizerEntryId: number | null = null;
  if (overrides.withOrganizerEntry !== false) {
    const entry = await db
      .insertInto('ridePassengers')
      .values({
        rideId: row.id,
        userId: creator.id,
        dropoffLocation: organizerLocation,
        passengerCount: overrides.organizerCount ?? 1,
        dropoffSequence: overrides.organizerSequence ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    organizerEntryId = entry.id;
  }
  await refreshDerivedFields(db, row.id);
  return { id: row.id, creatorId: creator.id, direction, organizerEntryId };
}

export interface PassengerOverrides {
  location?: string;
  count?: number;
  sequence?: number | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** Adds a passenger entry directly (no rules) and recomputes the ride's derived fields. */
export async function addPassenger(
  db: Kysely<Database>,
  ride: { id: number },
  user: { id: number },
  overrides: PassengerOverrides = {},
): Promise<{ id: number }> {
  const row = await db
    .insertInto('ridePassengers')
    .values({
      rideId: ride.id,
      userId: user.id,
      dropoffLocation: overrides.location ?? `Stop of user ${String(user.id)}`,
      passengerCount: overrides.count ?? 1,
      dropoffSequence: overrides.sequence ?? null,
      latitude: overrides.latitude ?? null,
      longitude: overrides.longitude ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await refreshDerivedFields(db, ride.id);
  return { id: row.id };
}

/** Several plain members at once (for the concurrency tests). */
export async function createUsers(db: Kysely<Database>, count: number): Promise<TestUser[]> {
  const users: TestUser[] = [];
  for (let i = 0; i < count; i += 1) users.push(await createUser(db));
  return users;
}
