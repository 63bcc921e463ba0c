/**
 * The licence decides what a vendor may take: the permit's country the direction (unless
 * VENDOR_PICKUP_COUNTRY_RULE=off), its expiry the departure day, the vehicle's seats the ride's size.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor, TEST_PERMIT, type TestUser } from '../factories';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

type Json = Record<string, unknown>;
const DAY = 86_400_000;

let organiser: TestUser;

beforeEach(async () => {
  organiser = await createUser(t.db, { name: 'Olivia' });
});

describe('POST /api/rides/:id/assign and the licence', () => {
  it('lets a permit pick up only in its home country, unless the rule is off', async () => {
    const app = await appWith();
    const sg = await createVendor(t.db, { permit: { ...TEST_PERMIT, country: 'SG' } });
    const my = await createVendor(t.db, { permit: { ...TEST_PERMIT, country: 'MY' } });
    const sgCookie = await loginAs(app, sg);
    const myCookie = await loginAs(app, my);
    const toFc = await createRide(t.db, organiser, { direction: 'SG->FC' });
    const toSg = await createRide(t.db, organiser, { direction: 'FC->SG' });

    const available = async (cookie: string) =>
      (await app.inject({ method: 'GET', url: '/trpc/vendor.available', headers: { cookie } }))
        .json<{ result: { data: { id: number }[] } }>()
        .result.data.map((ride) => ride.id);
    expect(await available(sgCookie)).toEqual([toFc.id]);
    expect(await available(myCookie)).toEqual([toSg.id]);

    const refused = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(toSg.id)}/assign`,
      headers: { cookie: sgCookie },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<Json>().error).toBe('A Singapore (SG) permit may only pick up in Singapore (SG->FC rides)');
    const refusedMy = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(toFc.id)}/assign`,
      headers: { cookie: myCookie },
    });
    expect(refusedMy.json<Json>().error).toBe('A Malaysian (MY) permit may only pick up in Malaysia (FC->SG rides)');
    const taken = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(toFc.id)}/assign`,
      headers: { cookie: sgCookie },
    });
    expect(taken.statusCode).toBe(200);

    const off = await appWith({ VENDOR_PICKUP_COUNTRY_RULE: 'off' });
    const offCookie = await loginAs(off, sg);
    expect(
      await (async () =>
        (await off.inject({ method: 'GET', url: '/trpc/vendor.available', headers: { cookie: offCookie } }))
          .json<{ result: { data: { id: number }[] } }>()
          .result.data.map((ride) => ride.id))(),
    ).toEqual([toSg.id]);
    const lifted = await off.inject({
      method: 'POST',
      url: `/api/rides/${String(toSg.id)}/assign`,
      headers: { cookie: offCookie },
    });
    expect(lifted.statusCode).toBe(200);
  });

  it('GET /api/vendor/permit-scope names the allowed direction and counts the open rides the permit hides', async () => {
    const app = await appWith();
    const sg = await createVendor(t.db, { permit: { ...TEST_PERMIT, country: 'SG' } });
    const cookie = await loginAs(app, sg);
    await createRide(t.db, organiser, { direction: 'SG->FC' });
    for (let i = 0; i < 3; i += 1) await createRide(t.db, organiser, { direction: 'FC->SG' });
    // Neither a cancelled ride nor a departed one would be on the list anyway.
    await createRide(t.db, organiser, { direction: 'FC->SG', status: 'cancelled' });
    await createRide(t.db, organiser, { direction: 'FC->SG', date: new Date(Date.now() - DAY) });
    const scope = await app.inject({ method: 'GET', url: '/api/vendor/permit-scope', headers: { cookie } });
    expect(scope.statusCode).toBe(200);
    expect(scope.json()).toEqual({ allowed: ['SG->FC'], hidden: [{ direction: 'FC->SG', count: 3 }] });

    const off = await appWith({ VENDOR_PICKUP_COUNTRY_RULE: 'off' });
    const offCookie = await loginAs(off, sg);
    const all = await off.inject({ method: 'GET', url: '/api/vendor/permit-scope', headers: { cookie: offCookie } });
    expect(all.json()).toEqual({ allowed: ['SG->FC', 'FC->SG'], hidden: [] });

    const member = await loginAs(app, organiser);
    const refused = await app.inject({ method: 'GET', url: '/api/vendor/permit-scope', headers: { cookie: member } });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses a permit that expires before the departure, and a vehicle smaller than the ride (409)', async () => {
    const app = await appWith();
    const departure = new Date(Date.now() + 10 * DAY);
    const dayBefore = new Date(departure.getTime() - 2 * DAY).toISOString().slice(0, 10);
    const expiring = await createVendor(t.db, { permit: { ...TEST_PERMIT, expiresOn: dayBefore } });
    const small = await createVendor(t.db, { vehicleSeats: 3 });
    const ride = await createRide(t.db, organiser, { date: departure, maxPassengers: 4 });
    const url = `/api/rides/${String(ride.id)}/assign`;

    const expired = await app.inject({ method: 'POST', url, headers: { cookie: await loginAs(app, expiring) } });
    expect(expired.statusCode).toBe(409);
    expect(expired.json<Json>().error).toBe(`Your permit expires on ${dayBefore}, before this ride departs`);
    const tooSmall = await app.inject({ method: 'POST', url, headers: { cookie: await loginAs(app, small) } });
    expect(tooSmall.statusCode).toBe(409);
    expect(tooSmall.json<Json>().error).toBe('This ride takes up to 4 passengers; your vehicle has 3 seats');
    const row = await t.db
      .selectFrom('rides')
      .select(['status', 'vendorId'])
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'open', vendorId: null });
  });

  it('refuses a bad VENDOR_PICKUP_COUNTRY_RULE at start-up', async () => {
    await expect(appWith({ VENDOR_PICKUP_COUNTRY_RULE: 'maybe' })).rejects.toThrow(/VENDOR_PICKUP_COUNTRY_RULE/);
  });
});
