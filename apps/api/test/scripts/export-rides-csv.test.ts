import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { buildRidePayload, toSingaporeInputValue, type Direction } from '@rideshare/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { CSV_HEADER, main } from '../../scripts/export-rides-csv';
import { csvCell, toCsv } from '../../src/http/csv';
import { createUser, type TestUser } from '../factories';
import { callerAs } from '../helpers/accounts';
import { useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';
import { captureIo, parseCsv, unreachableUrl } from '../helpers/scripts';

const t = useTestApp({ listen: true });
let workDir: string;
const env = testEnv();

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'rides-export-'));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

async function run(args: string[], runEnv: Record<string, string | undefined>) {
  const capture = captureIo();
  const code = await main(args, runEnv, capture.io);
  return { code, out: capture.out(), err: capture.err() };
}

describe('csv cells', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['=1+2', "'=1+2"],
    ['+65 9123 4567', "'+65 9123 4567"],
    ['-Jurong', "'-Jurong"],
    ['@carol', "'@carol"],
    ['\tTabbed', "'\tTabbed"],
    ['=HYPERLINK("x","y")', `"'=HYPERLINK(""x"",""y"")"`],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('writes numbers as they are, null and undefined as empty, and CRLF line ends', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[-5, null, undefined, true]])).toBe('a,b,c,d\r\n-5,,,true\r\n');
  });
});

async function createRide(
  user: TestUser,
  direction: Direction,
  inDays: number,
  location: string,
  groupSize: number,
  maxPassengers: number,
) {
  const caller = await callerAs(t.db, env, user.id);
  const day = toSingaporeInputValue(new Date(Date.now() + inDays * 86_400_000)).slice(0, 10);
  return caller.ride.create(
    buildRidePayload({
      direction,
      date: `${day}T08:00`,
      maxPassengers,
      organizerLocation: location,
      organizerPassengerCount: groupSize,
    }),
  );
}

async function joinRide(user: TestUser, rideId: number, location: string, passengerCount: number) {
  const caller = await callerAs(t.db, env, user.id);
  await caller.passenger.join({ rideId, dropoffLocation: location, passengerCount });
}

describe('export-rides-csv script', () => {
  it('exports every ride (past ones too) with one row per passenger entry, safely quoted, across pages', async () => {
    const alice = await createUser(t.db, {
      discordUsername: 'alice',
      name: '=HYPERLINK("http://evil","click")',
      whatsappNumber: '+65 9123 4567',
    });
    const bob = await createUser(t.db, { discordUsername: 'bob', name: 'Bob, "the builder"' });
    const carol = await createUser(t.db, { discordUsername: 'carol', name: null, revolutUsername: '@carol' });

    const ride1 = await createRide(alice, 'SG->FC', 2, 'Tampines MRT\nExit B', 1, 4);
    await joinRide(bob, ride1.id, 'Pasir Ris, Block 5', 2);
    const ride2 = await createRide(bob, 'FC->SG', 3, '-Jurong East', 1, 5);
    await joinRide(carol, ride2.id, '@Clementi', 1);
    const ride3 = await createRide(carol, 'SG->FC', 5, 'Woodlands', 1, 3);
    const pastDate = new Date(Date.now() - 86_400_000);
    await t.db.updateTable('rides').set({ date: pastDate }).where('id', '=', ride3.id).execute();

    // What the API itself says to the exporting account (bob) about each ride and its entries; the
    // export must copy it faithfully (contacts only where bob belongs to the ride's party).
    const viewer = await callerAs(t.db, env, bob.id);
    const rides = await Promise.all([ride1.id, ride2.id, ride3.id].map((id) => viewer.ride.byId({ id })));
    const entries = await Promise.all(
      [ride1.id, ride2.id, ride3.id].map((rideId) => viewer.passenger.list({ rideId })),
    );
    expect(entries.map((list) => list.length)).toEqual([2, 2, 1]);

    const expected: string[][] = [];
    rides.forEach((ride, i) => {
      for (const entry of entries[i] ?? []) {
        expected.push(
          [
            ride.id,
            ride.direction,
            ride.date,
            toSingaporeInputValue(ride.date).replace('T', ' '),
            ride.status,
            ride.creatorId,
            ride.creatorName,
            ride.pickupLocation,
            ride.maxPassengers,
            ride.currentPassengers,
            ride.cost,
            ride.additionalStops,
            ride.vendorId,
            entry.id,
            entry.userId,
            entry.user?.name,
            entry.user?.discordUsername,
            entry.user?.whatsappNumber,
            entry.user?.malaysianNumber,
            entry.user?.revolutUsername,
            entry.dropoffLocation,
            entry.passengerCount,
            entry.dropoffSequence,
          ].map((value) => {
            if (value === null || value === undefined) return '';
            const text = String(value);
            return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
          }),
        );
      }
    });

    const outFile = join(workDir, 'rides.csv');
    const result = await run(['--url', t.baseUrl, '--out', outFile, '--page-size', '1'], {
      EXPORT_USERNAME: 'bob',
      EXPORT_PASSWORD: bob.password,
    });
    expect(result.code).toBe(0);
    expect(result.out).toBe('');
    expect(result.err).toContain(`Wrote 5 rows (3 rides) to ${outFile}`);
    expect(result.err).toContain('Fetched 3 of 3 rides');
    await expect(stat(`${outFile}.partial`)).rejects.toThrow();

    const csv = await readFile(outFile, 'utf8');
    const parsed = parseCsv(csv);
    expect(parsed[0]).toEqual([...CSV_HEADER]);
    expect(parsed.slice(1)).toEqual(expected);
    // Spot checks on the raw text: quoting and formula neutralising as a spreadsheet sees them.
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""click"")"`);
    expect(csv).toContain('"Tampines MRT\nExit B"');
    expect(csv).toContain('"Bob, ""the builder"""');
    expect(csv).toContain(",'-Jurong East,");
    expect(csv).toContain(",'@carol,");
    expect(csv).toContain(",'+65 9123 4567,");
    expect(csv.endsWith('\r\n')).toBe(true);
    // Upcoming rides first (soonest first), then the past one.
    expect([...new Set(parsed.slice(1).map((row) => row[0]))]).toEqual([
      String(ride1.id),
      String(ride2.id),
      String(ride3.id),
    ]);

    const toStdout = await run(['--url', t.baseUrl], { EXPORT_USERNAME: 'bob', EXPORT_PASSWORD: bob.password });
    expect(toStdout.code).toBe(0);
    expect(toStdout.out).toBe(csv);
  });

  it('writes just the header when there are no rides', async () => {
    const bob = await createUser(t.db, { discordUsername: 'bob' });
    const result = await run(['--url', t.baseUrl], { EXPORT_USERNAME: 'bob', EXPORT_PASSWORD: bob.password });
    expect(result.code).toBe(0);
    expect(result.out).toBe(`${CSV_HEADER.join(',')}\r\n`);
  });

  it('exits 1 when signing in fails, writing no file', async () => {
    await createUser(t.db, { discordUsername: 'bob' });
    const outFile = join(workDir, 'never.csv');
    const result = await run(['--url', t.baseUrl, '--out', outFile], {
      EXPORT_USERNAME: 'bob',
      EXPORT_PASSWORD: 'wrong-password',
    });
    expect(result.code).toBe(1);
    expect(result.err).toBe('Could not sign in as bob: Invalid Discord username or password (HTTP 401 UNAUTHORIZED)\n');
    await expect(stat(outFile)).rejects.toThrow();
  });

  it.each([
    [[], { EXPORT_PASSWORD: 'x' }, 'EXPORT_USERNAME must be set'],
    [[], { EXPORT_USERNAME: 'bob' }, 'EXPORT_PASSWORD must be set'],
    [
      ['--page-size', '0'],
      { EXPORT_USERNAME: 'bob', EXPORT_PASSWORD: 'x' },
      '--page-size must be a whole number from 1 to 100',
    ],
    [
      ['--page-size', '101'],
      { EXPORT_USERNAME: 'bob', EXPORT_PASSWORD: 'x' },
      '--page-size must be a whole number from 1 to 100',
    ],
    [['--nope'], { EXPORT_USERNAME: 'bob', EXPORT_PASSWORD: 'x' }, "Unknown option '--nope'"],
  ])('exits 2 with usage for %j', async (args, runEnv, message) => {
    const result = await run(args, runEnv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(message);
    expect(result.err).toContain('Usage: export-rides-csv');
  });

  it('exits 3 when the API cannot be reached', async () => {
    const result = await run(['--url', await unreachableUrl()], {
      EXPORT_USERNAME: 'bob',
      EXPORT_PASSWORD: 'x-password',
    });
    expect(result.code).toBe(3);
    expect(result.err).toMatch(/Could not reach the API/);
  });
});
