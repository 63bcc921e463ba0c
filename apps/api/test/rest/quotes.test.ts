/**
 * Quotes over the documented paths: an approved vendor quotes (again replaces), withdraws; the
 * organiser sees the live quotes and accepts one, which assigns the ride at that price in one
 * transaction; who is told; every refusal with its status and words; two accepts at once.
 */
import { idParamMessage, QUOTE_PRICE_MESSAGE } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, TEST_PERMIT, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

type Json = Record<string, unknown>;
const DAY = 86_400_000;

let olivia: TestUser; // organiser
let paul: TestUser; // passenger
let mallory: TestUser; // a member on no ride
let acme: TestUser;
let bolt: TestUser;
const cookies = new Map<number, string>();

beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  paul = await createUser(t.db, { name: 'Paul' });
  mallory = await createUser(t.db, { name: 'Mallory' });
  acme = await createVendor(t.db, { companyName: 'Acme Cabs', vehicleSeats: 6 });
  bolt = await createVendor(t.db, { companyName: 'Bolt Cars', permit: { ...TEST_PERMIT, number: 'CBT-2' } });
  cookies.clear();
  for (const user of [olivia, paul, mallory, acme, bolt]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser | null) => (user ? { cookie: cookies.get(user.id) ?? '' } : {});
const quotesUrl = (rideId: number) => `/api/rides/${String(rideId)}/quotes`;

function quote(user: TestUser | null, rideId: number, payload: unknown) {
  return t.app.inject({ method: 'POST', url: quotesUrl(rideId), headers: as(user), payload: payload as Json });
}
const list = (user: TestUser | null, rideId: number) =>
  t.app.inject({ method: 'GET', url: quotesUrl(rideId), headers: as(user) });
const withdraw = (user: TestUser | null, rideId: number, quoteId: number | string) =>
  t.app.inject({ method: 'DELETE', url: `${quotesUrl(rideId)}/${String(quoteId)}`, headers: as(user) });
const accept = (user: TestUser | null, rideId: number, quoteId: number | string) =>
  t.app.inject({ method: 'POST', url: `${quotesUrl(rideId)}/${String(quoteId)}/accept`, headers: as(user) });

/**
 * Olivia's SG->FC ride three days ahead, SGD 80, four seats, with Paul aboard at her own pick-up
 * point (2 of 4 on board, no additional stop).
 */
async function oliviasRide(overrides: Parameters<typeof createRide>[2] = {}) {
  const ride = await createRide(t.db, olivia, { date: new Date(Date.now() + 3 * DAY), cost: 80, ...overrides });
  await addPassenger(t.db, ride, paul, { location: 'Pasir Ris MRT' });
  return ride;
}

async function quoteId(user: TestUser, rideId: number, price: number, note?: string): Promise<number> {
  const res = await quote(user, rideId, { price, note });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

async function inbox(user: TestUser) {
  return t.db
    .selectFrom('notifications')
    .select(['kind', 'rideId', 'detail'])
    .where('userId', '=', user.id)
    .orderBy('id')
    .execute();
}

async function quoteStatuses(rideId: number) {
  const rows = await t.db
    .selectFrom('rideQuotes')
    .select(['id', 'vendorId', 'status'])
    .where('rideId', '=', rideId)
    .orderBy('id')
    .execute();
  return rows;
}

describe('POST /api/rides/:id/quotes', () => {
  it('an approved vendor quotes; the organiser is told and sees it with the company, seats and permit country', async () => {
    const ride = await oliviasRide();
    const res = await quote(acme, ride.id, { price: 120, note: '  Air-conditioned van  ' });
    expect(res.statusCode).toBe(201);
    const body = res.json<Json>();
    expect(body).toMatchObject({
      rideId: ride.id,
      price: 120,
      note: 'Air-conditioned van',
      status: 'live',
      vendor: { id: acme.id, companyName: 'Acme Cabs', vehicleSeats: 6, permitCountry: 'SG' },
    });
    expect(await inbox(olivia)).toEqual([{ kind: 'quote_received', rideId: ride.id, detail: 'Acme Cabs · SGD 120' }]);

    await quoteId(bolt, ride.id, 95);
    const seen = await list(olivia, ride.id);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<Json[]>().map((q) => [q.price, (q.vendor as Json).companyName])).toEqual([
      [95, 'Bolt Cars'],
      [120, 'Acme Cabs'],
    ]);
  });

  it('quoting again replaces the vendor’s live quote; the old one can no longer be accepted', async () => {
    const ride = await oliviasRide();
    const first = await quoteId(acme, ride.id, 120);
    const second = await quoteId(acme, ride.id, 110);
    expect(await quoteStatuses(ride.id)).toEqual([
      { id: first, vendorId: acme.id, status: 'replaced' },
      { id: second, vendorId: acme.id, status: 'live' },
    ]);
    expect((await list(olivia, ride.id)).json<Json[]>().map((q) => q.id)).toEqual([second]);
    const stale = await accept(olivia, ride.id, first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<Json>().error).toBe('This quote was replaced by a newer one from the same vendor');
  });

  it('one live quote per vendor and ride is also held by the database', async () => {
    const ride = await oliviasRide();
    await quoteId(acme, ride.id, 120);
    await expect(
      t.db.insertInto('rideQuotes').values({ rideId: ride.id, vendorId: acme.id, price: 99, note: null }).execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it.each([
    [{ price: 0 }, QUOTE_PRICE_MESSAGE],
    [{ price: 1001 }, QUOTE_PRICE_MESSAGE],
    [{ price: 99.5 }, QUOTE_PRICE_MESSAGE],
    [{ price: '90' }, QUOTE_PRICE_MESSAGE],
    [{}, QUOTE_PRICE_MESSAGE],
    [{ price: 90, note: 'x'.repeat(301) }, 'Note must be at most 300 characters'],
    [
      { price: 90, note: 'evil\u202Etxt' },
      'Note contains characters that are not allowed (control or text-direction characters)',
    ],
  ])('refuses %o with 400 naming why', async (payload, message) => {
    const ride = await oliviasRide();
    const res = await quote(acme, ride.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<Json>().error).toBe(message);
    expect(await quoteStatuses(ride.id)).toEqual([]);
  });

  it('accepts the bounds 1 and 1000', async () => {
    const ride = await oliviasRide();
    await quoteId(acme, ride.id, 1);
    await quoteId(bolt, ride.id, 1000);
  });

  it.each([
    [{ status: 'cancelled' as const }, 'This ride was cancelled: it takes no quotes'],
    [{ date: new Date(Date.now() - DAY) }, 'This ride is in the past: it takes no quotes'],
    [{ status: 'assigned' as const, vendorId: null }, 'This ride already has a driver: it takes no quotes'],
    [{ direction: 'FC->SG' as const }, 'A Singapore (SG) permit may only pick up in Singapore (SG->FC rides)'],
    [{ maxPassengers: 8 }, 'This ride takes up to 8 passengers; your vehicle has 6 seats'],
  ])('refuses a ride %o with 409 naming why', async (overrides, message) => {
    const ride = await oliviasRide(overrides);
    const res = await quote(acme, ride.id, { price: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json<Json>().error).toBe(message);
    expect(await inbox(olivia)).toEqual([]);
  });

  it('refuses members, vendors not approved and visitors; bad and unknown ride ids', async () => {
    const ride = await oliviasRide();
    const pending = await createVendor(t.db, { vendorStatus: 'pending' });
    const pendingCookie = await loginAs(t.app, pending);
    const member = await quote(mallory, ride.id, { price: 100 });
    expect(member.statusCode).toBe(403);
    expect(member.json<Json>().error).toBe('Only vendors can do this');
    const waiting = await t.app.inject({
      method: 'POST',
      url: quotesUrl(ride.id),
      headers: { cookie: pendingCookie },
      payload: { price: 100 },
    });
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json<Json>().error).toBe('Your vendor account is awaiting approval');
    expect((await quote(null, ride.id, { price: 100 })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'POST', url: '/api/rides/zz/quotes', headers: as(acme), payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().error).toBe(idParamMessage('id'));
    const unknown = await quote(acme, 987654, { price: 100 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>().error).toBe('Ride not found');
  });
});

describe('GET /api/rides/:id/quotes', () => {
  it('the organiser sees every live quote, a vendor its own, others 403', async () => {
    const ride = await oliviasRide();
    const acmeQuote = await quoteId(acme, ride.id, 120);
    await quoteId(bolt, ride.id, 95);
    expect((await list(olivia, ride.id)).json<Json[]>()).toHaveLength(2);
    expect((await list(acme, ride.id)).json<Json[]>().map((q) => q.id)).toEqual([acmeQuote]);
    const third = await createVendor(t.db);
    const thirdList = await t.app.inject({
      method: 'GET',
      url: quotesUrl(ride.id),
      headers: { cookie: await loginAs(t.app, third) },
    });
    expect(thirdList.json<Json[]>()).toEqual([]);
    for (const user of [paul, mallory]) {
      const refused = await list(user, ride.id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<Json>().error).toBe('Only the ride organizer and vendors can see quotes');
    }
    expect((await list(null, ride.id)).statusCode).toBe(401);
    expect((await list(olivia, 987654)).statusCode).toBe(404);
    const suspended = await createVendor(t.db, { vendorStatus: 'suspended', vendorStatusReason: 'Complaints' });
    const hidden = await t.app.inject({
      method: 'GET',
      url: quotesUrl(ride.id),
      headers: { cookie: await loginAs(t.app, suspended) },
    });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json<Json>().error).toBe('Your vendor account is suspended: Complaints');
  });

  it('quote answers carry the vendor’s company, seats and permit country only: no numbers, permit or hash', async () => {
    const ride = await oliviasRide();
    const secretive = await createVendor(t.db, {
      companyName: 'Quiet Cabs',
      whatsappNumber: '+6590001111',
      malaysianNumber: '+60120002222',
      revolutUsername: 'quietcabs',
    });
    const cookie = await loginAs(t.app, secretive);
    const made = await t.app.inject({
      method: 'POST',
      url: quotesUrl(ride.id),
      headers: { cookie },
      payload: { price: 90 },
    });
    expect(made.statusCode).toBe(201);
    const answers = [made.body, (await list(olivia, ride.id)).body];
    for (const body of answers) {
      for (const secret of ['+6590001111', '+60120002222', 'quietcabs', 'CBT-TEST-1', '+6591234567', 'SGX1234A', '$']) {
        expect(body).not.toContain(secret);
      }
    }
    const [seen] = (await list(olivia, ride.id)).json<Json[]>();
    expect(Object.keys(seen?.vendor as Json).sort()).toEqual(['companyName', 'id', 'permitCountry', 'vehicleSeats']);
  });

  it('GET /api/vendor/quotes lists the vendor’s live quotes on every ride', async () => {
    const one = await oliviasRide();
    const two = await oliviasRide();
    await quoteId(acme, one.id, 100);
    await quoteId(acme, two.id, 110);
    await quoteId(bolt, two.id, 90);
    const mine = await t.app.inject({ method: 'GET', url: '/api/vendor/quotes', headers: as(acme) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<Json[]>().map((q) => [q.rideId, q.price])).toEqual([
      [two.id, 110],
      [one.id, 100],
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/vendor/quotes', headers: as(mallory) })).statusCode).toBe(
      403,
    );
  });

  it('a ride cancelled or departed since shows no live quotes, to its organiser or on the vendor’s list', async () => {
    const cancelled = await oliviasRide();
    const departed = await oliviasRide();
    const open = await oliviasRide();
    for (const ride of [cancelled, departed, open]) await quoteId(acme, ride.id, 100);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(cancelled.id)}/cancel`,
      headers: as(olivia),
      payload: { reason: 'Rain' },
    });
    expect(cancel.statusCode).toBe(200);
    await t.db
      .updateTable('rides')
      .set({ date: new Date(Date.now() - 60_000) })
      .where('id', '=', departed.id)
      .execute();
    for (const ride of [cancelled, departed]) expect((await list(olivia, ride.id)).json<Json[]>()).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/vendor/quotes', headers: as(acme) });
    expect(mine.json<Json[]>().map((q) => q.rideId)).toEqual([open.id]);
  });
});

describe('DELETE /api/rides/:id/quotes/:quoteId', () => {
  it('the quoting vendor withdraws; nobody else; not twice; unknown ids 404', async () => {
    const ride = await oliviasRide();
    const other = await oliviasRide();
    const id = await quoteId(acme, ride.id, 120);
    // Another vendor's quote answers exactly as an unknown one does.
    const stranger = await withdraw(bolt, ride.id, id);
    const unknown = await withdraw(bolt, ride.id, 999_999);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json<Json>()).toEqual(unknown.json<Json>());
    expect(stranger.json<Json>().error).toBe('Quote not found');
    expect((await withdraw(mallory, ride.id, id)).statusCode).toBe(403);
    const wrongRide = await withdraw(acme, other.id, id);
    expect(wrongRide.statusCode).toBe(404);
    expect(wrongRide.json<Json>().error).toBe('Quote not found');
    const done = await withdraw(acme, ride.id, id);
    expect(done.statusCode).toBe(200);
    expect(done.json<Json>()).toMatchObject({ id, status: 'withdrawn' });
    const again = await withdraw(acme, ride.id, id);
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('This quote was withdrawn by the vendor');
    expect((await list(olivia, ride.id)).json<Json[]>()).toEqual([]);
    const late = await accept(olivia, ride.id, id);
    expect(late.statusCode).toBe(409);
    expect(late.json<Json>().error).toBe('This quote was withdrawn by the vendor');
    const bad = await withdraw(acme, ride.id, 'x1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Json>().error).toBe(idParamMessage('quoteId'));
    expect((await withdraw(acme, ride.id, 987654)).statusCode).toBe(404);
  });
});

describe('POST /api/rides/:id/quotes/:quoteId/accept', () => {
  it('assigns the ride at the quote’s price, declines the others and tells everyone concerned', async () => {
    const ride = await oliviasRide();
    const acmeQuote = await quoteId(acme, ride.id, 120);
    const boltQuote = await quoteId(bolt, ride.id, 95);

    for (const user of [paul, acme, mallory]) {
      const refused = await accept(user, ride.id, acmeQuote);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<Json>().error).toBe('Only the ride organizer can accept a quote');
    }
    const res = await accept(olivia, ride.id, acmeQuote);
    expect(res.statusCode).toBe(200);
    expect(res.json<Json>()).toMatchObject({ id: ride.id, status: 'assigned', vendorId: acme.id, cost: 120 });
    expect(res.json<{ driver: Json }>().driver).toMatchObject({ companyName: 'Acme Cabs' });

    expect(await quoteStatuses(ride.id)).toEqual([
      { id: acmeQuote, vendorId: acme.id, status: 'accepted' },
      { id: boltQuote, vendorId: bolt.id, status: 'declined' },
    ]);
    expect(await inbox(acme)).toEqual([{ kind: 'quote_accepted', rideId: ride.id, detail: 'SGD 120' }]);
    expect(await inbox(bolt)).toEqual([{ kind: 'quote_declined', rideId: ride.id, detail: null }]);
    // Two of four on board: SGD 80 → 120 is 40 → 60 per person now, 20 → 30 if full.
    expect(await inbox(paul)).toEqual([
      { kind: 'vendor_assigned', rideId: ride.id, detail: 'Acme Cabs' },
      {
        kind: 'ride_price_changed',
        rideId: ride.id,
        detail: 'per person now SGD 40.00 → SGD 60.00; if full SGD 20.00 → SGD 30.00',
      },
    ]);
    expect((await inbox(olivia)).map((row) => row.kind)).toEqual(['quote_received', 'quote_received']);

    const again = await accept(olivia, ride.id, boltQuote);
    expect(again.statusCode).toBe(409);
    expect(again.json<Json>().error).toBe('This ride has already been assigned');
    expect((await quote(bolt, ride.id, { price: 90 })).statusCode).toBe(409);
  });

  it('a quote at the listed cost tells passengers of the vendor but of no price change', async () => {
    const ride = await oliviasRide();
    const id = await quoteId(acme, ride.id, 80);
    expect((await accept(olivia, ride.id, id)).statusCode).toBe(200);
    expect((await inbox(paul)).map((row) => row.kind)).toEqual(['vendor_assigned']);
  });

  it('refuses a cancelled or past ride, a vendor suspended since, and unknown or bad ids', async () => {
    const ride = await oliviasRide();
    const id = await quoteId(acme, ride.id, 100);
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Expired insurance' })
      .where('id', '=', acme.id)
      .execute();
    const suspended = await accept(olivia, ride.id, id);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json<Json>().error).toBe('This vendor can no longer take rides: its account is suspended');
    // Its quote is not offered meanwhile, and it may still withdraw it.
    expect((await list(olivia, ride.id)).json<Json[]>()).toEqual([]);
    expect((await withdraw(acme, ride.id, id)).statusCode).toBe(200);
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'approved', vendorStatusReason: null })
      .where('id', '=', acme.id)
      .execute();

    await t.db
      .updateTable('rides')
      .set({ date: new Date(Date.now() - 60_000) })
      .where('id', '=', ride.id)
      .execute();
    const past = await accept(olivia, ride.id, id);
    expect(past.statusCode).toBe(409);
    expect(past.json<Json>().error).toBe('This ride is in the past');
    await t.db
      .updateTable('rides')
      .set({ date: new Date(Date.now() + DAY), status: 'cancelled', cancelReason: 'Rain', cancelledAt: new Date() })
      .where('id', '=', ride.id)
      .execute();
    const cancelled = await accept(olivia, ride.id, id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json<Json>().error).toBe('This ride was cancelled');

    const unknown = await accept(olivia, ride.id, 987654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<Json>().error).toBe('Quote not found');
    // Anyone but the organiser is refused before the quote is looked up: no probing for quote ids.
    const probe = await accept(mallory, ride.id, 987654);
    expect(probe.statusCode).toBe(403);
    expect(probe.json<Json>().error).toBe('Only the ride organizer can accept a quote');
    expect((await accept(olivia, 987654, id)).statusCode).toBe(404);
    expect((await accept(olivia, ride.id, '0')).statusCode).toBe(400);
    expect((await accept(null, ride.id, id)).statusCode).toBe(401);
    const row = await t.db
      .selectFrom('rides')
      .select(['vendorId', 'cost'])
      .where('id', '=', ride.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ vendorId: null, cost: 80 });
  });

  it('of two quotes accepted at the same moment (two tabs), exactly one wins', async () => {
    // Several rounds: one pair of requests can happen to run one after the other, which proves nothing.
    for (let round = 0; round < 5; round += 1) {
      const ride = await oliviasRide();
      const acmeQuote = await quoteId(acme, ride.id, 100 + round);
      const boltQuote = await quoteId(bolt, ride.id, 200 + round);
      const [a, b] = await Promise.all([accept(olivia, ride.id, acmeQuote), accept(olivia, ride.id, boltQuote)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json<Json>().error).toBe('This ride has already been assigned');
      const [winner, price, winnerQuote] =
        a.statusCode === 200 ? [acme, 100 + round, acmeQuote] : [bolt, 200 + round, boltQuote];
      const row = await t.db
        .selectFrom('rides')
        .select(['status', 'vendorId', 'cost'])
        .where('id', '=', ride.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'assigned', vendorId: winner.id, cost: price });
      const statuses = await quoteStatuses(ride.id);
      expect(statuses.map((q) => [q.id, q.status])).toEqual(
        [acmeQuote, boltQuote].map((id) => [id, id === winnerQuote ? 'accepted' : 'declined']),
      );
    }
  });
});

describe('accepting while a vendor takes the ride', () => {
  it('an accept and a direct assign at the same moment: exactly one vendor gets the ride', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ride = await oliviasRide();
      const acmeQuote = await quoteId(acme, ride.id, 100 + round);
      const [accepted, taken] = await Promise.all([
        accept(olivia, ride.id, acmeQuote),
        t.app.inject({ method: 'POST', url: `/api/rides/${String(ride.id)}/assign`, headers: as(bolt) }),
      ]);
      expect([accepted.statusCode, taken.statusCode].sort()).toEqual([200, 409]);
      const row = await t.db
        .selectFrom('rides')
        .select(['vendorId', 'cost'])
        .where('id', '=', ride.id)
        .executeTakeFirstOrThrow();
      const acmeWon = accepted.statusCode === 200;
      expect(row).toEqual(acmeWon ? { vendorId: acme.id, cost: 100 + round } : { vendorId: bolt.id, cost: 80 });
      const [own] = await quoteStatuses(ride.id);
      expect(own?.status).toBe(acmeWon ? 'accepted' : 'declined');
    }
  });
});

describe('quotes and the other driver changes', () => {
  it('a vendor taking the ride at its listed cost declines the live quotes and tells their vendors', async () => {
    const ride = await oliviasRide();
    await quoteId(acme, ride.id, 120);
    await quoteId(bolt, ride.id, 95);
    const taken = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/assign`,
      headers: as(bolt),
    });
    expect(taken.statusCode).toBe(200);
    expect((await quoteStatuses(ride.id)).map((q) => q.status)).toEqual(['declined', 'declined']);
    expect(await inbox(acme)).toEqual([{ kind: 'quote_declined', rideId: ride.id, detail: null }]);
    expect(await inbox(bolt)).toEqual([]);
    expect((await inbox(olivia)).map((row) => row.kind)).toEqual([
      'quote_received',
      'quote_received',
      'vendor_assigned',
    ]);
  });

  it('the organiser hears of joins, leaves, a vendor taking and releasing the ride', async () => {
    const ride = await createRide(t.db, olivia, { date: new Date(Date.now() + 3 * DAY) });
    const joined = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/join`,
      headers: as(paul),
      payload: { dropoffLocation: 'Bedok', passengerCount: 2 },
    });
    expect(joined.statusCode).toBe(201);
    const entryId = joined.json<{ id: number }>().id;
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/passengers/${String(entryId)}`,
      headers: as(paul),
    });
    expect(left.statusCode).toBe(200);
    const url = `/api/rides/${String(ride.id)}`;
    expect((await t.app.inject({ method: 'POST', url: `${url}/assign`, headers: as(acme) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${url}/unassign`, headers: as(acme) })).statusCode).toBe(200);
    expect(await inbox(olivia)).toEqual([
      { kind: 'passenger_joined', rideId: ride.id, detail: 'Paul (2 people)' },
      { kind: 'passenger_left', rideId: ride.id, detail: 'Paul' },
      { kind: 'vendor_assigned', rideId: ride.id, detail: 'Acme Cabs' },
      { kind: 'vendor_released', rideId: ride.id, detail: null },
    ]);
  });
});
