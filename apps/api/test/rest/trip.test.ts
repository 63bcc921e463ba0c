/**
 * The day of the trip over the documented paths (docs/trip-day.md): who reads and writes the trip
 * (a visitor 401, anyone outside the party 403), stages only forward and only inside the window,
 * undo, `arrived` completing the ride, late notices, no-shows, the folded notices with their phone
 * rule, share links (public view without personal data, the cap, revoking, expiry), the ride's
 * crossing on create and edit, the rides list's progress, and two posters at once.
 */
import type { FastifyInstance } from 'fastify';
import { connectDatabase } from '@rideshare/db';
import { beforeEach, describe, expect, inject, it } from 'vitest';

import { buildApp } from '../../src/app';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { GENEROUS_RATE_LIMITS, testEnv } from '../helpers/env';

type Json = Record<string, unknown>;
interface Trip {
  crossing: string;
  stages: { stage: string; label: string; at: string; by: { id: number; name: string; role: string } }[];
  current: string | null;
  late: { userId: number; name: string; minutes: number; at: string }[];
  noShows: number[];
}

const serverMode = inject('dbMode') === 'server';
const MINUTE = 60_000;
const HOUR = 3_600_000;
const DEPARTURE = new Date('2031-03-01T02:00:00.000Z');
let clock = DEPARTURE;
const at = (offsetMs: number) => {
  clock = new Date(DEPARTURE.getTime() + offsetMs);
};

const build = async (db: Parameters<typeof buildApp>[0]['db']): Promise<FastifyInstance> => {
  const app = await buildApp({ env: testEnv({ ...GENEROUS_RATE_LIMITS }), db, now: () => clock });
  await app.ready();
  return app;
};
const t = useTestApp({ build });

let olivia: TestUser; // organizer
let paul: TestUser; // rider
let rita: TestUser; // rider
let mallory: TestUser; // on no ride
let acme: TestUser; // the assigned vendor
let other: TestUser; // another approved vendor
let ride: TestRide;
let paulEntry: number;
let ritaEntry: number;
const cookies = new Map<number, string>();

beforeEach(async () => {
  // Inside the window and the 30 minutes before departure in which the car may depart (docs/trip-day.md#clock).
  at(-20 * MINUTE);
  olivia = await createUser(t.db, { name: 'Olivia', whatsappNumber: '+6581112222' });
  paul = await createUser(t.db, { name: 'Paul', whatsappNumber: '+6583334444' });
  rita = await createUser(t.db, { name: 'Rita' });
  mallory = await createUser(t.db, { name: 'Mallory' });
  acme = await createVendor(t.db, { companyName: 'Acme Cabs' });
  other = await createVendor(t.db, { companyName: 'Other Cabs' });
  ride = await createRide(t.db, olivia, { date: DEPARTURE, status: 'assigned', vendorId: acme.id });
  paulEntry = (await addPassenger(t.db, ride, paul, { location: 'Jurong East MRT' })).id;
  ritaEntry = (await addPassenger(t.db, ride, rita)).id;
  cookies.clear();
  for (const user of [olivia, paul, rita, mallory, acme, other]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser | null) => (user ? { cookie: cookies.get(user.id) ?? '' } : {});
const base = (rideId = ride.id) => `/api/rides/${String(rideId)}`;
const getTrip = (user: TestUser | null, rideId = ride.id) =>
  t.app.inject({ method: 'GET', url: `${base(rideId)}/trip`, headers: as(user) });
const postStage = (user: TestUser | null, stage: unknown, app = t.app) =>
  app.inject({ method: 'POST', url: `${base()}/trip/stage`, headers: as(user), payload: { stage } as Json });
const undo = (user: TestUser | null) => t.app.inject({ method: 'POST', url: `${base()}/trip/undo`, headers: as(user) });
const late = (user: TestUser | null, minutes: unknown) =>
  t.app.inject({ method: 'POST', url: `${base()}/trip/late`, headers: as(user), payload: { minutes } as Json });
const noShow = (user: TestUser | null, passengerId: number, method: 'POST' | 'DELETE' = 'POST') =>
  t.app.inject({ method, url: `${base()}/passengers/${String(passengerId)}/no-show`, headers: as(user) });
const share = (user: TestUser | null) =>
  t.app.inject({ method: 'POST', url: `${base()}/trip/share`, headers: as(user) });
const follow = (token: string) => t.app.inject({ method: 'GET', url: `/api/trip/${token}` });

async function stage(user: TestUser, name: string): Promise<Trip> {
  const res = await postStage(user, name);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Trip>();
}

async function notices(user: TestUser, kind: string) {
  return t.db
    .selectFrom('notifications')
    .select(['detail', 'readAt', 'quiet'])
    .where('userId', '=', user.id)
    .where('rideId', '=', ride.id)
    .where('kind', '=', kind as never)
    .execute();
}

describe('who follows the trip', () => {
  it('answers the party (organizer, riders, assigned vendor) the empty trip; 401 to visitors, 403 to others', async () => {
    for (const user of [olivia, paul, rita, acme]) {
      const res = await getTrip(user);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Trip>()).toEqual({ crossing: 'second-link', stages: [], current: null, late: [], noShows: [] });
    }
    expect((await getTrip(null)).statusCode).toBe(401);
    for (const user of [mallory, other]) {
      const res = await getTrip(user);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ error: string }>().error).toMatch(/can follow this trip/);
    }
    expect((await getTrip(olivia, ride.id + 1000)).statusCode).toBe(404);
  });

  it('refuses the assigned vendor once suspended', async () => {
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Audit' })
      .where('id', '=', acme.id)
      .execute();
    expect((await getTrip(acme)).statusCode).toBe(403);
    expect((await postStage(acme, 'at-pickup')).statusCode).toBe(403);
  });
});

describe('stages', () => {
  it('go forward only, may skip, carry their labels and posters, and refuse an earlier or equal one 409', async () => {
    await stage(acme, 'at-pickup');
    const trip = await stage(olivia, 'at-exit-checkpoint');
    expect(trip.current).toBe('at-exit-checkpoint');
    expect(trip.stages.map((s) => [s.stage, s.label, s.by.name, s.by.role])).toEqual([
      ['at-pickup', 'At the pick-up', 'Acme Cabs', 'vendor'],
      ['at-exit-checkpoint', 'At Tuas Checkpoint', 'Olivia', 'organizer'],
    ]);
    expect(trip.stages[0]?.at).toBe(clock.toISOString());
    for (const earlier of ['at-exit-checkpoint', 'departed', 'at-pickup']) {
      const res = await postStage(acme, earlier);
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: string }>().error).toBe(
        'The trip is already at "At Tuas Checkpoint": stages only go forward',
      );
    }
    expect((await stage(acme, 'cleared-entry-checkpoint')).stages.at(-1)?.label).toBe('Cleared Sultan Abu Bakar CIQ');
  });

  it('are posted by the organizer or the assigned vendor only (riders and others 403, visitors 401), and a bad stage is 400', async () => {
    expect((await postStage(paul, 'at-pickup')).statusCode).toBe(403);
    expect((await postStage(mallory, 'at-pickup')).statusCode).toBe(403);
    expect((await postStage(other, 'at-pickup')).statusCode).toBe(403);
    expect((await postStage(null, 'at-pickup')).statusCode).toBe(401);
    for (const bad of ['boarding', '', 3, null]) {
      const res = await postStage(olivia, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toMatch(/^Stage must be one of at-pickup, departed/);
    }
  });

  it('are refused outside the trip window, naming it, and on a cancelled ride', async () => {
    at(-3 * HOUR - MINUTE);
    const early = await postStage(acme, 'at-pickup');
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toBe(
      'The trip can be updated from 3 hours before departure to 24 hours after it: Sat, 1 Mar 2031, 7:00 am to Sun, 2 Mar 2031, 10:00 am',
    );
    at(-3 * HOUR);
    await stage(acme, 'at-pickup');
    at(24 * HOUR + MINUTE);
    expect((await postStage(acme, 'departed')).statusCode).toBe(409);
    at(24 * HOUR);
    await stage(acme, 'departed');
    await t.db
      .updateTable('rides')
      .set({ status: 'cancelled', cancelReason: 'Storm', cancelledAt: clock })
      .where('id', '=', ride.id)
      .execute();
    const cancelled = await postStage(acme, 'arrived');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json<{ error: string }>().error).toBe('This ride was cancelled: its trip cannot change');
  });

  it('read from the direction and the crossing: FC->SG by the Causeway leaves through Bangunan Sultan Iskandar', async () => {
    await t.db
      .updateTable('rides')
      .set({ direction: 'FC->SG', crossing: 'causeway' })
      .where('id', '=', ride.id)
      .execute();
    await stage(acme, 'at-exit-checkpoint');
    const trip = await stage(acme, 'cleared-entry-checkpoint');
    expect(trip.crossing).toBe('causeway');
    expect(trip.stages.map((s) => s.label)).toEqual(['At Bangunan Sultan Iskandar', 'Cleared Woodlands Checkpoint']);
  });

  it("`arrived` completes the ride as the vendor's Complete does; taken back within 10 minutes, it reopens it", async () => {
    at(30 * MINUTE);
    await stage(acme, 'departed');
    await stage(olivia, 'arrived');
    const status = async () =>
      (await t.app.inject({ method: 'GET', url: base(), headers: as(paul) })).json<{ status: string }>().status;
    expect(await status()).toBe('completed');
    expect((await postStage(acme, 'arrived')).statusCode).toBe(409);
    at(40 * MINUTE);
    const back = await undo(olivia);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<Trip>().current).toBe('departed');
    expect(await status()).toBe('assigned');
    await stage(olivia, 'arrived');
    at(50 * MINUTE + 1);
    const tooLate = await undo(olivia);
    expect(tooLate.statusCode).toBe(409);
    expect(await status()).toBe('completed');
  });

  it("the vendor's Complete still completes a departed ride with no stage posted", async () => {
    at(30 * MINUTE);
    const res = await t.app.inject({ method: 'POST', url: `${base()}/complete`, headers: as(acme) });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('rides').select('status').where('id', '=', ride.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('completed');
  });
});

describe('undo', () => {
  it('takes the newest stage back within 10 minutes, by whoever posted it only', async () => {
    await stage(acme, 'at-pickup');
    await stage(acme, 'departed');
    const notPoster = await undo(olivia);
    expect(notPoster.statusCode).toBe(403);
    expect(notPoster.json<{ error: string }>().error).toBe('Only whoever posted the latest stage can take it back');
    at(-10 * MINUTE);
    const res = await undo(acme);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Trip>().current).toBe('at-pickup');
    expect(res.json<Trip>().stages.map((s) => s.stage)).toEqual(['at-pickup']);
    await stage(acme, 'departed');
    at(1000);
    const tooLate = await undo(acme);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json<{ error: string }>().error).toBe(
      'A stage can only be taken back within 10 minutes of posting it',
    );
  });

  it('refuses with nothing posted (409), riders (403) and visitors (401)', async () => {
    expect((await undo(acme)).statusCode).toBe(409);
    await stage(acme, 'at-pickup');
    expect((await undo(paul)).statusCode).toBe(403);
    expect((await undo(mallory)).statusCode).toBe(403);
    expect((await undo(null)).statusCode).toBe(401);
  });
});

describe('late notices', () => {
  it('a rider says 5, 10, 15 or 30 minutes; a second replaces the first; the party is told once, quietly', async () => {
    const first = await late(paul, 10);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Trip>().late).toEqual([{ userId: paul.id, name: 'Paul', minutes: 10, at: clock.toISOString() }]);
    expect(await notices(olivia, 'trip_late')).toEqual([{ detail: 'Paul · 10', readAt: null, quiet: true }]);
    at(-15 * MINUTE);
    const second = await late(paul, 15);
    expect(second.json<Trip>().late).toEqual([{ userId: paul.id, name: 'Paul', minutes: 15, at: clock.toISOString() }]);
    for (const user of [olivia, rita, acme]) {
      expect(await notices(user, 'trip_late')).toEqual([{ detail: 'Paul · 15', readAt: null, quiet: true }]);
    }
    expect(await notices(paul, 'trip_late')).toEqual([]);
    // The organizer rides too.
    at(-14 * MINUTE);
    expect((await late(olivia, 5)).json<Trip>().late.map((row) => row.name)).toEqual(['Paul', 'Olivia']);
  });

  it('refuses other minutes 400, the vendor and outsiders 403, visitors 401, outside the window 409', async () => {
    for (const bad of [7, 0, '10', null, 60]) {
      const res = await late(paul, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('Say how late you are running: 5, 10, 15 or 30 minutes');
    }
    expect((await late(acme, 10)).statusCode).toBe(403);
    expect((await late(mallory, 10)).statusCode).toBe(403);
    expect((await late(null, 10)).statusCode).toBe(401);
    at(-4 * HOUR);
    expect((await late(paul, 10)).statusCode).toBe(409);
  });
});

describe('no-shows', () => {
  it('are refused before `departed` (409), then marked and taken back by the crew; the rider is told', async () => {
    at(0);
    await stage(acme, 'at-pickup');
    const early = await noShow(olivia, paulEntry);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ error: string }>().error).toBe('No-shows can only be marked once the car has departed');
    await stage(acme, 'departed');
    const marked = await noShow(acme, paulEntry);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json<Trip>().noShows).toEqual([paulEntry]);
    expect((await noShow(olivia, ritaEntry)).json<Trip>().noShows).toEqual(
      [paulEntry, ritaEntry].sort((a, b) => a - b),
    );
    expect(await notices(paul, 'trip_no_show')).toEqual([{ detail: null, readAt: null, quiet: false }]);
    const stored = await t.db
      .selectFrom('rideNoShows')
      .select(['userId', 'markedBy'])
      .where('passengerId', '=', paulEntry)
      .execute();
    expect(stored).toEqual([{ userId: paul.id, markedBy: acme.id }]);
    const cleared = await noShow(olivia, paulEntry, 'DELETE');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<Trip>().noShows).toEqual([ritaEntry]);
    expect(await notices(paul, 'trip_no_show')).toEqual([]);
  });

  it("refuse riders and others 403, visitors 401, the organizer's own party, an unknown party 404, and after 24 hours 409", async () => {
    await stage(acme, 'departed');
    at(0);
    expect((await noShow(rita, paulEntry)).statusCode).toBe(403);
    expect((await noShow(mallory, paulEntry)).statusCode).toBe(403);
    expect((await noShow(null, paulEntry)).statusCode).toBe(401);
    expect((await noShow(olivia, ride.organizerEntryId ?? 0)).statusCode).toBe(403);
    expect((await noShow(olivia, paulEntry + 1000)).statusCode).toBe(404);
    at(24 * HOUR + MINUTE);
    expect((await noShow(olivia, paulEntry)).statusCode).toBe(409);
    expect((await noShow(olivia, paulEntry, 'DELETE')).statusCode).toBe(409);
  });
});

describe('notices of stages', () => {
  it('fold to one unread per member and ride, with a phone notification for departed, cleared and arrived only', async () => {
    await stage(acme, 'at-pickup');
    expect(await notices(paul, 'trip_stage')).toEqual([{ detail: 'At the pick-up', readAt: null, quiet: true }]);
    await stage(acme, 'departed');
    expect(await notices(paul, 'trip_stage')).toEqual([{ detail: 'Departed', readAt: null, quiet: false }]);
    await stage(acme, 'at-exit-checkpoint');
    expect(await notices(rita, 'trip_stage')).toEqual([{ detail: 'At Tuas Checkpoint', readAt: null, quiet: true }]);
    await stage(acme, 'cleared-exit-checkpoint');
    for (const user of [olivia, paul, rita]) {
      expect(await notices(user, 'trip_stage')).toEqual([
        { detail: 'Cleared Tuas Checkpoint', readAt: null, quiet: false },
      ]);
    }
    expect(await notices(acme, 'trip_stage')).toEqual([]);
  });
});

describe('share links', () => {
  it('show the trip without personal data to anyone holding the link; the token is stored hashed', async () => {
    const res = await share(paul);
    expect(res.statusCode, res.body).toBe(201);
    const link = res.json<{ token: string; url: string; expiresAt: string }>();
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.url.endsWith(`/t/${link.token}`)).toBe(true);
    expect(link.expiresAt).toBe('2031-03-02T02:00:00.000Z');
    const stored = await t.db.selectFrom('rideTripShares').select('tokenHash').where('rideId', '=', ride.id).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]?.tokenHash).not.toContain(link.token);
    await stage(acme, 'at-pickup');
    const seen = await follow(link.token);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('no-store');
    expect(seen.json()).toEqual({
      direction: 'SG->FC',
      crossing: 'second-link',
      date: DEPARTURE.toISOString(),
      stages: [{ stage: 'at-pickup', label: 'At the pick-up', at: clock.toISOString() }],
      current: 'at-pickup',
      vehicle: { company: 'Acme Cabs', carNumber: 'SGX1234A' },
    });
    for (const secret of [
      'Olivia',
      'Paul',
      'Rita',
      '+658',
      'Jurong',
      'Pasir Ris',
      'Driver D',
      olivia.discordUsername,
    ]) {
      expect(seen.body).not.toContain(secret);
    }
  });

  it('are at most 5 live per member and ride, revoked by their maker, and refused to visitors and outsiders', async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) tokens.push((await share(acme)).json<{ token: string }>().token);
    const sixth = await share(acme);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<{ error: string }>().error).toBe('You already have 5 live links for this trip: revoke one first');
    expect((await share(paul)).statusCode).toBe(201);
    const revokeUrl = (token: string) => `${base()}/trip/share/${token}`;
    expect(
      (await t.app.inject({ method: 'DELETE', url: revokeUrl(tokens[0] ?? ''), headers: as(paul) })).statusCode,
    ).toBe(404);
    const revoked = await t.app.inject({ method: 'DELETE', url: revokeUrl(tokens[0] ?? ''), headers: as(acme) });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await follow(tokens[0] ?? '')).statusCode).toBe(404);
    expect((await follow(tokens[1] ?? '')).statusCode).toBe(200);
    expect((await share(acme)).statusCode).toBe(201);
    expect((await share(null)).statusCode).toBe(401);
    expect((await share(mallory)).statusCode).toBe(403);
    expect((await follow('not-a-token-at-all-xxxxxxxxxx')).statusCode).toBe(404);
    expect((await follow('bad!')).statusCode).toBe(400);
  });

  it('lapse 24 hours after departure, or 6 hours after arrived', async () => {
    const token = (await share(rita)).json<{ token: string }>().token;
    at(24 * HOUR - 1);
    expect((await follow(token)).statusCode).toBe(200);
    at(24 * HOUR);
    expect((await follow(token)).statusCode).toBe(404);
    const res = await share(rita);
    expect(res.statusCode).toBe(409);

    at(HOUR);
    await stage(acme, 'arrived');
    const after = (await share(rita)).json<{ token: string; expiresAt: string }>();
    expect(after.expiresAt).toBe(new Date(DEPARTURE.getTime() + 7 * HOUR).toISOString());
    at(7 * HOUR - 1);
    expect((await follow(after.token)).statusCode).toBe(200);
    at(7 * HOUR);
    expect((await follow(after.token)).statusCode).toBe(404);
  });

  it('are refused on a cancelled ride and stop showing it', async () => {
    const token = (await share(paul)).json<{ token: string }>().token;
    await t.db
      .updateTable('rides')
      .set({ status: 'cancelled', cancelReason: 'Storm', cancelledAt: clock })
      .where('id', '=', ride.id)
      .execute();
    expect((await share(paul)).statusCode).toBe(409);
    expect((await follow(token)).statusCode).toBe(404);
  });
});

describe('the ride', () => {
  const payload = (overrides: Json = {}) => ({
    direction: 'SG->FC',
    maxPassengers: 4,
    date: new Date(DEPARTURE.getTime() + 48 * HOUR).toISOString(),
    organizerPassengerCount: 1,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
    ...overrides,
  });

  it('names its crossing on create (second-link by default) and edit; anything else is 400', async () => {
    const plain = await t.app.inject({ method: 'POST', url: '/api/rides', headers: as(olivia), payload: payload() });
    expect(plain.statusCode, plain.body).toBe(201);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: as(olivia),
      payload: payload({ crossing: 'causeway' }),
    });
    const id = made.json<{ id: number }>().id;
    const read = async (rideId: number) =>
      (await t.app.inject({ method: 'GET', url: `/api/rides/${String(rideId)}`, headers: as(olivia) })).json<{
        crossing: string;
      }>().crossing;
    expect(await read(plain.json<{ id: number }>().id)).toBe('second-link');
    expect(await read(id)).toBe('causeway');
    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${String(id)}`,
      headers: as(olivia),
      payload: payload(),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await read(id)).toBe('causeway');
    await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${String(id)}`,
      headers: as(olivia),
      payload: payload({ crossing: 'second-link' }),
    });
    expect(await read(id)).toBe('second-link');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/rides',
      headers: as(olivia),
      payload: payload({ crossing: 'ferry' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('Crossing must be second-link or causeway');
  });

  it('a weekly series gives each of its rides the crossing chosen', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/rides/series',
      headers: as(olivia),
      payload: {
        direction: 'FC->SG',
        maxPassengers: 4,
        organizerPassengerCount: 1,
        pickupLocation: 'Forest City',
        dropoffLocations: ['Woodlands MRT'],
        crossing: 'causeway',
        weekdays: [1],
        time: '07:30',
        fromDate: '2031-03-03',
        untilDate: '2031-03-10',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const rides = await t.db
      .selectFrom('rides')
      .select('crossing')
      .where('seriesId', '=', res.json<{ id: number }>().id)
      .execute();
    expect(rides).toEqual([{ crossing: 'causeway' }, { crossing: 'causeway' }]);
  });

  it('shows its newest stage in the rides lists', async () => {
    await stage(acme, 'departed');
    at(22 * MINUTE);
    await stage(acme, 'cleared-exit-checkpoint');
    const joined = await t.app.inject({ method: 'GET', url: '/api/rides/user/joined', headers: as(paul) });
    expect(joined.statusCode, joined.body).toBe(200);
    const body = joined.json<
      { id: number; tripLatest: unknown }[] | { items: { id: number; tripLatest: unknown }[] }
    >();
    const items = Array.isArray(body) ? body : body.items;
    expect(items.find((item) => item.id === ride.id)?.tripLatest).toEqual({
      stage: 'cleared-exit-checkpoint',
      at: clock.toISOString(),
    });
  });
});

describe('two posters at once', () => {
  it('only one of two posts of the same stage succeeds, through two instances on one database', async () => {
    // Against a server the second instance has its own connection pool (as a second process would);
    // the embedded engine is one process, so the second instance shares its handle.
    const pool = serverMode ? await connectDatabase({ databaseUrl: t.tdb.connectionString, poolSize: 4 }) : null;
    const second = await build(pool?.db ?? t.db);
    try {
      const results = await Promise.all([postStage(acme, 'departed'), postStage(olivia, 'departed', second)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const rows = await t.db.selectFrom('rideTripStages').select('stage').where('rideId', '=', ride.id).execute();
      expect(rows).toEqual([{ stage: 'departed' }]);
    } finally {
      await second.close();
      await pool?.close();
    }
  });
});
