/**
 * Generates a data set straight into a freshly migrated database with Kysely (no HTTP, no
 * procedures: thousands of rides in a few seconds). The mix is meant to look like a community that
 * has used the app for months: both directions, rides behind and ahead of today, a few busy
 * organisers and many occasional ones, vendors holding some rides, about three passenger entries a
 * ride (the organiser's own included), stop numbers on some FC->SG rides. Derived ride fields
 * (currentPassengers, additionalStops, dropoffLocations) come from the same domain function the API
 * uses, so every row is one the API itself could have written.
 *
 * Besides the data set it prepares what the load scenarios need: a sample ride (ahead, three
 * entries or more) for the detail reads and the browser, one fresh "hot" ride per join-contention
 * round (10 seats, the organiser holding 1), and the users that will sign in during the run.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';

import type { Database } from '@rideshare/db';
import {
  deriveRideFields,
  FOREST_CITY_PICKUP,
  type Direction,
  type RideEntry,
  type RideStatus,
} from '@rideshare/domain';
import { sql, type Insertable, type Kysely } from 'kysely';

import { FIRST_NAMES, LAST_NAMES, SG_PLACES } from './data-names';
import { Random } from './random';

/** argon2id cost of every generated account: the server's defaults (OWASP minimum profile). */
export const ARGON2_COST = { memoryKiB: 19_456, timeCost: 2, parallelism: 1 } as const;
export const BENCH_PASSWORD = 'bench-password-123';
const DAY_MS = 24 * 60 * 60 * 1000;
const HOT_RIDE_SEATS = 10;

export interface DataSetPlan {
  rides: number;
  /** Hot rides for the join-contention rounds (one per round). */
  hotRides: number;
  /** Users that sign in and join the hot rides (none of them organises or joins anything else). */
  joinUsers: number;
  seed?: number;
  now?: Date;
}

export interface DataSet {
  rides: number;
  users: number;
  passengerEntries: number;
  futureRides: number;
  sampleRideId: number;
  hotRideIds: number[];
  hotRideFreeSeats: number;
  joinUsernames: string[];
  readerUsername: string;
  password: string;
  generateMs: number;
}

/** Hashes the bench password once with the argon2 module the server itself loads. */
export async function benchPasswordHash(repoRoot: string): Promise<string> {
  // Resolved from apps/api so the hash comes from exactly the argon2 build and version the server
  // verifies with; the bench package does not carry a second copy.
  const require = createRequire(join(repoRoot, 'apps', 'api', 'package.json'));
  const argon2 = require('argon2') as {
    argon2id: number;
    hash(
      password: string,
      options: { type: number; memoryCost: number; timeCost: number; parallelism: number },
    ): Promise<string>;
  };
  return argon2.hash(BENCH_PASSWORD, {
    type: argon2.argon2id,
    memoryCost: ARGON2_COST.memoryKiB,
    timeCost: ARGON2_COST.timeCost,
    parallelism: ARGON2_COST.parallelism,
  });
}

interface PlannedEntry extends RideEntry {
  rideId: number;
}

/** A departure time in Singapore (UTC+8) between 06:00 and 21:45, on the quarter hour. */
function departure(random: Random, now: Date, dayOffset: number): Date {
  const day = new Date(now.getTime() + dayOffset * DAY_MS);
  const sgMidnightUtc = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()) - 8 * 60 * 60 * 1000;
  const minutes = random.int(6 * 4, 21 * 4 + 3) * 15;
  return new Date(sgMidnightUtc + minutes * 60 * 1000);
}

async function insertInBatches<T extends Extract<keyof Database, string>>(
  db: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  batchSize: number,
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    // Kysely's insert type for a generic table name is too wide to express; rows are typed above.
    await db.insertInto(table).values(batch).execute();
  }
}

/** Fills an empty, migrated database. */
export async function generateDataSet(db: Kysely<Database>, passwordHash: string, plan: DataSetPlan): Promise<DataSet> {
  const started = performance.now();
  const random = new Random(plan.seed ?? 20_261_121 + plan.rides);
  const now = plan.now ?? new Date();

  // --- users -------------------------------------------------------------------------------------
  const communitySize = Math.max(40, Math.round(plan.rides * 0.3));
  const vendorCount = Math.max(2, Math.round(communitySize * 0.04));
  const users: Insertable<Database['users']>[] = [];
  const members: number[] = [];
  const vendors: number[] = [];
  for (let i = 1; i <= communitySize; i += 1) {
    const isVendor = i > communitySize - vendorCount;
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    users.push({
      id: i,
      discordUsername: `${first.toLowerCase().replace(/\s/g, '')}_${last.toLowerCase()}${String(i)}`,
      passwordHash,
      // Some people never fill in a name: lists then show their Discord username.
      name: random.chance(0.1) ? null : `${first} ${last}`,
      whatsappNumber: random.chance(0.7) ? `+65 9${String(random.int(1_000_000, 9_999_999))}` : null,
      malaysianNumber: random.chance(0.3) ? `+60 1${String(random.int(10_000_000, 99_999_999))}` : null,
      revolutUsername: random.chance(0.4) ? `${first.toLowerCase().replace(/\s/g, '')}${String(i)}` : null,
      isVendor,
      // Bench vendors are approved, with a permit valid for decades and a van's seats.
      vendorStatus: isVendor ? 'approved' : null,
      permitCountry: isVendor ? (i % 2 === 0 ? 'SG' : 'MY') : null,
      permitNumber: isVendor ? `CBT-${String(i)}` : null,
      permitExpiresOn: isVendor ? '2099-12-31' : null,
      vehicleSeats: isVendor ? 13 : null,
      companyName: isVendor ? `${last} Transport Pte Ltd` : null,
      driverDetails: isVendor
        ? JSON.stringify({
            name: `${first} ${last}`,
            contact: `+65 8${String(random.int(1_000_000, 9_999_999))}`,
            carNumber: `SG${String(random.int(1000, 9999))}X`,
          })
        : null,
    });
    (isVendor ? vendors : members).push(i);
  }
  const joinUsernames: string[] = [];
  for (let j = 1; j <= plan.joinUsers; j += 1) {
    const id = communitySize + j;
    const discordUsername = `bench_join_${String(j).padStart(3, '0')}`;
    users.push({ id, discordUsername, passwordHash, name: `Join Tester ${String(j)}`, whatsappNumber: '+65 91234567' });
    joinUsernames.push(discordUsername);
  }
  const readerUsername = 'bench_reader';
  users.push({
    id: communitySize + plan.joinUsers + 1,
    discordUsername: readerUsername,
    passwordHash,
    name: 'Bench Reader',
  });

  await db
    .insertInto('driverContacts')
    .values(
      ['Ah Seng', 'Muthu', 'Rahim', 'Kelvin', 'Siew Ling'].map((name, index) => ({
        id: index + 1,
        name,
        whatsappNumber: `+65 9${String(1_000_000 + index * 7919)}`,
        malaysianNumber: index % 2 === 0 ? `+60 12${String(3_000_000 + index)}` : null,
        vehicleType: index % 2 === 0 ? '7-seater MPV' : '10-seater van',
        notes: null,
      })),
    )
    .execute();
  await insertInBatches(db, 'users', users, 500);

  // --- rides and their entries ------------------------------------------------------------------
  const rides: Insertable<Database['rides']>[] = [];
  const entries: PlannedEntry[] = [];
  let entryId = 0;
  let futureRides = 0;
  let sampleRideId = 0;
  // Busy organisers: squaring the roll skews picks towards the first members of the list.
  const organiserOf = () => members[Math.floor(members.length * random.next() ** 2)] ?? 1;

  const addRide = (ride: {
    id: number;
    direction: Direction;
    date: Date;
    creatorId: number;
    maxPassengers: number;
    status: RideStatus;
    vendorId: number | null;
    driverContactId: number | null;
    cost: number;
    rideEntries: PlannedEntry[];
    sequenceLocked: boolean;
    pickupLocation: string;
  }) => {
    const derived = deriveRideFields(ride.direction, ride.creatorId, ride.rideEntries);
    rides.push({
      id: ride.id,
      creatorId: ride.creatorId,
      direction: ride.direction,
      date: ride.date,
      maxPassengers: ride.maxPassengers,
      currentPassengers: derived.currentPassengers,
      pickupLocation: ride.pickupLocation,
      dropoffLocations: JSON.stringify(derived.dropoffLocations),
      status: ride.status,
      vendorId: ride.vendorId,
      driverContactId: ride.driverContactId,
      cost: ride.cost,
      additionalStops: derived.additionalStops,
      sequenceLocked: ride.sequenceLocked,
      createdAt: new Date(Math.min(ride.date.getTime(), now.getTime()) - random.int(1, 20) * DAY_MS),
    });
    entries.push(...ride.rideEntries);
  };

  for (let id = 1; id <= plan.rides; id += 1) {
    const direction: Direction = random.chance(0.5) ? 'SG->FC' : 'FC->SG';
    const date = random.chance(0.45)
      ? departure(random, now, -random.int(1, 240))
      : departure(random, now, random.int(1, 120));
    // Decided from the date itself: a departure early "tomorrow" in Singapore can still be behind us.
    const past = date.getTime() < now.getTime();
    if (!past) futureRides += 1;
    const creatorId = organiserOf();
    const maxPassengers = random.weighted([
      [4, 20],
      [5, 30],
      [6, 25],
      [7, 15],
      [8, 5],
      [10, 5],
    ] as const);
    const organiserLocation = random.pick(SG_PLACES);
    const rideEntries: PlannedEntry[] = [];
    const numbered = direction === 'FC->SG' && random.chance(0.5);
    const newEntry = (userId: number, location: string, passengerCount: number): PlannedEntry => {
      entryId += 1;
      return {
        id: entryId,
        rideId: id,
        userId,
        dropoffLocation: location,
        passengerCount,
        dropoffSequence: numbered ? rideEntries.length + 1 : null,
      };
    };
    rideEntries.push(newEntry(creatorId, organiserLocation, random.chance(0.8) ? 1 : 2));
    let seats = maxPassengers - (rideEntries[0]?.passengerCount ?? 1);
    const others = random.weighted([
      [0, 10],
      [1, 20],
      [2, 40],
      [3, 20],
      [4, 10],
    ] as const);
    const taken = new Set([creatorId]);
    for (let k = 0; k < others && seats > 0; k += 1) {
      const userId = random.pick(members);
      if (taken.has(userId)) continue;
      taken.add(userId);
      const count = seats >= 2 && random.chance(0.15) ? 2 : 1;
      seats -= count;
      // SG->FC passengers are picked up along the way; FC->SG passengers are dropped off.
      rideEntries.push(newEntry(userId, random.pick(SG_PLACES), count));
    }
    const status = past
      ? random.weighted([
          ['completed', 60],
          ['assigned', 30],
          ['open', 10],
        ] as const)
      : random.chance(0.25)
        ? 'assigned'
        : 'open';
    addRide({
      id,
      direction,
      date,
      creatorId,
      maxPassengers,
      status,
      vendorId: status === 'open' ? null : random.pick(vendors),
      driverContactId: random.chance(0.2) ? random.int(1, 5) : null,
      cost: random.chance(0.85) ? 80 : 75,
      rideEntries,
      sequenceLocked: numbered && random.chance(0.3),
      pickupLocation: direction === 'FC->SG' ? FOREST_CITY_PICKUP : organiserLocation,
    });
    if (sampleRideId === 0 && !past && direction === 'FC->SG' && rideEntries.length >= 3) sampleRideId = id;
  }

  // Hot rides: ahead, open, 10 seats with the organiser's 1 taken, so each round has 9 to fight over.
  const hotRideIds: number[] = [];
  for (let h = 0; h < plan.hotRides; h += 1) {
    const id = plan.rides + h + 1;
    const creatorId = members[h % members.length] ?? 1;
    entryId += 1;
    addRide({
      id,
      direction: 'SG->FC',
      date: departure(random, now, 30 + h),
      creatorId,
      maxPassengers: HOT_RIDE_SEATS,
      status: 'open',
      vendorId: null,
      driverContactId: null,
      cost: 80,
      rideEntries: [
        {
          id: entryId,
          rideId: id,
          userId: creatorId,
          dropoffLocation: 'Pasir Ris MRT',
          passengerCount: 1,
          dropoffSequence: null,
        },
      ],
      sequenceLocked: false,
      pickupLocation: 'Pasir Ris MRT',
    });
    hotRideIds.push(id);
  }
  if (sampleRideId === 0) throw new Error(`no ride ahead with three entries among ${String(plan.rides)} rides`);

  await insertInBatches(db, 'rides', rides, 1000);
  await insertInBatches(
    db,
    'ridePassengers',
    entries.map((entry) => ({
      id: entry.id,
      rideId: entry.rideId,
      userId: entry.userId,
      dropoffLocation: entry.dropoffLocation,
      dropoffSequence: entry.dropoffSequence,
      passengerCount: entry.passengerCount,
    })),
    2000,
  );
  // Explicit ids were inserted: move each id sequence past them, as if the rows had used it.
  for (const table of ['users', 'rides', 'ride_passengers', 'driver_contacts']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db,
    );
  }
  // A database in service has been vacuumed and analysed by autovacuum (statistics for the planner,
  // a visibility map for index-only scans); a freshly loaded one has neither yet.
  await sql`vacuum analyze`.execute(db);

  return {
    rides: plan.rides,
    users: users.length,
    passengerEntries: entries.length,
    futureRides,
    sampleRideId,
    hotRideIds,
    hotRideFreeSeats: HOT_RIDE_SEATS - 1,
    joinUsernames,
    readerUsername,
    password: BENCH_PASSWORD,
    generateMs: performance.now() - started,
  };
}
