/**
 * The border checklist's REST paths: the private travel profile, a rider's checklist and ticks,
 * readiness on the ride answer, and the group QR code reset when the party changes.
 */
import { singaporeDay } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

type Json = Record<string, unknown>;
const DAY = 86_400_000;

/** A Singapore day `days` from now ('YYYY-MM-DD'). */
const dayIn = (days: number) => singaporeDay(new Date(Date.now() + days * DAY));

let olivia: TestUser;
let bob: TestUser;
let carol: TestUser;
let oliviaCookie: string;
let bobCookie: string;
let carolCookie: string;

beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  bob = await createUser(t.db, { name: 'Bob' });
  carol = await createUser(t.db, { name: 'Carol' });
  oliviaCookie = await loginAs(t.app, olivia);
  bobCookie = await loginAs(t.app, bob);
  carolCookie = await loginAs(t.app, carol);
});

function send(method: 'GET' | 'PUT' | 'POST', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

const putProfile = (cookie: string | null, payload: unknown) =>
  send('PUT', '/api/users/me/travel-profile', cookie, payload);
const checklist = (cookie: string | null, rideId: number) =>
  send('GET', `/api/rides/${String(rideId)}/checklist`, cookie);
const tick = (cookie: string | null, rideId: number, item: string, payload: unknown = { done: true }) =>
  send('POST', `/api/rides/${String(rideId)}/checklist/${item}`, cookie, payload);

/** A ride Olivia organises with Bob on it, departing in `days` days (SG->FC unless told). */
async function rideWithBob(days: number, direction: 'SG->FC' | 'FC->SG' = 'SG->FC') {
  const ride = await createRide(t.db, olivia, { date: new Date(Date.now() + days * DAY), direction, maxPassengers: 6 });
  await addPassenger(t.db, ride, bob);
  return ride;
}

describe('GET/PUT /api/users/me/travel-profile', () => {
  it('is empty until saved, then answers only its owner what they saved', async () => {
    const empty = await send('GET', '/api/users/me/travel-profile', bobCookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ documentCategory: null, passportExpiresOn: null });

    const saved = await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(400) });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ documentCategory: 'other', passportExpiresOn: dayIn(400) });
    expect((await send('GET', '/api/users/me/travel-profile', bobCookie)).json()).toEqual(saved.json());
    // Carol's own profile is still empty: the path is always the caller's.
    expect((await send('GET', '/api/users/me/travel-profile', carolCookie)).json()).toEqual({
      documentCategory: null,
      passportExpiresOn: null,
    });
  });

  it('never shows the profile in another answer', async () => {
    const ride = await rideWithBob(3);
    const expiry = dayIn(333);
    await putProfile(bobCookie, { documentCategory: 'sg-resident', passportExpiresOn: expiry });
    for (const url of [`/api/rides/${String(ride.id)}`, `/api/rides/${String(ride.id)}/passengers`, '/api/rides']) {
      const res = await send('GET', url, oliviaCookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(expiry);
      expect(res.body).not.toContain('sg-resident');
    }
  });

  it('refuses signed-out callers, unknown categories, bad, past and implausible dates with a 400 naming them', async () => {
    expect((await send('GET', '/api/users/me/travel-profile', null)).statusCode).toBe(401);
    expect((await putProfile(null, { documentCategory: 'other' })).statusCode).toBe(401);

    const unknown = await putProfile(bobCookie, { documentCategory: 'martian' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain("Unknown document category 'martian'");

    const badDate = await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: '2027-02-30' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error).toContain('Passport expiry must be a date (YYYY-MM-DD)');

    const past = await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(-1) });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe(`Passport expiry ${dayIn(-1)} is in the past; enter a valid passport's date`);

    const far = await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(3700) });
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toContain('more than 10 years ahead');

    // None of them was stored.
    expect((await send('GET', '/api/users/me/travel-profile', bobCookie)).json().documentCategory).toBeNull();
  });
});

describe('GET /api/rides/:id/checklist', () => {
  it('gives each rider their own items; a passport expiring too soon is a problem with its reason', async () => {
    const ride = await rideWithBob(2);
    await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(120) });
    const res = await checklist(bobCookie, ride.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ rideId: ride.id, profileSet: true, ready: false });
    expect(body.items.map((item: Json) => [item.id, item.status])).toEqual([
      ['passport', 'problem'],
      ['mdac', 'todo'],
      ['group-qr', 'todo'],
    ]);
    expect(body.items[0].reason).toMatch(
      /^Your passport expires on .*, 3 months after the trip; Malaysia asks for at least 6 months/,
    );
    expect(body.items[1]).toMatchObject({ opensOn: dayIn(-1), link: expect.stringMatching(/^https:\/\//) });

    // Olivia (the organiser) has none yet.
    expect((await checklist(oliviaCookie, ride.id)).json()).toEqual({
      rideId: ride.id,
      profileSet: false,
      ready: false,
      items: [],
    });
  });

  it('says when a window is not yet open', async () => {
    const ride = await rideWithBob(10, 'FC->SG');
    await putProfile(bobCookie, { documentCategory: 'my-citizen' });
    const items = (await checklist(bobCookie, ride.id)).json().items as Json[];
    expect(items[0]).toMatchObject({ id: 'sg-arrival-card', status: 'not-yet-open', opensOn: dayIn(7) });
  });

  it('is refused to others (403), on a cancelled ride (409), an unknown ride (404) and signed out (401)', async () => {
    const ride = await rideWithBob(3);
    const other = await checklist(carolCookie, ride.id);
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe("Only the ride's organizer and passengers have a checklist for it");
    const cancelled = await createRide(t.db, olivia, { status: 'cancelled' });
    const gone = await checklist(oliviaCookie, cancelled.id);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().error).toBe('This ride was cancelled; it has no checklist');
    expect((await checklist(oliviaCookie, 999_999)).statusCode).toBe(404);
    expect((await checklist(null, ride.id)).statusCode).toBe(401);
    expect((await send('GET', '/api/rides/abc/checklist', bobCookie)).statusCode).toBe(400);
  });
});

describe('POST /api/rides/:id/checklist/:item', () => {
  it('ticks and unticks a self-declared item', async () => {
    const ride = await rideWithBob(2);
    await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(900) });
    const ticked = await tick(bobCookie, ride.id, 'mdac');
    expect(ticked.statusCode).toBe(200);
    expect(ticked.json()).toMatchObject({ ready: true });
    expect((ticked.json().items as Json[]).find((item) => item.id === 'mdac')?.status).toBe('done');
    const unticked = await tick(bobCookie, ride.id, 'mdac', { done: false });
    expect((unticked.json().items as Json[]).find((item) => item.id === 'mdac')?.status).toBe('todo');
    expect(unticked.json().ready).toBe(false);
  });

  it('refuses unknown items, bad bodies, the passport, items that do not apply, and closed windows', async () => {
    const soon = await rideWithBob(2);
    const later = await rideWithBob(10);
    await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(900) });

    const unknown = await tick(bobCookie, soon.id, 'visa');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain("Unknown checklist item 'visa'");
    expect((await tick(bobCookie, soon.id, 'mdac', { done: 'yes' })).statusCode).toBe(400);
    const passport = await tick(bobCookie, soon.id, 'passport');
    expect(passport.statusCode).toBe(400);
    expect(passport.json().error).toContain('cannot be ticked');
    const notMine = await tick(bobCookie, soon.id, 'sg-arrival-card');
    expect(notMine.statusCode).toBe(400);
    expect(notMine.json().error).toBe('SG Arrival Card does not apply to you on this ride');
    const closed = await tick(bobCookie, later.id, 'mdac');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toContain('can be submitted from');

    // Without a profile nothing can be ticked.
    const noProfile = await tick(oliviaCookie, soon.id, 'group-qr');
    expect(noProfile.statusCode).toBe(400);
    expect(noProfile.json().error).toBe('Set your travel documents on your profile first');
  });

  it('is refused on someone else’s ride (403) and on a cancelled one (409)', async () => {
    const ride = await rideWithBob(2);
    await putProfile(carolCookie, { documentCategory: 'other', passportExpiresOn: dayIn(900) });
    expect((await tick(carolCookie, ride.id, 'group-qr')).statusCode).toBe(403);
    const cancelled = await createRide(t.db, olivia, { status: 'cancelled' });
    expect((await tick(oliviaCookie, cancelled.id, 'group-qr')).statusCode).toBe(409);
  });
});

describe('readiness on GET /api/rides/:id', () => {
  it('counts ready riders for the organiser and the assigned vendor only', async () => {
    const vendor = await createVendor(t.db);
    const vendorCookie = await loginAs(t.app, vendor);
    const ride = await createRide(t.db, olivia, {
      date: new Date(Date.now() + 2 * DAY),
      status: 'assigned',
      vendorId: vendor.id,
    });
    await addPassenger(t.db, ride, bob);
    await putProfile(oliviaCookie, { documentCategory: 'sg-citizen', passportExpiresOn: dayIn(900) });
    await putProfile(bobCookie, { documentCategory: 'other', passportExpiresOn: dayIn(900) });
    const readiness = async (cookie: string | null) =>
      (await send('GET', `/api/rides/${String(ride.id)}`, cookie)).json().readiness as unknown;

    expect(await readiness(oliviaCookie)).toEqual({ ready: 1, total: 2 });
    expect(await readiness(vendorCookie)).toEqual({ ready: 1, total: 2 });
    expect(await readiness(bobCookie)).toBeNull();
    expect(await readiness(carolCookie)).toBeNull();
    expect(await readiness(null)).toBeNull();

    await tick(bobCookie, ride.id, 'mdac');
    expect(await readiness(oliviaCookie)).toEqual({ ready: 2, total: 2 });
  });
});

describe('the group QR code when the party changes', () => {
  it('resets the ticks and tells the organiser and the riders who ticked it', async () => {
    const ride = await rideWithBob(2);
    await putProfile(bobCookie, { documentCategory: 'sg-citizen', passportExpiresOn: dayIn(900) });
    expect((await tick(bobCookie, ride.id, 'group-qr')).statusCode).toBe(200);

    const joined = await send('POST', `/api/rides/${String(ride.id)}/join`, carolCookie, {
      dropoffLocation: 'Bedok',
      passengerCount: 1,
    });
    expect(joined.statusCode).toBe(201);

    const items = (await checklist(bobCookie, ride.id)).json().items as Json[];
    expect(items.find((item) => item.id === 'group-qr')?.status).toBe('todo');
    const kinds = async (cookie: string) =>
      ((await send('GET', '/api/notifications', cookie)).json().items as Json[]).map((item) => item.kind);
    expect(await kinds(bobCookie)).toEqual(['group_qr_outdated']);
    // The organiser also hears of the join itself.
    expect((await kinds(oliviaCookie)).sort()).toEqual(['group_qr_outdated', 'passenger_joined']);
    expect(await kinds(carolCookie)).toEqual([]);
  });

  it('resets them when someone leaves too, telling only those still on the ride', async () => {
    const ride = await rideWithBob(2);
    const carolEntry = await addPassenger(t.db, ride, carol);
    for (const cookie of [bobCookie, carolCookie]) {
      await putProfile(cookie, { documentCategory: 'sg-citizen', passportExpiresOn: dayIn(900) });
      expect((await tick(cookie, ride.id, 'group-qr')).statusCode).toBe(200);
    }
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/passengers/${String(carolEntry.id)}`,
      headers: { cookie: carolCookie },
    });
    expect(left.statusCode).toBe(200);
    const ticks = await t.db.selectFrom('checklistTicks').select(['userId', 'item']).execute();
    expect(ticks).toEqual([]);
    const kinds = async (cookie: string) =>
      ((await send('GET', '/api/notifications', cookie)).json().items as Json[]).map((item) => item.kind);
    expect(await kinds(bobCookie)).toEqual(['group_qr_outdated']);
    // The organiser also hears that Carol left.
    expect((await kinds(oliviaCookie)).sort()).toEqual(['group_qr_outdated', 'passenger_left']);
    expect(await kinds(carolCookie)).toEqual([]);
  });

  it('says nothing when nobody had ticked it', async () => {
    const ride = await rideWithBob(2);
    const left = await send('POST', `/api/rides/${String(ride.id)}/join`, carolCookie, {
      dropoffLocation: 'Bedok',
      passengerCount: 1,
    });
    expect(left.statusCode).toBe(201);
    // Only the join itself: no group QR code notice.
    const kinds = ((await send('GET', '/api/notifications', oliviaCookie)).json().items as Json[]).map(
      (item) => item.kind,
    );
    expect(kinds).toEqual(['passenger_joined']);
  });
});
