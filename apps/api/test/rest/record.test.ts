/**
 * A member's record and thumbs over the documented paths (docs/record.md): every definition of the
 * record (completed trips, late cancellations, late leaves, no-shows, the vendor's on-time and late
 * departures, thumbs), each refusal of a thumb, who reads the notes, the once-a-day notice, two
 * identical thumbs at once, the administrator's removal, and a ride run through trip day to
 * completion whose members' records are read at the end.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { sweepOnce } from '../../src/services/sweep';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { GENEROUS_RATE_LIMITS, testEnv } from '../helpers/env';

type Json = Record<string, unknown>;

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const START = new Date('2031-03-01T02:00:00.000Z');
let clock = START;
const at = (ms: number) => {
  clock = new Date(START.getTime() + ms);
};

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({ env: testEnv({ ...GENEROUS_RATE_LIMITS }), db, now: () => clock });
    await app.ready();
    return app;
  },
});

const log = { error: () => undefined, warn: () => undefined, info: () => undefined };

let olivia: TestUser; // organiser
let paul: TestUser; // rider
let rita: TestUser; // rider
let mallory: TestUser; // on no ride
let acme: TestUser; // the assigned vendor
let admin: TestUser;
const cookies = new Map<number, string>();

beforeEach(async () => {
  clock = START;
  olivia = await createUser(t.db, { name: 'Olivia' });
  paul = await createUser(t.db, { name: 'Paul' });
  rita = await createUser(t.db, { name: 'Rita' });
  mallory = await createUser(t.db, { name: 'Mallory' });
  acme = await createVendor(t.db, { companyName: 'Acme Cabs' });
  admin = await createUser(t.db, { name: 'Ada', isAdmin: true });
  cookies.clear();
  for (const user of [olivia, paul, rita, mallory, acme, admin]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser | null) => (user ? { cookie: cookies.get(user.id) ?? '' } : {});
const id = (n: number) => String(n);

async function record(user: TestUser, viewer: TestUser = mallory): Promise<Json> {
  const res = await t.app.inject({ method: 'GET', url: `/api/users/${id(user.id)}/record`, headers: as(viewer) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Json>();
}

const rate = (user: TestUser | null, rideId: number, payload: Json) =>
  t.app.inject({ method: 'POST', url: `/api/rides/${id(rideId)}/ratings`, headers: as(user), payload });
const mine = (user: TestUser | null, rideId: number) =>
  t.app.inject({ method: 'GET', url: `/api/rides/${id(rideId)}/ratings/mine`, headers: as(user) });

/** An assigned ride departing `departsIn` after START with Paul and Rita on it; answers it and their entries. */
async function assignedRide(departsIn = 2 * DAY) {
  const ride = await createRide(t.db, olivia, {
    date: new Date(START.getTime() + departsIn),
    status: 'assigned',
    vendorId: acme.id,
  });
  const paulEntry = await addPassenger(t.db, ride, paul);
  const ritaEntry = await addPassenger(t.db, ride, rita);
  return { ride, paulEntry, ritaEntry, departure: new Date(START.getTime() + departsIn) };
}

/** The vendor's Complete, after departure. */
async function complete(ride: TestRide): Promise<void> {
  const res = await t.app.inject({ method: 'POST', url: `/api/rides/${id(ride.id)}/complete`, headers: as(acme) });
  expect(res.statusCode, res.body).toBe(200);
}

/** A ride departed an hour before START + `completedIn`, completed then by its vendor. */
async function completedRide(completedIn = 0) {
  const made = await assignedRide(completedIn - HOUR);
  at(completedIn);
  await complete(made.ride);
  return made;
}

const cancel = (user: TestUser, rideId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/rides/${id(rideId)}/cancel`,
    headers: as(user),
    payload: { reason: 'Car broke down' },
  });
const leave = (user: TestUser, rideId: number, entryId: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/rides/${id(rideId)}/passengers/${id(entryId)}`, headers: as(user) });

const EMPTY_MEMBER = {
  tripsCompleted: 0,
  asOrganizer: { completed: 0, cancelledLate: 0, removedLate: 0 },
  asRider: { completed: 0, noShows: 0, leftLate: 0 },
  asVendor: null,
  thumbs: { up: 0, down: 0 },
};

describe('GET /api/users/:id/record', () => {
  it('answers a new member all zeros, a vendor with its vendor counts, and refuses visitors 401', async () => {
    expect(await record(paul)).toEqual(EMPTY_MEMBER);
    expect(await record(acme)).toEqual({ ...EMPTY_MEMBER, asVendor: { completed: 0, onTime: 0, late: 0 } });
    const visitor = await t.app.inject({ method: 'GET', url: `/api/users/${id(paul.id)}/record` });
    expect(visitor.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/api/users/999999/record', headers: as(paul) });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/users/abc/record', headers: as(paul) });
    expect(bad.statusCode).toBe(400);
  });

  it('counts a completed trip for the organiser, each rider on it at departure and the vendor; not an open or cancelled one', async () => {
    await completedRide();
    await assignedRide(5 * DAY); // still ahead
    expect(await record(olivia)).toMatchObject({ tripsCompleted: 1, asOrganizer: { completed: 1, cancelledLate: 0 } });
    for (const rider of [paul, rita]) {
      expect(await record(rider)).toMatchObject({
        tripsCompleted: 1,
        asRider: { completed: 1, noShows: 0, leftLate: 0 },
      });
    }
    expect(await record(acme)).toMatchObject({ tripsCompleted: 1, asVendor: { completed: 1 } });
    expect(await record(mallory)).toEqual(EMPTY_MEMBER);
  });

  it('does not count a trip for a rider who left before departure', async () => {
    const { ride, ritaEntry } = await assignedRide(3 * DAY);
    expect((await leave(rita, ride.id, ritaEntry.id)).statusCode).toBe(200);
    at(3 * DAY + HOUR);
    await complete(ride);
    expect(await record(rita)).toMatchObject({ tripsCompleted: 0, asRider: { completed: 0, leftLate: 0 } });
    expect(await record(paul)).toMatchObject({ tripsCompleted: 1 });
  });
});

describe('cancelledLate', () => {
  it('counts the organiser cancelling within 24 hours of departure with riders on it, also after they leave', async () => {
    const { ride, paulEntry, ritaEntry } = await assignedRide(20 * HOUR);
    expect((await cancel(olivia, ride.id)).statusCode).toBe(200);
    expect(await record(olivia)).toMatchObject({ asOrganizer: { completed: 0, cancelledLate: 1 } });
    // The riders leave the cancelled ride: it stays on the record, and the ride cannot be deleted.
    expect((await leave(paul, ride.id, paulEntry.id)).statusCode).toBe(200);
    expect((await leave(rita, ride.id, ritaEntry.id)).statusCode).toBe(200);
    expect(await record(olivia)).toMatchObject({ asOrganizer: { cancelledLate: 1 } });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/rides/${id(ride.id)}`, headers: as(olivia) });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({
      error: 'This ride was cancelled within 24 hours of departure with riders on it; it stays on your record',
    });
    // Leaving a cancelled ride is no late leave.
    expect(await record(paul)).toMatchObject({ asRider: { leftLate: 0 } });
  });

  it('does not count a cancellation more than 24 hours ahead, nor one with nobody else on the ride', async () => {
    const early = await assignedRide(25 * HOUR);
    expect((await cancel(olivia, early.ride.id)).statusCode).toBe(200);
    const alone = await createRide(t.db, olivia, { date: new Date(START.getTime() + 2 * HOUR) });
    expect((await cancel(olivia, alone.id)).statusCode).toBe(200);
    expect(await record(olivia)).toMatchObject({ asOrganizer: { cancelledLate: 0 } });
  });
});

describe('leftLate', () => {
  it('counts a rider leaving within 24 hours of departure, and keeps it past the sweep; an early leave is not counted', async () => {
    const late = await assignedRide(10 * HOUR);
    const early = await assignedRide(5 * DAY);
    expect((await leave(paul, late.ride.id, late.paulEntry.id)).statusCode).toBe(200);
    expect((await leave(paul, early.ride.id, early.paulEntry.id)).statusCode).toBe(200);
    expect(await record(paul)).toMatchObject({ asRider: { leftLate: 1 } });
    // Days later the sweep drops the early leave (it counts for nothing now) and keeps the late one.
    await sweepOnce(t.db, new Date(START.getTime() + 3 * DAY), log);
    const leaves = await t.db
      .selectFrom('rideLeaves')
      .select(['rideId', 'late'])
      .where('userId', '=', paul.id)
      .execute();
    expect(leaves).toEqual([{ rideId: late.ride.id, late: true }]);
    expect(await record(paul)).toMatchObject({ asRider: { leftLate: 1 } });
  });

  it('keeps the rejoin wait and the daily leave limit working with late leaves kept', async () => {
    const late = await assignedRide(10 * HOUR);
    expect((await leave(paul, late.ride.id, late.paulEntry.id)).statusCode).toBe(200);
    const rejoin = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${id(late.ride.id)}/join`,
      headers: as(paul),
      payload: { dropoffLocation: 'Forest City', passengerCount: 1 },
    });
    expect(rejoin.statusCode).toBe(409);
    at(2 * HOUR);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${id(late.ride.id)}/join`,
      headers: as(paul),
      payload: { dropoffLocation: 'Forest City', passengerCount: 1 },
    });
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('thumbs', () => {
  it('lets a rider thumb the organiser and the vendor, changes it on a second call, and lists it as mine', async () => {
    const { ride } = await completedRide();
    const first = await rate(paul, ride.id, { subjectId: olivia.id, value: 'up', note: 'On time, friendly' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ subjectId: olivia.id, value: 'up', note: 'On time, friendly' });
    expect((await rate(paul, ride.id, { subjectId: acme.id, value: 'down' })).statusCode).toBe(201);
    at(3 * DAY);
    const changed = await rate(paul, ride.id, { subjectId: olivia.id, value: 'down', note: '' });
    expect(changed.statusCode).toBe(201);
    expect(changed.json()).toMatchObject({ value: 'down', note: null });
    const list = await mine(paul, ride.id);
    expect(list.statusCode).toBe(200);
    expect(list.json<Json[]>().map((row) => [row.subjectId, row.value, row.note])).toEqual(
      [
        [olivia.id, 'down', null],
        [acme.id, 'down', null],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    const rows = await t.db.selectFrom('rideRatings').select('id').where('raterId', '=', paul.id).execute();
    expect(rows).toHaveLength(2);
    expect(await record(olivia)).toMatchObject({ thumbs: { up: 0, down: 1 } });
    expect(await record(acme)).toMatchObject({ thumbs: { up: 0, down: 1 } });
  });

  it('leaves a vendor suspended since out of the party: it gives no thumb and gets none (docs/architecture.md#ride-party)', async () => {
    const { ride } = await completedRide();
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Audit' })
      .where('id', '=', acme.id)
      .execute();
    const given = await rate(acme, ride.id, { subjectId: olivia.id, value: 'up' });
    expect(given.statusCode).toBe(403);
    expect(given.json()).toEqual({ error: "Only the ride's organizer, its riders and its driver can give thumbs" });
    const got = await rate(paul, ride.id, { subjectId: acme.id, value: 'down' });
    expect(got.statusCode).toBe(400);
    expect(got.json()).toEqual({ error: 'That member was not on this ride' });
    expect((await rate(paul, ride.id, { subjectId: olivia.id, value: 'up' })).statusCode).toBe(201);
    expect(await t.db.selectFrom('rideRatings').select('subjectId').where('rideId', '=', ride.id).execute()).toEqual([
      { subjectId: olivia.id },
    ]);
  });

  it('lets the organiser thumb each rider and the vendor, and the vendor thumb the organiser', async () => {
    const { ride } = await completedRide();
    for (const subject of [paul, rita, acme]) {
      expect((await rate(olivia, ride.id, { subjectId: subject.id, value: 'up' })).statusCode).toBe(201);
    }
    expect((await rate(acme, ride.id, { subjectId: olivia.id, value: 'up' })).statusCode).toBe(201);
    expect(await record(paul)).toMatchObject({ thumbs: { up: 1, down: 0 } });
    expect(await record(olivia)).toMatchObject({ thumbs: { up: 1, down: 0 } });
  });

  describe('refusals (nothing written)', () => {
    it('refuses a ride not completed 409 and one completed more than 14 days ago 409', async () => {
      const { ride } = await assignedRide(2 * DAY);
      const open = await rate(paul, ride.id, { subjectId: olivia.id, value: 'up' });
      expect(open.statusCode).toBe(409);
      expect(open.json()).toEqual({ error: 'Thumbs open once the ride is completed' });
      const done = await completedRide(3 * DAY);
      at(3 * DAY + 14 * DAY);
      expect((await rate(paul, done.ride.id, { subjectId: olivia.id, value: 'up' })).statusCode).toBe(201);
      at(3 * DAY + 14 * DAY + MINUTE);
      const late = await rate(paul, done.ride.id, { subjectId: olivia.id, value: 'down' });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ error: 'Thumbs close 14 days after the ride was completed' });
      expect(await record(olivia)).toMatchObject({ thumbs: { up: 1, down: 0 } });
    });

    it('refuses someone outside the party 403, rating oneself 403 and a rider rating a rider 403', async () => {
      const { ride } = await completedRide();
      const outsider = await rate(mallory, ride.id, { subjectId: olivia.id, value: 'up' });
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toEqual({
        error: "Only the ride's organizer, its riders and its driver can give thumbs",
      });
      const self = await rate(olivia, ride.id, { subjectId: olivia.id, value: 'up' });
      expect(self.statusCode).toBe(403);
      expect(self.json()).toEqual({ error: 'You cannot give yourself a thumb' });
      expect((await rate(paul, ride.id, { subjectId: rita.id, value: 'down' })).statusCode).toBe(403);
      expect((await mine(mallory, ride.id)).statusCode).toBe(403);
      expect(await t.db.selectFrom('rideRatings').select('id').execute()).toEqual([]);
    });

    it('refuses a subject outside the party 400, and bad values and notes 400', async () => {
      const { ride } = await completedRide();
      const stranger = await rate(paul, ride.id, { subjectId: mallory.id, value: 'up' });
      expect(stranger.statusCode).toBe(400);
      expect(stranger.json()).toEqual({ error: 'That member was not on this ride' });
      expect((await rate(paul, ride.id, { subjectId: olivia.id, value: 'sideways' })).statusCode).toBe(400);
      expect((await rate(paul, ride.id, { subjectId: olivia.id })).statusCode).toBe(400);
      const long = await rate(paul, ride.id, { subjectId: olivia.id, value: 'up', note: 'x'.repeat(281) });
      expect(long.statusCode).toBe(400);
      expect((await rate(paul, ride.id, { subjectId: olivia.id, value: 'up', note: 'x'.repeat(280) })).statusCode).toBe(
        201,
      );
      expect((await rate(null, ride.id, { subjectId: olivia.id, value: 'up' })).statusCode).toBe(401);
      expect((await rate(paul, 999999, { subjectId: olivia.id, value: 'up' })).statusCode).toBe(404);
    });
  });

  it('leaves one thumb when the same call arrives twice at once', async () => {
    const { ride } = await completedRide();
    const payload = { subjectId: olivia.id, value: 'up', note: 'Great' };
    const answers = await Promise.all([rate(paul, ride.id, payload), rate(paul, ride.id, payload)]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    const rows = await t.db.selectFrom('rideRatings').select(['value', 'note']).execute();
    expect(rows).toEqual([{ value: 'up', note: 'Great' }]);
    expect(await record(olivia)).toMatchObject({ thumbs: { up: 1, down: 0 } });
  });

  it('shows notes to the subject and administrators only, never who gave them to the subject', async () => {
    const { ride } = await completedRide();
    await rate(paul, ride.id, { subjectId: olivia.id, value: 'up', note: 'Kind and on time' });
    const url = `/api/users/${id(olivia.id)}/ratings`;
    const own = await t.app.inject({ method: 'GET', url, headers: as(olivia) });
    expect(own.statusCode).toBe(200);
    // One member could have written it: the note waits until a second member gives a thumb.
    expect(own.json<Json[]>()).toEqual([{ id: expect.any(Number) as number, value: 'up', note: null }]);
    await rate(rita, ride.id, { subjectId: olivia.id, value: 'down' });
    const received = (await t.app.inject({ method: 'GET', url, headers: as(olivia) })).json<Json[]>();
    expect(received).toEqual([
      { id: expect.any(Number) as number, value: 'up', note: 'Kind and on time' },
      { id: expect.any(Number) as number, value: 'down', note: null },
    ]);
    // Neither the ride nor its date nor when it was given: nothing that points to its giver.
    for (const key of ['rideId', 'rideDirection', 'rideDate', 'updatedAt', 'raterId']) {
      expect(received[0]).not.toHaveProperty(key);
    }
    expect(JSON.stringify(received)).not.toContain(String(paul.discordUsername));
    expect((await t.app.inject({ method: 'GET', url, headers: as(admin) })).statusCode).toBe(200);
    for (const viewer of [paul, mallory]) {
      expect((await t.app.inject({ method: 'GET', url, headers: as(viewer) })).statusCode).toBe(403);
    }
    // The record, which every member reads, carries counts only.
    expect(JSON.stringify(await record(olivia, mallory))).not.toContain('Kind and on time');
  });

  it('tells the subject of a new thumb without who gave it, at most once a day', async () => {
    const { ride } = await completedRide();
    const notices = () =>
      t.db
        .selectFrom('notifications')
        .select(['kind', 'rideId', 'detail'])
        .where('userId', '=', olivia.id)
        .where('kind', '=', 'thumb_received')
        .execute();
    await rate(paul, ride.id, { subjectId: olivia.id, value: 'up' });
    expect(await notices()).toEqual([{ kind: 'thumb_received', rideId: ride.id, detail: null }]);
    at(2 * HOUR);
    await rate(rita, ride.id, { subjectId: olivia.id, value: 'down' });
    await rate(paul, ride.id, { subjectId: olivia.id, value: 'down' }); // a change tells nobody
    expect(await notices()).toHaveLength(1);
    await t.db.updateTable('notifications').set({ readAt: clock }).where('userId', '=', olivia.id).execute();
    at(DAY + HOUR);
    await rate(acme, ride.id, { subjectId: olivia.id, value: 'up' });
    expect(await notices()).toHaveLength(2);
  });

  it('lets an administrator remove a thumb and its note: it counts no more and is not given again', async () => {
    const { ride } = await completedRide();
    await rate(paul, ride.id, { subjectId: olivia.id, value: 'down', note: 'Rude words here' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/ratings', headers: as(admin) });
    expect(list.statusCode).toBe(200);
    const [thumb] = list.json<Json[]>();
    expect(thumb).toMatchObject({
      value: 'down',
      note: 'Rude words here',
      rater: { id: paul.id, name: 'Paul' },
      subject: { id: olivia.id, name: 'Olivia' },
    });
    const ratingId = id(Number(thumb?.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/ratings', headers: as(paul) })).statusCode).toBe(403);
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/ratings/${ratingId}`, headers: as(paul) });
    expect(refused.statusCode).toBe(403);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/admin/ratings/${ratingId}`, headers: as(admin) });
    expect(removed.statusCode).toBe(200);
    expect(await record(olivia)).toMatchObject({ thumbs: { up: 0, down: 0 } });
    const row = await t.db.selectFrom('rideRatings').select(['note', 'removedBy']).executeTakeFirstOrThrow();
    expect(row).toEqual({ note: null, removedBy: admin.id });
    expect((await mine(paul, ride.id)).json()).toEqual([]);
    const again = await rate(paul, ride.id, { subjectId: olivia.id, value: 'down' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'An administrator removed this thumb; it cannot be given again' });
    const missing = await t.app.inject({ method: 'DELETE', url: '/api/admin/ratings/999999', headers: as(admin) });
    expect(missing.statusCode).toBe(404);
  });
});

describe('trip day to completion', () => {
  const trip = (user: TestUser, rideId: number, path: string, method: 'POST' | 'DELETE' = 'POST', payload?: Json) =>
    t.app.inject({
      method,
      url: `/api/rides/${id(rideId)}/${path}`,
      headers: as(user),
      ...(payload ? { payload } : {}),
    });

  it("runs a ride through trip day and reads each member's record", async () => {
    const departure = 2 * DAY;
    const { ride, paulEntry, ritaEntry } = await assignedRide(departure);
    // The vendor posts each stage; `departed` ten minutes after departure is on time.
    at(departure - 30 * MINUTE);
    expect((await trip(acme, ride.id, 'trip/stage', 'POST', { stage: 'at-pickup' })).statusCode).toBe(200);
    at(departure + 10 * MINUTE);
    expect((await trip(acme, ride.id, 'trip/stage', 'POST', { stage: 'departed' })).statusCode).toBe(200);
    // Rita never came: the organiser marks her party. Paul's mark was a mistake and is taken back.
    expect((await trip(olivia, ride.id, `passengers/${id(ritaEntry.id)}/no-show`)).statusCode).toBe(200);
    expect((await trip(olivia, ride.id, `passengers/${id(paulEntry.id)}/no-show`)).statusCode).toBe(200);
    expect((await trip(olivia, ride.id, `passengers/${id(paulEntry.id)}/no-show`, 'DELETE')).statusCode).toBe(200);
    for (const stage of [
      'at-exit-checkpoint',
      'cleared-exit-checkpoint',
      'at-entry-checkpoint',
      'cleared-entry-checkpoint',
    ]) {
      at(clock.getTime() - START.getTime() + 20 * MINUTE);
      expect((await trip(acme, ride.id, 'trip/stage', 'POST', { stage })).statusCode).toBe(200);
    }
    at(departure + 3 * HOUR);
    // `arrived` completes the ride (the same write as the vendor's Complete).
    expect((await trip(acme, ride.id, 'trip/stage', 'POST', { stage: 'arrived' })).statusCode).toBe(200);
    // A second ride leaves 20 minutes late.
    const second = await assignedRide(departure + DAY);
    at(departure + DAY + 20 * MINUTE);
    expect((await trip(acme, second.ride.id, 'trip/stage', 'POST', { stage: 'departed' })).statusCode).toBe(200);

    expect(await record(olivia)).toEqual({
      ...EMPTY_MEMBER,
      tripsCompleted: 1,
      asOrganizer: { completed: 1, cancelledLate: 0, removedLate: 0 },
    });
    expect(await record(paul)).toEqual({
      ...EMPTY_MEMBER,
      tripsCompleted: 1,
      asRider: { completed: 1, noShows: 0, leftLate: 0 },
    });
    expect(await record(rita)).toEqual({ ...EMPTY_MEMBER, asRider: { completed: 0, noShows: 1, leftLate: 0 } });
    expect(await record(acme)).toEqual({
      ...EMPTY_MEMBER,
      tripsCompleted: 1,
      asVendor: { completed: 1, onTime: 1, late: 1 },
    });

    // Thumbs open with the arrival: Paul thumbs the organiser, who thumbs Rita down.
    expect((await rate(paul, ride.id, { subjectId: olivia.id, value: 'up' })).statusCode).toBe(201);
    expect((await rate(olivia, ride.id, { subjectId: rita.id, value: 'down', note: 'Never came' })).statusCode).toBe(
      201,
    );
    expect(await record(olivia)).toMatchObject({ thumbs: { up: 1, down: 0 } });
    expect(await record(rita)).toMatchObject({ thumbs: { up: 0, down: 1 } });
  });
});

describe('record.ride (the thumbs card)', () => {
  it('names whom the caller may thumb, what they gave and when thumbs close', async () => {
    const { ride } = await completedRide();
    await rate(olivia, ride.id, { subjectId: paul.id, value: 'up' });
    const caller = async (user: TestUser) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/record.ride?input=${encodeURIComponent(JSON.stringify({ rideId: ride.id }))}`,
        headers: as(user),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ result: { data: Json } }>().result.data;
    };
    const organizer = await caller(olivia);
    expect(organizer).toMatchObject({
      open: true,
      closesAt: new Date(START.getTime() + 14 * DAY).toISOString(),
      subjects: [
        { id: acme.id, name: 'Acme Cabs', role: 'vendor' },
        { id: paul.id, name: 'Paul', role: 'rider' },
        { id: rita.id, name: 'Rita', role: 'rider' },
      ],
    });
    expect((organizer.given as Json[]).map((thumb) => thumb.subjectId)).toEqual([paul.id]);
    expect(await caller(paul)).toMatchObject({
      subjects: [
        { id: olivia.id, name: 'Olivia', role: 'organizer' },
        { id: acme.id, name: 'Acme Cabs', role: 'vendor' },
      ],
      given: [],
    });
  });
});
