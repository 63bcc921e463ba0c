import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp();

let organiser: TestUser;
let ann: TestUser;
let ben: TestUser;
let annCookie: string;
let benCookie: string;

beforeEach(async () => {
  organiser = await createUser(t.db, { name: 'Olive' });
  ann = await createUser(t.db, { name: 'Ann' });
  ben = await createUser(t.db, { name: 'Ben' });
  annCookie = await loginAs(t.app, ann);
  benCookie = await loginAs(t.app, ben);
});

type Json = Record<string, unknown>;

function send(method: 'POST' | 'DELETE', url: string, cookie: string | null, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
}

describe('POST /api/rides/:id/waitlist', () => {
  it('answers 201 with the place in line', async () => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 2, organizerCount: 2 });
    const res = await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, {
      dropoffLocation: 'Bedok',
      passengerCount: 1,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ position: 1, passengerCount: 1, offerExpiresAt: null });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}`,
      headers: { cookie: annCookie },
    });
    expect(detail.json<Json>().waitlist).toEqual({
      count: 1,
      heldSeats: 0,
      mine: { position: 1, passengerCount: 1, offerExpiresAt: null },
    });
  });

  it.each([
    ['a missing location', {}, 400, 'Drop-off location is required'],
    [
      'a fractional group',
      { dropoffLocation: 'Bedok', passengerCount: 1.5 },
      400,
      'Number of passengers must be a whole number',
    ],
  ])('refuses %s with 400 naming the field', async (_label, body, status, error) => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 2, organizerCount: 2 });
    const res = await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, body);
    expect(res.statusCode).toBe(status);
    expect(res.json<Json>().error).toBe(error);
  });

  it('answers 409 when the group fits (join instead), 401 signed out, 400 for a bad id', async () => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 3, organizerCount: 2 });
    const fits = await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, { dropoffLocation: 'Bedok' });
    expect(fits.statusCode).toBe(409);
    expect(fits.json()).toEqual({ error: 'There is 1 seat free on this ride: join it instead' });
    expect(
      (await send('POST', `/api/rides/${String(ride.id)}/waitlist`, null, { dropoffLocation: 'Bedok' })).statusCode,
    ).toBe(401);
    expect((await send('POST', '/api/rides/abc/waitlist', annCookie, { dropoffLocation: 'Bedok' })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/rides/:id/waitlist/accept and DELETE /api/rides/:id/waitlist', () => {
  it('accepts a live offer: 200 with the new entry; the seat is the member’s', async () => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 2, organizerCount: 1 });
    const ben1 = await addPassenger(t.db, ride, ben);
    await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, { dropoffLocation: 'Bedok' });
    // Ben leaves: the seat is held for Ann.
    expect(
      (await send('DELETE', `/api/rides/${String(ride.id)}/passengers/${String(ben1.id)}`, benCookie)).statusCode,
    ).toBe(200);
    const res = await send('POST', `/api/rides/${String(ride.id)}/waitlist/accept`, annCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rideId: ride.id, userId: ann.id, dropoffLocation: 'Bedok', passengerCount: 1 });
    expect(JSON.stringify(res.json())).not.toMatch(/password/i);
  });

  it('answers 409 without an offer and 404 when not waiting; DELETE leaves (then 404)', async () => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 2, organizerCount: 2 });
    await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, { dropoffLocation: 'Bedok' });
    const noOffer = await send('POST', `/api/rides/${String(ride.id)}/waitlist/accept`, annCookie);
    expect(noOffer.statusCode).toBe(409);
    expect(noOffer.json()).toEqual({ error: 'No seat is being held for you yet: you are still on the waitlist' });
    expect((await send('POST', `/api/rides/${String(ride.id)}/waitlist/accept`, benCookie)).statusCode).toBe(404);

    const left = await send('DELETE', `/api/rides/${String(ride.id)}/waitlist`, annCookie);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ rideId: ride.id, message: 'You have left the waitlist' });
    const again = await send('DELETE', `/api/rides/${String(ride.id)}/waitlist`, annCookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: 'You are not on the waitlist of this ride' });
  });

  it('answers 409 once the offer has lapsed', async () => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 2, organizerCount: 2 });
    await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, { dropoffLocation: 'Bedok' });
    // An offer whose time has passed (stored expiry in the past: no clock needed).
    await t.db
      .updateTable('rideWaitlist')
      .set({ offerExpiresAt: new Date(Date.now() - 60_000) })
      .execute();
    const res = await send('POST', `/api/rides/${String(ride.id)}/waitlist/accept`, annCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Your seat offer has lapsed and passed to the next person waiting' });
  });
});

describe('PATCH /api/rides/:id with seats held for the waitlist', () => {
  it('answers 409 for a maximum below the seats taken plus held, and a list shows the held seats', async () => {
    const ride = await createRide(t.db, organiser, { maxPassengers: 2, organizerCount: 1 });
    const bensEntry = await addPassenger(t.db, ride, ben);
    await send('POST', `/api/rides/${String(ride.id)}/waitlist`, annCookie, { dropoffLocation: 'Bedok' });
    await send('DELETE', `/api/rides/${String(ride.id)}/passengers/${String(bensEntry.id)}`, benCookie);

    const list = await t.app.inject({ method: 'GET', url: '/api/rides' });
    expect(list.json<Json[]>().find((item) => item.id === ride.id)).toMatchObject({
      currentPassengers: 1,
      heldSeats: 1,
    });

    const organiserCookie = await loginAs(t.app, organiser);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/rides/${String(ride.id)}`,
      headers: { cookie: organiserCookie },
      payload: {
        direction: 'SG->FC',
        date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        maxPassengers: 1,
        organizerPassengerCount: 1,
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
      },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({
      error: 'Maximum passengers cannot be less than the seats taken and held for the waitlist (2)',
    });
  });
});
