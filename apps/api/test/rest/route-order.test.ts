/**
 * The route order for both directions (docs/product.md#route-order): an SG->FC ride orders its
 * pick-ups, locks, takes a late joiner the organiser places once (docs/product.md#late-joiners),
 * and merges two spellings of one place into one stop (docs/product.md#same-stop); the vendor's
 * lists show the stops in that order (`routeStops`), whoever organised the ride.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

type Json = Record<string, unknown>;

const t = useTestApp();

let olivia: TestUser;
let ben: TestUser;
let cai: TestUser;
let dan: TestUser;
let oliviaCookie: string;

beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  ben = await createUser(t.db, { name: 'Ben' });
  cai = await createUser(t.db, { name: 'Cai' });
  dan = await createUser(t.db, { name: 'Dan' });
  oliviaCookie = await loginAs(t.app, olivia);
});

const move = (rideId: number, passengerId: number, sequence: number, cookie = oliviaCookie) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/rides/${String(rideId)}/passengers/${String(passengerId)}/sequence`,
    headers: { cookie },
    payload: { sequence },
  });

const order = (entries: Json[]) => entries.map((entry) => [entry.dropoffLocation, entry.dropoffSequence]);

async function noticesOf(userId: number, kind: string) {
  return t.db
    .selectFrom('notifications')
    .select(['kind', 'detail'])
    .where('userId', '=', userId)
    .where('kind', '=', kind as never)
    .execute();
}

describe('route order on a Singapore to Forest City ride', () => {
  it('orders three pick-ups, locks, places a late joiner second once, merges two spellings', async () => {
    const vendor = await createVendor(t.db, { companyName: 'Acme Transport' });
    const ride = await createRide(t.db, olivia, {
      direction: 'SG->FC',
      organizerLocation: 'Bedok MRT',
      status: 'assigned',
      vendorId: vendor.id,
      cost: 80,
      maxPassengers: 8,
    });
    const base = `/api/rides/${String(ride.id)}`;
    const b = await addPassenger(t.db, ride, ben, { location: 'Clementi MRT exit B' });
    const c = await addPassenger(t.db, ride, cai, { location: 'Jurong East' });
    const organiserEntry = ride.organizerEntryId ?? 0;

    // Jurong East first, then Clementi, then the organiser's Bedok.
    expect((await move(ride.id, c.id, 1)).statusCode).toBe(200);
    const ordered = await move(ride.id, b.id, 2);
    expect(ordered.statusCode).toBe(200);
    expect(order(ordered.json<Json[]>())).toEqual([
      ['Jurong East', 1],
      ['Clementi MRT exit B', 2],
      ['Bedok MRT', 3],
    ]);
    const lock = await t.app.inject({ method: 'POST', url: `${base}/lockSequence`, headers: { cookie: oliviaCookie } });
    expect(lock.statusCode).toBe(200);

    // Dan joins the locked order at a new place: not placed yet, the organiser asked to place him.
    const danCookie = await loginAs(t.app, dan);
    const joined = await t.app.inject({
      method: 'POST',
      url: `${base}/join`,
      headers: { cookie: danCookie },
      payload: { dropoffLocation: 'Clementi MRT, Exit B (bus stop)', passengerCount: 1 },
    });
    expect(joined.statusCode).toBe(201);
    const d = joined.json<Json>();
    expect(d.dropoffSequence).toBeNull();
    expect(await noticesOf(olivia.id, 'order_place_newcomer')).toEqual([
      { kind: 'order_place_newcomer', detail: 'Dan' },
    ]);
    const calendarOf = async (cookie: string) =>
      (await t.app.inject({ method: 'GET', url: `${base}/calendar.ics`, headers: { cookie } })).body.replace(
        /\r\n[ \t]/g,
        '',
      );
    expect(await calendarOf(danCookie)).toContain('(not placed yet)');
    const beforeMerge = await t.app.inject({ method: 'GET', url: base });
    expect(beforeMerge.json<Json>().additionalStops).toBe(3);

    // The others stay where they are; Dan is placed second, once.
    const refused = await move(ride.id, b.id, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Json>().error).toBe('The order is locked');
    const placed = await move(ride.id, Number(d.id), 2);
    expect(placed.statusCode).toBe(200);
    expect(order(placed.json<Json[]>())).toEqual([
      ['Jurong East', 1],
      ['Clementi MRT, Exit B (bus stop)', 2],
      ['Clementi MRT exit B', 3],
      ['Bedok MRT', 4],
    ]);
    const again = await move(ride.id, Number(d.id), 1);
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('The order is locked');
    // Everyone else on the ride is told their stop number.
    expect(await noticesOf(ben.id, 'order_changed')).toEqual([{ kind: 'order_changed', detail: '3' }]);
    expect(await noticesOf(dan.id, 'order_changed')).toEqual([{ kind: 'order_changed', detail: '2' }]);
    expect(await noticesOf(olivia.id, 'order_changed')).toEqual([]);
    // Dan's calendar event follows: his pick-up is stop 2 now.
    expect(await calendarOf(danCookie)).toContain('(Stop #2)');

    // Two spellings of Clementi become one stop: one stop fewer on the total.
    const merge = await t.app.inject({
      method: 'POST',
      url: `${base}/stops/merge`,
      headers: { cookie: oliviaCookie },
      payload: { passengerId: d.id, intoPassengerId: b.id },
    });
    expect(merge.statusCode).toBe(200);
    const afterMerge = (await t.app.inject({ method: 'GET', url: base })).json<Json>();
    expect(afterMerge.additionalStops).toBe(2);
    expect(Number(afterMerge.cost) + Number(afterMerge.additionalStops) * Number(afterMerge.stopPrice)).toBe(
      Number(beforeMerge.json<Json>().cost) + 2 * Number(beforeMerge.json<Json>().stopPrice),
    );
    const mergedAgain = await t.app.inject({
      method: 'POST',
      url: `${base}/stops/merge`,
      headers: { cookie: oliviaCookie },
      payload: { passengerId: d.id, intoPassengerId: b.id },
    });
    expect(mergedAgain.statusCode).toBe(409);
    expect(mergedAgain.json<Json>().error).toBe('These riders are already at one stop');

    // The manifest reads in route order, the two Clementi riders under one stop.
    const manifest = await t.app.inject({ method: 'GET', url: `${base}/manifest`, headers: { cookie: oliviaCookie } });
    expect(manifest.statusCode).toBe(200);
    const stops = manifest.json<{ stops: Json[] }>().stops;
    expect(stops.map((stop) => [stop.name, stop.stop, stop.location])).toEqual([
      ['Cai', 1, 'Jurong East'],
      ['Dan', 2, 'Clementi MRT exit B'],
      ['Ben', 2, 'Clementi MRT exit B'],
      ['Olivia', 3, 'Bedok MRT'],
    ]);
    expect(organiserEntry).toBeGreaterThan(0);
  });

  it('lists a late joiner not placed yet last in the manifest, unnumbered', async () => {
    const ride = await createRide(t.db, olivia, { direction: 'SG->FC', organizerLocation: 'Bedok MRT' });
    await addPassenger(t.db, ride, ben, { location: 'Tampines', sequence: 1 });
    await t.db
      .updateTable('ridePassengers')
      .set({ dropoffSequence: 2 })
      .where('id', '=', ride.organizerEntryId ?? 0)
      .execute();
    await t.db.updateTable('rides').set({ sequenceLocked: true }).where('id', '=', ride.id).execute();
    await addPassenger(t.db, ride, dan, { location: 'Paya Lebar' });
    const manifest = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}/manifest`,
      headers: { cookie: oliviaCookie },
    });
    expect(manifest.json<{ stops: Json[] }>().stops.map((stop) => [stop.name, stop.stop])).toEqual([
      ['Ben', 1],
      ['Olivia', 2],
      ['Dan', null],
    ]);
  });

  it('refuses a merge by anyone but the organiser', async () => {
    const ride = await createRide(t.db, olivia, { direction: 'FC->SG' });
    const b = await addPassenger(t.db, ride, ben, { location: 'Jurong' });
    const benCookie = await loginAs(t.app, ben);
    const merge = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/stops/merge`,
      headers: { cookie: benCookie },
      payload: { passengerId: b.id, intoPassengerId: ride.organizerEntryId },
    });
    expect(merge.statusCode).toBe(403);
    expect(merge.json<Json>().error).toBe('Only the ride organizer can merge stops');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/stops/merge`,
      headers: { cookie: oliviaCookie },
      payload: { passengerId: 'first' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the vendor's lists follow the route order", () => {
  it('lists an SG->FC ride whose organiser is the second pick-up in route order, available and assigned', async () => {
    const vendor = await createVendor(t.db, { companyName: 'Acme Transport' });
    const vendorCookie = await loginAs(t.app, vendor);
    const ride = await createRide(t.db, olivia, {
      direction: 'SG->FC',
      organizerLocation: 'Bedok MRT',
      organizerCount: 2,
      maxPassengers: 8,
    });
    const base = `/api/rides/${String(ride.id)}`;
    await addPassenger(t.db, ride, ben, { location: 'Clementi MRT exit B' });
    const c = await addPassenger(t.db, ride, cai, { location: 'Jurong East', count: 3 });

    // Jurong East first: Olivia's Bedok becomes the second pick-up, Clementi the third.
    expect((await move(ride.id, c.id, 1)).statusCode).toBe(200);
    // Dan joins at Bedok typed another way: one stop with Olivia's, numbered right after her.
    const danCookie = await loginAs(t.app, dan);
    const joined = await t.app.inject({
      method: 'POST',
      url: `${base}/join`,
      headers: { cookie: danCookie },
      payload: { dropoffLocation: 'bedok  mrt.', passengerCount: 1 },
    });
    expect(joined.statusCode).toBe(201);

    const inRouteOrder = [
      { stop: 1, location: 'Jurong East', passengerCount: 3 },
      { stop: 2, location: 'Bedok MRT', passengerCount: 3 },
      { stop: 3, location: 'Clementi MRT exit B', passengerCount: 1 },
    ];
    const listed = (rides: Json[]) => rides.find((item) => item.id === ride.id);

    // Available: the tRPC list the dashboard reads.
    const available = await t.app.inject({
      method: 'GET',
      url: '/trpc/vendor.available',
      headers: { cookie: vendorCookie },
    });
    expect(available.statusCode).toBe(200);
    const open = listed(available.json<{ result: { data: Json[] } }>().result.data);
    expect(open?.routeStops).toEqual(inRouteOrder);
    // dropoffLocations keeps the organiser's entry first, as the edit form and the public read it.
    expect((open?.dropoffLocations as Json[] | undefined)?.[0]).toEqual({ location: 'Bedok MRT', passengerCount: 2 });

    // Assigned: the vendor's own rides, over REST.
    const assign = await t.app.inject({ method: 'POST', url: `${base}/assign`, headers: { cookie: vendorCookie } });
    expect(assign.statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/vendor/rides', headers: { cookie: vendorCookie } });
    expect(mine.statusCode).toBe(200);
    expect(listed(mine.json<Json[]>())?.routeStops).toEqual(inRouteOrder);

    // A visitor learns no more than before: no route order, only the organiser's pick-up point.
    const visitor = (await t.app.inject({ method: 'GET', url: base })).json<Json>();
    expect(visitor.routeStops).toBeNull();
    expect(visitor.dropoffLocations).toEqual([{ location: 'Bedok MRT', passengerCount: 2 }]);
  });
});
