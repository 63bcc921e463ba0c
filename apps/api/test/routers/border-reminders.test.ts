/**
 * Border reminders from the periodic sweep, at an injected `now`: the window-open reminder and the
 * evening-before reminder, each once per rider per ride, in Singapore time.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { setChecklistTick, upsertTravelProfile } from '../../src/repositories/travel-repository';
import { runSweepJob, sweepJobs } from '../../src/services/sweep';
import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const noLog = { error: () => undefined };

// Friday 14 Jun 2030, 9:00 am Singapore time. The MDAC window opens Tuesday 11 Jun 00:00 Singapore
// (10 Jun 16:00 UTC); the evening reminder is due from Thursday 13 Jun 6:00 pm (10:00 UTC).
const DEPARTURE = new Date('2030-06-14T01:00:00Z');
const SETUP = new Date('2030-06-01T00:00:00Z');

let olivia: TestUser;
let bob: TestUser;
let carol: TestUser;
let rideId: number;

beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  bob = await createUser(t.db, { name: 'Bob' });
  carol = await createUser(t.db, { name: 'Carol' });
  const ride = await createRide(t.db, olivia, { date: DEPARTURE, direction: 'SG->FC', maxPassengers: 6 });
  rideId = ride.id;
  await addPassenger(t.db, ride, bob);
  await addPassenger(t.db, ride, carol);
  // Olivia needs nothing but a passport she has; Bob needs the MDAC; Carol has no travel profile.
  await upsertTravelProfile(
    t.db,
    olivia.id,
    { documentCategory: 'sg-citizen', passportExpiresOn: '2035-01-01' },
    SETUP,
  );
  await upsertTravelProfile(t.db, bob.id, { documentCategory: 'other', passportExpiresOn: '2035-01-01' }, SETUP);
});

async function sweepAt(iso: string): Promise<void> {
  expect((await runSweepJob(t.db, sweepJobs()['border-reminders'], new Date(iso), noLog)).ran).toBe(true);
}

async function inbox(user: TestUser): Promise<{ kind: string; detail: string | null; rideId: number | null }[]> {
  return (
    t.db
      .selectFrom('notifications')
      .select(['kind', 'detail', 'rideId'])
      .where('userId', '=', user.id)
      // The same sweep locks prices too (docs/payments.md#price-lock); only border reminders count here.
      .where('kind', 'in', ['border_window_open', 'border_evening_before'])
      .orderBy('id')
      .execute()
  );
}

describe('the window-open reminder', () => {
  it('goes out once the window has opened in Singapore time, once per rider and ride', async () => {
    await sweepAt('2030-06-10T15:59:59Z');
    expect(await inbox(bob)).toEqual([]);

    await sweepAt('2030-06-10T16:00:00Z');
    await sweepAt('2030-06-10T16:01:00Z');
    await sweepAt('2030-06-11T09:00:00Z');
    expect(await inbox(bob)).toEqual([{ kind: 'border_window_open', detail: 'mdac', rideId }]);
    // Nothing opened for the others: Olivia's items have no window, Carol's are unknown.
    expect(await inbox(olivia)).toEqual([]);
    expect(await inbox(carol)).toEqual([]);
  });

  it('is not sent when the card is already ticked, nor for a cancelled ride', async () => {
    await setChecklistTick(t.db, { rideId, userId: bob.id, item: 'mdac', done: true, now: SETUP });
    const cancelled = await createRide(t.db, olivia, { date: DEPARTURE, status: 'cancelled' });
    await addPassenger(t.db, cancelled, bob);
    await sweepAt('2030-06-11T01:00:00Z');
    expect(await inbox(bob)).toEqual([]);
  });
});

describe('the evening-before reminder', () => {
  it('goes out from 6 pm Singapore time the day before to riders with something left, once', async () => {
    await sweepAt('2030-06-13T09:59:59Z');
    expect((await inbox(bob)).map((row) => row.kind)).toEqual(['border_window_open']);
    expect(await inbox(carol)).toEqual([]);

    await sweepAt('2030-06-13T10:00:00Z');
    await sweepAt('2030-06-13T12:00:00Z');
    expect(await inbox(bob)).toEqual([
      { kind: 'border_window_open', detail: 'mdac', rideId },
      { kind: 'border_evening_before', detail: '1', rideId },
    ]);
    // No travel profile: reminded to add one ('0' items known).
    expect(await inbox(carol)).toEqual([{ kind: 'border_evening_before', detail: '0', rideId }]);
    // Olivia is ready.
    expect(await inbox(olivia)).toEqual([]);
    const marks = await t.db.selectFrom('borderRemindersSent').select(['userId', 'kind']).orderBy('userId').execute();
    expect(marks).toHaveLength(3);
  });

  it('is not sent to a rider who is ready', async () => {
    await setChecklistTick(t.db, { rideId, userId: bob.id, item: 'mdac', done: true, now: SETUP });
    await sweepAt('2030-06-13T11:00:00Z');
    expect(await inbox(bob)).toEqual([]);
    expect((await inbox(carol)).map((row) => row.kind)).toEqual(['border_evening_before']);
  });

  it('is not sent once the ride has departed', async () => {
    await sweepAt('2030-06-14T01:00:00Z');
    expect(await inbox(bob)).toEqual([]);
    expect(await inbox(carol)).toEqual([]);
  });
});
