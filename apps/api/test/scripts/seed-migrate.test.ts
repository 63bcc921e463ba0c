import { describe, expect, it } from 'vitest';

import { main as migrateMain } from '../../scripts/migrate';
import { DEMO_USERS, main as seedMain, seedDemoData } from '../../scripts/seed';
import { createUser } from '../factories';
import { passwordIs } from '../helpers/accounts';
import { useTestDatabase } from '../helpers/db';
import { testEnv } from '../helpers/env';
import { captureIo } from '../helpers/scripts';

const t = useTestDatabase();
const env = testEnv();

async function counts() {
  const [users, rides, entries] = await Promise.all([
    t.db.selectFrom('users').select('id').execute(),
    t.db.selectFrom('rides').select('id').execute(),
    t.db.selectFrom('ridePassengers').select('id').execute(),
  ]);
  return { users: users.length, rides: rides.length, entries: entries.length };
}

describe('seed', () => {
  it('adds demo users (one vendor) and rides in both directions through the procedures', async () => {
    const someone = await createUser(t.db, { discordUsername: 'real_member' });
    const report = await seedDemoData(t.db, env, 'demo-password-1');

    expect(report.createdUsers).toEqual(DEMO_USERS.map((u) => u.discordUsername));
    expect(report.existingUsers).toEqual([]);
    expect(report.createdRideIds).toHaveLength(3);

    const users = await t.db
      .selectFrom('users')
      .select(['id', 'discordUsername', 'isVendor', 'companyName'])
      .orderBy('id')
      .execute();
    expect(users.map((u) => u.discordUsername)).toEqual([
      'real_member',
      'demo_alice',
      'demo_bala',
      'demo_chloe',
      'demo_driver',
    ]);
    expect(users.filter((u) => u.isVendor).map((u) => [u.discordUsername, u.companyName])).toEqual([
      ['demo_driver', 'Border Cabs'],
    ]);
    for (const user of users.slice(1)) expect(await passwordIs(t.db, user.id, 'demo-password-1')).toBe(true);
    expect(await passwordIs(t.db, someone.id, someone.password)).toBe(true);

    const rides = await t.db
      .selectFrom('rides')
      .select(['id', 'direction', 'date', 'status', 'vendorId', 'currentPassengers', 'pickupLocation'])
      .orderBy('id')
      .execute();
    expect(new Set(rides.map((r) => r.direction))).toEqual(new Set(['SG->FC', 'FC->SG']));
    for (const ride of rides) expect(ride.date.getTime()).toBeGreaterThan(Date.now());
    const driver = users.find((u) => u.discordUsername === 'demo_driver');
    expect(rides.filter((r) => r.status === 'assigned').map((r) => r.vendorId)).toEqual([driver?.id]);
    expect(rides.find((r) => r.direction === 'FC->SG')?.pickupLocation).toBe('Forest City');
    // Organisers plus joiners: every ride's seat count matches its entries.
    const entries = await t.db.selectFrom('ridePassengers').select(['rideId', 'passengerCount']).execute();
    for (const ride of rides) {
      const seats = entries.filter((e) => e.rideId === ride.id).reduce((sum, e) => sum + e.passengerCount, 0);
      expect(ride.currentPassengers).toBe(seats);
    }
    expect(entries.length).toBe(6);
  });

  it('is additive and repeatable: a second run creates nothing and changes nothing', async () => {
    await createUser(t.db, { discordUsername: 'demo_alice', password: 'her-own-password' });
    const first = await seedDemoData(t.db, env, 'demo-password-1');
    expect(first.existingUsers).toEqual(['demo_alice']);
    // demo_alice existed, so her ride is not created; the others are.
    expect(first.createdRideIds).toHaveLength(2);
    const aliceId = (
      await t.db.selectFrom('users').select('id').where('discordUsername', '=', 'demo_alice').executeTakeFirstOrThrow()
    ).id;
    expect(await passwordIs(t.db, aliceId, 'her-own-password')).toBe(true);

    const before = await counts();
    const second = await seedDemoData(t.db, env, 'demo-password-1');
    expect(second).toEqual({
      createdUsers: [],
      existingUsers: DEMO_USERS.map((u) => u.discordUsername),
      createdRideIds: [],
    });
    expect(await counts()).toEqual(before);
  });

  it('runs as a command against DATABASE_URL, and refuses production', async () => {
    const capture = captureIo();
    const code = await seedMain(
      [],
      { DATABASE_URL: t.tdb.connectionString, SEED_PASSWORD: 'demo-password-2', LOG_LEVEL: 'silent' },
      capture.io,
    );
    expect(capture.err()).toBe('');
    expect(code).toBe(0);
    expect(capture.out()).toContain('Demo users created: demo_alice, demo_bala, demo_chloe, demo_driver');
    expect((await counts()).rides).toBe(3);

    const prod = captureIo();
    expect(
      await seedMain(
        [],
        {
          DATABASE_URL: t.tdb.connectionString,
          NODE_ENV: 'production',
          SESSION_SECRET: 'x'.repeat(40),
          PUBLIC_URL: 'https://rides.example.com',
        },
        prod.io,
      ),
    ).toBe(2);
    expect(prod.err()).toMatch(/Refusing to seed/);

    const short = captureIo();
    expect(await seedMain([], { DATABASE_URL: t.tdb.connectionString, SEED_PASSWORD: 'short' }, short.io)).toBe(2);
    expect((await counts()).rides).toBe(3);
  });
});

describe('migrate', () => {
  it('reports an up-to-date database', async () => {
    const capture = captureIo();
    expect(await migrateMain([], { DATABASE_URL: t.tdb.connectionString }, capture.io)).toBe(0);
    expect(capture.out()).toBe('the Postgres server in DATABASE_URL is already up to date.\n');
  });

  it('applies every migration to a fresh embedded database', async () => {
    const capture = captureIo();
    expect(await migrateMain([], { DATA_DIR: 'memory://' }, capture.io)).toBe(0);
    expect(capture.out()).toMatch(
      /^Applied \d+ migration\(s\) to the embedded database in memory:\/\/:\n {2}2026_11_21_0001_create_core_tables\n/,
    );
    // Starting a fresh embedded engine is slow on a busy machine.
  }, 90_000);

  it('refuses a bad configuration with exit code 2', async () => {
    const capture = captureIo();
    expect(await migrateMain([], { DATABASE_URL: 'mysql://nope' }, capture.io)).toBe(2);
    expect(capture.err()).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL');
  });
});
