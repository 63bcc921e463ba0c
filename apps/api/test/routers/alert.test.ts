/**
 * Ride alerts through the procedures: who is told of a new or edited ride (once per ride, never
 * the organiser, never for a full ride), the limits and the window rules, and that each member
 * only ever sees and deletes their own alerts.
 */
import { ALERT_MESSAGES, MAX_LIVE_ALERTS } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, createVendor, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { callerFor, refusal } from '../helpers/rides';

const t = useTestDatabase();

// 10:00 am Friday 27 Nov 2026 in Singapore: every date below is relative to this clock.
const NOW = new Date('2026-11-27T02:00:00.000Z');
const atNow = { now: () => NOW };

let olivia: TestUser; // organises rides
let ann: TestUser;
let bob: TestUser;

beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  ann = await createUser(t.db, { name: 'Ann' });
  bob = await createUser(t.db, { name: 'Bob' });
});

const alertFor = (user: TestUser, input: Record<string, unknown>) =>
  callerFor(t.db, user, atNow).alert.create({
    direction: 'SG->FC',
    fromDate: '2026-11-28',
    toDate: '2026-12-05',
    ...input,
  });

/** A ride payload departing at `iso` (UTC), SG->FC with four seats unless told. */
const ridePayload = (iso: string, overrides: Record<string, unknown> = {}) => ({
  direction: 'SG->FC' as const,
  maxPassengers: 4,
  date: iso,
  organizerPassengerCount: 1,
  pickupLocation: 'Pasir Ris MRT',
  dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
  ...overrides,
});

const createAs = (user: TestUser, iso: string, overrides: Record<string, unknown> = {}) =>
  callerFor(t.db, user, atNow).ride.create(ridePayload(iso, overrides));

async function alertNotices() {
  return t.db
    .selectFrom('notifications')
    .select(['userId', 'kind', 'rideId', 'rideDirection', 'rideDate'])
    .where('kind', '=', 'ride_alert_match')
    .orderBy('id')
    .execute();
}

describe('matching a new ride', () => {
  it('tells each member whose alert matches, once, and never the organiser', async () => {
    await alertFor(ann, {});
    await alertFor(bob, { direction: 'FC->SG' });
    await alertFor(olivia, {});
    // 8:00 am Tuesday 1 Dec in Singapore: across the month end from the window's start.
    const ride = await createAs(olivia, '2026-12-01T00:00:00.000Z');

    const notices = await alertNotices();
    expect(notices).toEqual([
      {
        userId: ann.id,
        kind: 'ride_alert_match',
        rideId: ride.id,
        rideDirection: 'SG->FC',
        rideDate: new Date('2026-12-01T00:00:00.000Z'),
      },
    ]);
    const inbox = await callerFor(t.db, ann).notification.list();
    expect(inbox.items.map((item) => [item.kind, item.rideId])).toEqual([['ride_alert_match', ride.id]]);
  });

  it('reads the window, weekdays and times in Singapore time', async () => {
    await alertFor(ann, { weekdays: [2], earliestTime: '07:00', latestTime: '09:00' });
    await alertFor(bob, { toDate: '2026-11-30' });
    // 11:30 pm Monday 30 Nov in UTC is 7:30 am Tuesday 1 Dec in Singapore.
    await createAs(olivia, '2026-11-30T23:30:00.000Z');
    // 9:01 am Tuesday: after Ann's latest time.
    await createAs(olivia, '2026-12-01T01:01:00.000Z');
    // 11:59 pm Monday 30 Nov in Singapore: Bob's last day, not a Tuesday.
    await createAs(olivia, '2026-11-30T15:59:00.000Z');

    const notices = await alertNotices();
    expect(notices.map((row) => [row.userId, row.rideDate?.toISOString()])).toEqual([
      [ann.id, '2026-11-30T23:30:00.000Z'],
      [bob.id, '2026-11-30T15:59:00.000Z'],
    ]);
  });

  it('tells a member with two matching alerts once per ride', async () => {
    await alertFor(ann, {});
    await alertFor(ann, { weekdays: [2] });
    await createAs(olivia, '2026-12-01T00:00:00.000Z');
    expect((await alertNotices()).map((row) => row.userId)).toEqual([ann.id]);
  });

  it('does not match a ride whose seats the organiser fills alone', async () => {
    await alertFor(ann, {});
    await createAs(olivia, '2026-12-01T00:00:00.000Z', {
      maxPassengers: 3,
      organizerPassengerCount: 3,
      dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 3 }],
    });
    expect(await alertNotices()).toEqual([]);
  });
});

describe('matching an edited ride', () => {
  it('tells the alert owner when an edit brings the ride into the window, and only once', async () => {
    await alertFor(ann, {});
    const ride = await createAs(olivia, '2026-12-10T00:00:00.000Z');
    expect(await alertNotices()).toEqual([]);

    const organiser = callerFor(t.db, olivia, atNow);
    await organiser.ride.update({ id: ride.id, ...ridePayload('2026-12-02T00:00:00.000Z') });
    await organiser.ride.update({ id: ride.id, ...ridePayload('2026-12-03T00:00:00.000Z') });

    expect((await alertNotices()).map((row) => [row.userId, row.rideId])).toEqual([[ann.id, ride.id]]);
  });

  it('tells the owner when freed seats make a full ride a match, but never a passenger already on it', async () => {
    await alertFor(ann, {});
    await alertFor(bob, {});
    const ride = await createRide(t.db, olivia, { date: new Date('2026-12-02T00:00:00.000Z'), maxPassengers: 2 });
    await addPassenger(t.db, ride, bob);

    await callerFor(t.db, olivia, atNow).ride.update({
      id: ride.id,
      ...ridePayload('2026-12-02T00:00:00.000Z', { maxPassengers: 3 }),
    });
    expect((await alertNotices()).map((row) => row.userId)).toEqual([ann.id]);
  });

  it('two edits racing tell the owner once (the match table decides)', async () => {
    await alertFor(ann, {});
    const ride = await createRide(t.db, olivia, { date: new Date('2026-12-20T00:00:00.000Z') });
    const organiser = callerFor(t.db, olivia, atNow);
    await Promise.all([
      organiser.ride.update({ id: ride.id, ...ridePayload('2026-12-02T00:00:00.000Z') }),
      organiser.ride.update({ id: ride.id, ...ridePayload('2026-12-03T00:00:00.000Z') }),
    ]);
    expect((await alertNotices()).map((row) => row.userId)).toEqual([ann.id]);
  });
});

describe('creating, listing and deleting alerts', () => {
  it('answers the alert as stored, in Singapore dates and times, and lists only the caller’s', async () => {
    const created = await alertFor(ann, { weekdays: [5, 1], earliestTime: '06:30', latestTime: '' });
    expect(created).toMatchObject({
      direction: 'SG->FC',
      fromDate: '2026-11-28',
      toDate: '2026-12-05',
      weekdays: [1, 5],
      earliestTime: '06:30',
      latestTime: null,
    });
    await alertFor(bob, {});
    expect((await callerFor(t.db, ann, atNow).alert.list()).map((alert) => alert.id)).toEqual([created.id]);
  });

  it('deletes the caller’s own alert; another member’s is 404 and stays', async () => {
    const annsAlert = await alertFor(ann, {});
    expect(await refusal(callerFor(t.db, bob, atNow).alert.delete({ id: annsAlert.id }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'NOT_FOUND',
      message: ALERT_MESSAGES.notFound,
    });
    expect(await callerFor(t.db, ann, atNow).alert.list()).toHaveLength(1);

    await callerFor(t.db, ann, atNow).alert.delete({ id: annsAlert.id });
    expect(await callerFor(t.db, ann, atNow).alert.list()).toEqual([]);
    await createAs(olivia, '2026-12-01T00:00:00.000Z');
    expect(await alertNotices()).toEqual([]);
  });

  it('refuses the eleventh live alert with 409; an ended alert does not count', async () => {
    await t.db
      .insertInto('rideAlerts')
      .values({
        userId: ann.id,
        direction: 'SG->FC',
        fromDate: '2026-11-01',
        toDate: '2026-11-26',
        weekdays: null,
        earliestMinute: null,
        latestMinute: null,
      })
      .execute();
    for (let i = 0; i < MAX_LIVE_ALERTS; i += 1) await alertFor(ann, {});
    expect(await refusal(alertFor(ann, {}))).toEqual({
      code: 'CONFLICT',
      domainCode: 'ALERT_LIMIT_REACHED',
      message: ALERT_MESSAGES.limit,
    });
    // The limit is per member.
    await expect(alertFor(bob, {})).resolves.toMatchObject({ direction: 'SG->FC' });
  });

  it('keeps the limit when requests race', async () => {
    for (let i = 0; i < MAX_LIVE_ALERTS - 2; i += 1) await alertFor(ann, {});
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => alertFor(ann, {})));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    expect(await callerFor(t.db, ann, atNow).alert.list()).toHaveLength(MAX_LIVE_ALERTS);
  });

  it('refuses a window in the past, over 90 days or ending before it starts, with 400 naming why', async () => {
    expect(await refusal(alertFor(ann, { fromDate: '2026-11-26' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ALERT_MESSAGES.inThePast,
    });
    expect(await refusal(alertFor(ann, { toDate: '2027-02-26' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ALERT_MESSAGES.tooLong,
    });
    expect(await refusal(alertFor(ann, { toDate: '2026-11-27' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ALERT_MESSAGES.endBeforeStart,
    });
    expect(await refusal(alertFor(ann, { earliestTime: '25:00' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Earliest time must be a time of day (HH:MM, 24-hour)',
    });
    expect(await callerFor(t.db, ann, atNow).alert.list()).toEqual([]);
  });

  it('refuses vendors and signed-out callers', async () => {
    const vendor = await createVendor(t.db, { companyName: 'Causeway Cabs' });
    expect(await refusal(alertFor(vendor, {}))).toMatchObject({ code: 'FORBIDDEN', message: ALERT_MESSAGES.vendors });
    expect(await refusal(callerFor(t.db, null).alert.list())).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
