/**
 * A ride on trip day for the trip tests (docs/trip-day.md): an app on a fixed clock (`at(offset)`
 * moves it relative to the departure), the organizer Olivia, riders Paul and Rita, Mallory on no
 * ride, the assigned vendor Acme, each signed in, and the documented paths as small helpers.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeEach, expect } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from './app';
import { GENEROUS_RATE_LIMITS, testEnv } from './env';

export type Json = Record<string, unknown>;
export const MINUTE = 60_000;
export const HOUR = 3_600_000;
/** Sat, 1 Mar 2031, 10:00 am in Singapore. */
export const DEPARTURE = new Date('2031-03-01T02:00:00.000Z');

export interface TripView {
  stages: { stage: string }[];
  current: string | null;
  noShows: number[];
}

export interface TripParty {
  readonly t: ReturnType<typeof useTestApp>;
  /** Moves the clock to `offsetMs` from the departure. */
  at(offsetMs: number): void;
  now(): Date;
  /** An app on the same database and clock with these settings over the file's. */
  build(db: Parameters<typeof buildApp>[0]['db'], env?: Record<string, string>): Promise<FastifyInstance>;
  readonly users: { olivia: TestUser; paul: TestUser; rita: TestUser; mallory: TestUser; acme: TestUser };
  readonly ride: TestRide;
  readonly entries: { paul: number; rita: number };
  as(user: TestUser | null): { cookie?: string };
  call(
    user: TestUser | null,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    payload?: Json,
    app?: FastifyInstance,
  ): Promise<LightMyRequestResponse>;
  /** POST /trip/stage, expecting 200; answers the trip. */
  stage(user: TestUser, stage: string): Promise<TripView>;
}

/** Registers the file's app and a fresh party before each test; `env` adds settings. */
export function useTripParty(env: Record<string, string> = {}): TripParty {
  let clock = DEPARTURE;
  const build = async (db: Parameters<typeof buildApp>[0]['db'], extra: Record<string, string> = {}) => {
    const app = await buildApp({
      env: testEnv({ ...GENEROUS_RATE_LIMITS, ...env, ...extra }),
      db,
      now: () => clock,
    });
    await app.ready();
    return app;
  };
  const t = useTestApp({ build: (db) => build(db) });
  const cookies = new Map<number, string>();
  const state: { users?: TripParty['users']; ride?: TestRide; entries?: TripParty['entries'] } = {};

  beforeEach(async () => {
    clock = new Date(DEPARTURE.getTime() - 20 * MINUTE);
    const olivia = await createUser(t.db, { name: 'Olivia' });
    const paul = await createUser(t.db, { name: 'Paul' });
    const rita = await createUser(t.db, { name: 'Rita' });
    const mallory = await createUser(t.db, { name: 'Mallory' });
    const acme = await createVendor(t.db, { companyName: 'Acme Cabs' });
    const ride = await createRide(t.db, olivia, {
      date: DEPARTURE,
      status: 'assigned',
      vendorId: acme.id,
      maxPassengers: 6,
    });
    state.entries = {
      paul: (await addPassenger(t.db, ride, paul)).id,
      rita: (await addPassenger(t.db, ride, rita)).id,
    };
    state.users = { olivia, paul, rita, mallory, acme };
    state.ride = ride;
    cookies.clear();
    for (const user of [olivia, paul, rita, mallory, acme]) cookies.set(user.id, await loginAs(t.app, user));
  });

  const as = (user: TestUser | null) => (user ? { cookie: cookies.get(user.id) ?? '' } : {});
  const party: TripParty = {
    t,
    at: (offsetMs) => {
      clock = new Date(DEPARTURE.getTime() + offsetMs);
    },
    now: () => clock,
    build,
    get users() {
      if (!state.users) throw new Error('the party is made before each test');
      return state.users;
    },
    get ride() {
      if (!state.ride) throw new Error('the party is made before each test');
      return state.ride;
    },
    get entries() {
      if (!state.entries) throw new Error('the party is made before each test');
      return state.entries;
    },
    as,
    call: (user, method, path, payload, app = t.app) =>
      app.inject({
        method,
        url: path.startsWith('/') ? path : `/api/rides/${String(party.ride.id)}/${path}`,
        headers: as(user),
        ...(payload ? { payload } : {}),
      }),
    stage: async (user, stage) => {
      const res = await party.call(user, 'POST', 'trip/stage', { stage });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<TripView>();
    },
  };
  return party;
}
