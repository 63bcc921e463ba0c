/**
 * Adds demo data for trying the app: four members (one of them a vendor) and three future rides in
 * both directions with passengers, one of them taken by the vendor. Everything goes through the
 * procedures in-process (`createCaller`), so the demo data obeys every rule real data does.
 * Additive and repeatable: it never deletes or changes anything; a demo user who already exists is
 * reused, and rides are only created for organisers created in this run.
 *
 *   pnpm --filter @rideshare/api db:seed                 (embedded database in DATA_DIR)
 *   DATABASE_URL=postgres://… pnpm --filter @rideshare/api db:seed
 *   SEED_PASSWORD=…  sets the demo users' password (default 'rideshare-demo', at least 8 characters)
 *
 * Refuses to run with NODE_ENV=production: demo accounts with a known password do not belong there.
 * Exit codes: 0 done, 1 failed, 2 bad configuration, 3 the embedded database is in use (stop the server).
 */
import { buildRidePayload, isDomainError, toSingaporeInputValue, type Direction, type Permit } from '@rideshare/domain';
import { migrateToLatest, type Database } from '@rideshare/db';
import { TRPCError } from '@trpc/server';
import type { Kysely } from 'kysely';

import type { Env } from '../src/env';
import { findAuthUserById, findUserIdentityByUsername } from '../src/repositories/user-repository';
import { createCaller } from '../src/routers/app-router';
import { decideVendorApplication } from '../src/services/vendor-approval-service';
import { createContextInner, type SessionControl } from '../src/trpc/context';
import {
  EXIT,
  isEntryPoint,
  loadScriptEnv,
  openScriptDatabase,
  processIo,
  runCli,
  type ScriptEnv,
  type ScriptIo,
} from './lib/cli';

const DEFAULT_SEED_PASSWORD = 'rideshare-demo';

interface DemoUser {
  discordUsername: string;
  name: string;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
  revolutUsername: string | null;
  vendor?: {
    companyName: string;
    driverName: string;
    driverContact: string;
    carNumber: string;
    permit: Permit;
    vehicleSeats: number;
  };
}

export const DEMO_USERS: readonly DemoUser[] = [
  {
    discordUsername: 'demo_alice',
    name: 'Alice Tan',
    whatsappNumber: '+65 9123 4567',
    malaysianNumber: null,
    revolutUsername: 'alicetan',
  },
  {
    discordUsername: 'demo_bala',
    name: 'Bala Krishnan',
    whatsappNumber: '+65 8234 5678',
    malaysianNumber: '+60 12-345 6789',
    revolutUsername: null,
  },
  {
    discordUsername: 'demo_chloe',
    name: 'Chloe Lim',
    whatsappNumber: '+65 9345 6789',
    malaysianNumber: null,
    revolutUsername: 'chloelim',
  },
  {
    discordUsername: 'demo_driver',
    name: 'Ahmad Rahman',
    whatsappNumber: '+60 12-987 6543',
    malaysianNumber: '+60 12-987 6543',
    revolutUsername: null,
    vendor: {
      companyName: 'Border Cabs',
      driverName: 'Ahmad Rahman',
      driverContact: '+60 12-987 6543',
      carNumber: 'JQB 1234',
      // A Malaysian cross-border taxi permit: it picks up in Forest City (FC->SG rides).
      permit: { country: 'MY', number: 'LPKP-CB-0042', expiresOn: '2099-12-31' },
      vehicleSeats: 6,
    },
  },
];

interface DemoRide {
  organizer: string;
  direction: Direction;
  /** Days from today (Singapore calendar) and the Singapore wall time of departure. */
  inDays: number;
  at: string;
  maxPassengers: number;
  location: string;
  groupSize: number;
  joiners: { user: string; location: string; passengerCount: number }[];
  assignTo?: string;
}

const DEMO_RIDES: readonly DemoRide[] = [
  {
    organizer: 'demo_alice',
    direction: 'SG->FC',
    inDays: 1,
    at: '08:00',
    maxPassengers: 4,
    location: 'Tampines MRT',
    groupSize: 1,
    joiners: [{ user: 'demo_bala', location: 'Pasir Ris MRT', passengerCount: 2 }],
  },
  {
    organizer: 'demo_bala',
    direction: 'FC->SG',
    inDays: 2,
    at: '18:00',
    maxPassengers: 5,
    location: 'Jurong East MRT',
    groupSize: 1,
    joiners: [
      { user: 'demo_chloe', location: 'Clementi Mall', passengerCount: 1 },
      { user: 'demo_alice', location: 'Orchard Road', passengerCount: 1 },
    ],
    assignTo: 'demo_driver',
  },
  {
    organizer: 'demo_chloe',
    direction: 'SG->FC',
    inDays: 7,
    at: '07:30',
    maxPassengers: 3,
    location: 'Woodlands Checkpoint',
    groupSize: 2,
    joiners: [],
  },
];

export interface SeedReport {
  createdUsers: string[];
  existingUsers: string[];
  createdRideIds: number[];
}

/** The Singapore picker value for `at` on the day `days` after `now` (Singapore calendar). */
function departure(now: Date, days: number, at: string): string {
  const day = toSingaporeInputValue(new Date(now.getTime() + days * 86_400_000)).slice(0, 10);
  return `${day}T${at}`;
}

/** Runs the demo seeding against an open, migrated database. */
export async function seedDemoData(
  db: Kysely<Database>,
  env: Env,
  password: string,
  now = new Date(),
): Promise<SeedReport> {
  const report: SeedReport = { createdUsers: [], existingUsers: [], createdRideIds: [] };
  const ids = new Map<string, number>();

  for (const demo of DEMO_USERS) {
    let registeredId: number | null = null;
    // Registering normally starts an HTTP session; in-process there is none, so record the id instead.
    const session: SessionControl = {
      id: 'seed',
      signIn: (id) => {
        registeredId = id;
        return Promise.resolve();
      },
      signOut: () => Promise.resolve(),
    };
    const anonymous = createCaller(createContextInner({ db, env, session }));
    try {
      const user = await anonymous.auth.register({
        discordUsername: demo.discordUsername,
        password,
        name: demo.name,
        whatsappNumber: demo.whatsappNumber,
        malaysianNumber: demo.malaysianNumber,
        revolutUsername: demo.revolutUsername,
        isVendor: demo.vendor !== undefined,
        companyName: demo.vendor?.companyName ?? null,
        driverDetails: demo.vendor
          ? { name: demo.vendor.driverName, contact: demo.vendor.driverContact, carNumber: demo.vendor.carNumber }
          : null,
        permit: demo.vendor?.permit ?? null,
        vehicleSeats: demo.vendor?.vehicleSeats ?? null,
      });
      // The demo vendor is approved as an operator would (vendor:approve), so it can take a ride.
      if (demo.vendor) {
        await decideVendorApplication(db, { adminId: null, userId: user.id, decision: 'approve', reason: null, now });
      }
      ids.set(demo.discordUsername, registeredId ?? user.id);
      report.createdUsers.push(demo.discordUsername);
    } catch (error) {
      const taken = error instanceof TRPCError && isDomainError(error.cause) && error.cause.code === 'USERNAME_TAKEN';
      if (!taken) throw error;
      const existing = await findUserIdentityByUsername(db, demo.discordUsername);
      if (!existing) throw error;
      ids.set(demo.discordUsername, existing.id);
      report.existingUsers.push(demo.discordUsername);
    }
  }

  const callerAs = async (username: string) => {
    const id = ids.get(username);
    const user = id === undefined ? null : await findAuthUserById(db, id);
    if (!user) throw new Error(`demo user ${username} is missing`);
    return createCaller(createContextInner({ db, env, user, now: () => now }));
  };

  for (const ride of DEMO_RIDES) {
    // Re-running must not pile up copies: rides belong to organisers created in this run only.
    if (!report.createdUsers.includes(ride.organizer)) continue;
    const organizer = await callerAs(ride.organizer);
    const created = await organizer.ride.create(
      buildRidePayload({
        direction: ride.direction,
        date: departure(now, ride.inDays, ride.at),
        maxPassengers: ride.maxPassengers,
        organizerLocation: ride.location,
        organizerPassengerCount: ride.groupSize,
      }),
    );
    report.createdRideIds.push(created.id);
    for (const joiner of ride.joiners) {
      const member = await callerAs(joiner.user);
      await member.passenger.join({
        rideId: created.id,
        dropoffLocation: joiner.location,
        passengerCount: joiner.passengerCount,
      });
    }
    if (ride.assignTo) {
      const vendor = await callerAs(ride.assignTo);
      await vendor.vendor.assign({ rideId: created.id });
    }
  }
  return report;
}

export async function main(_args: string[], env: ScriptEnv, io: ScriptIo = processIo): Promise<number> {
  const config = loadScriptEnv(env, io);
  if (!config) return EXIT.USAGE;
  if (config.NODE_ENV === 'production') {
    io.err('Refusing to seed demo accounts with a known password into a production database (NODE_ENV=production).\n');
    return EXIT.USAGE;
  }
  const password = env.SEED_PASSWORD ?? DEFAULT_SEED_PASSWORD;
  if (password.length < 8) {
    io.err('SEED_PASSWORD must be at least 8 characters long.\n');
    return EXIT.USAGE;
  }

  const handle = await openScriptDatabase(config, io, 4);
  if (!handle) return EXIT.UNREACHABLE;
  try {
    await migrateToLatest(handle.db);
    const report = await seedDemoData(handle.db, config, password);
    io.out(
      `Demo users created: ${report.createdUsers.join(', ') || 'none'}\n` +
        `Demo users already present (left unchanged): ${report.existingUsers.join(', ') || 'none'}\n` +
        `Rides created: ${report.createdRideIds.length > 0 ? report.createdRideIds.map((id) => `#${String(id)}`).join(', ') : 'none'}\n` +
        (report.createdUsers.length > 0
          ? `Sign in as any demo user with the password ${env.SEED_PASSWORD ? 'from SEED_PASSWORD' : `'${DEFAULT_SEED_PASSWORD}'`}.\n`
          : ''),
    );
    return EXIT.OK;
  } catch (error) {
    io.err(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.REFUSED;
  } finally {
    await handle.close();
  }
}

if (isEntryPoint(import.meta.url)) runCli(main);
