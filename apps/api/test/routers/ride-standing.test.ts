/**
 * ride.standing (both engines): where the caller stands on each of their rides, as the cards'
 * one line reads it — organising, riding (stop number, amount still due from the payment row),
 * offered a seat, waitlisted with the place in line, or driving it as the vendor.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal } from '../helpers/rides';

const t = useTestDatabase();

const NOW = new Date('2031-05-01T02:00:00Z');
const DAY = 86_400_000;
const clock = { now: () => NOW };

let organiser: TestUser;
let rider: TestUser;
let other: TestUser;

beforeEach(async () => {
  organiser = await createUser(t.db, { name: 'Olive' });
  rider = await createUser(t.db, { name: 'Ria' });
  other = await createUser(t.db, { name: 'Otto' });
});

function byRide(standings: { rideId: number }[]) {
  return Object.fromEntries(standings.map((s) => [s.rideId, s]));
}

describe('ride.standing', () => {
  it('names each ride the caller organises, rides, waits for or is offered', async () => {
    const date = new Date(NOW.getTime() + 3 * DAY);
    const mine = await createRide(t.db, rider, { date });
    const riding = await createRide(t.db, organiser, { direction: 'FC->SG', date, maxPassengers: 5 });
    const entry = await addPassenger(t.db, riding, rider, { sequence: 2 });
    const waiting = await createRide(t.db, organiser, { date, maxPassengers: 2, organizerCount: 2 });
    const offered = await createRide(t.db, organiser, { date, maxPassengers: 2, organizerCount: 2 });
    const offerEnds = new Date(NOW.getTime() + 2 * 3_600_000);
    await t.db
      .insertInto('rideWaitlist')
      .values([
        { rideId: waiting.id, userId: other.id, dropoffLocation: 'Bedok', passengerCount: 1 },
        { rideId: waiting.id, userId: rider.id, dropoffLocation: 'Bedok', passengerCount: 1 },
        {
          rideId: offered.id,
          userId: rider.id,
          dropoffLocation: 'Bedok',
          passengerCount: 1,
          offerExpiresAt: offerEnds,
        },
      ])
      .execute();
    // The price locked: the rider's payment row says what is still due.
    await t.db
      .insertInto('ridePayments')
      .values({
        rideId: riding.id,
        passengerId: entry.id,
        userId: rider.id,
        seats: 1,
        amountDueCents: 2125,
        status: 'due',
      })
      .execute();
    // Someone else's ride the rider has nothing to do with.
    await createRide(t.db, organiser, { date });

    const standings = byRide(await callerFor(t.db, rider, clock).ride.standing());
    expect(Object.keys(standings)).toHaveLength(4);
    expect(standings[mine.id]).toEqual({ rideId: mine.id, kind: 'organizer' });
    expect(standings[riding.id]).toEqual({ rideId: riding.id, kind: 'passenger', stop: 2, amountDueCents: 2125 });
    expect(standings[waiting.id]).toEqual({ rideId: waiting.id, kind: 'waitlisted', position: 2 });
    expect(standings[offered.id]).toEqual({
      rideId: offered.id,
      kind: 'offered',
      offerExpiresAt: offerEnds.toISOString(),
    });
  });

  it('drops what is paid, and a lapsed offer', async () => {
    const date = new Date(NOW.getTime() + 3 * DAY);
    const riding = await createRide(t.db, organiser, { date });
    const entry = await addPassenger(t.db, riding, rider);
    await t.db
      .insertInto('ridePayments')
      .values({
        rideId: riding.id,
        passengerId: entry.id,
        userId: rider.id,
        seats: 1,
        amountDueCents: 2000,
        status: 'marked-paid',
      })
      .execute();
    const lapsed = await createRide(t.db, organiser, { date, maxPassengers: 1 });
    await t.db
      .insertInto('rideWaitlist')
      .values({ rideId: lapsed.id, userId: rider.id, dropoffLocation: 'X', passengerCount: 1, offerExpiresAt: NOW })
      .execute();
    const standings = await callerFor(t.db, rider, clock).ride.standing();
    expect(standings).toEqual([{ rideId: riding.id, kind: 'passenger', stop: null, amountDueCents: null }]);
  });

  it('tells the vendor driving a ride it is assigned to them', async () => {
    const vendor = await createVendor(t.db);
    const ride = await createRide(t.db, organiser, { status: 'assigned', vendorId: vendor.id });
    expect(await callerFor(t.db, vendor, clock).ride.standing()).toEqual([{ rideId: ride.id, kind: 'assigned' }]);
  });

  it('is for signed-in callers only', async () => {
    expect(await refusal(callerFor(t.db, null, clock).ride.standing())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
