/**
 * Trip day follows the clock, and a closed ride takes nobody (docs/trip-day.md#clock,
 * docs/trip-day.md#closed): the review's probes, each over the documented paths. `departed` and
 * later stages from 30 minutes before departure, `arrived` from the departure time, no-shows from
 * the departure time and after `departed`; taking `departed` back takes back the no-shows marked
 * since; joins, waitlist joins and accepted offers on a departed or completed ride are 409; thumbs
 * only from members who travelled.
 */
import { describe, expect, it } from 'vitest';

import { HOUR, MINUTE, type TripView, useTripParty } from '../helpers/trip-party';

const p = useTripParty();
const error = (res: { json: <T>() => T }) => res.json<{ error: string }>().error;
const join = { dropoffLocation: 'Forest City', passengerCount: 1 };

async function status(): Promise<string> {
  const row = await p.t.db.selectFrom('rides').select('status').where('id', '=', p.ride.id).executeTakeFirstOrThrow();
  return row.status;
}

async function noShowsOf(userId: number): Promise<number> {
  const res = await p.call(p.users.mallory, 'GET', `/api/users/${String(userId)}/record`);
  return res.json<{ asRider: { noShows: number } }>().asRider.noShows;
}

describe('stages follow the clock', () => {
  it('refuses `arrived` two hours before departure, so a ride is never completed before it left', async () => {
    const { olivia, mallory } = p.users;
    p.at(-2 * HOUR);
    const early = await p.call(olivia, 'POST', 'trip/stage', { stage: 'arrived' });
    expect(early.statusCode).toBe(409);
    expect(error(early)).toBe('"Arrived" can be posted from the departure time: Sat, 1 Mar 2031, 10:00 am');
    expect(await status()).toBe('assigned');
    // Until the car leaves, the ride still takes riders.
    expect((await p.call(mallory, 'POST', 'join', join)).statusCode).toBe(201);
    p.at(0);
    await p.stage(olivia, 'arrived');
    expect(await status()).toBe('completed');
  });

  it('refuses `departed` and every later stage until 30 minutes before departure, naming when', async () => {
    const { acme, olivia } = p.users;
    p.at(-2.9 * HOUR);
    await p.stage(acme, 'at-pickup');
    for (const stage of ['departed', 'at-exit-checkpoint', 'cleared-entry-checkpoint']) {
      const res = await p.call(olivia, 'POST', 'trip/stage', { stage });
      expect(res.statusCode).toBe(409);
      expect(error(res)).toMatch(/can be posted from 30 minutes before departure: Sat, 1 Mar 2031, 9:30 am$/);
    }
    p.at(-30 * MINUTE - 1000);
    expect((await p.call(acme, 'POST', 'trip/stage', { stage: 'departed' })).statusCode).toBe(409);
    p.at(-30 * MINUTE);
    expect((await p.stage(acme, 'departed')).current).toBe('departed');
  });

  it('refuses a no-show before the departure time even once the car departed, then takes it', async () => {
    const { acme, olivia, paul } = p.users;
    p.at(-25 * MINUTE);
    await p.stage(acme, 'departed');
    const early = await p.call(olivia, 'POST', `passengers/${String(p.entries.paul)}/no-show`);
    expect(early.statusCode).toBe(409);
    expect(error(early)).toBe('No-shows can be marked from the departure time: Sat, 1 Mar 2031, 10:00 am');
    expect(await noShowsOf(paul.id)).toBe(0);
    p.at(0);
    const marked = await p.call(olivia, 'POST', `passengers/${String(p.entries.paul)}/no-show`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(await noShowsOf(paul.id)).toBe(1);
  });

  it('taking `departed` back takes back the no-shows marked since, with their notices', async () => {
    const { acme, paul, rita } = p.users;
    p.at(-5 * MINUTE);
    await p.stage(acme, 'departed');
    p.at(MINUTE);
    for (const entry of [p.entries.paul, p.entries.rita]) {
      expect((await p.call(acme, 'POST', `passengers/${String(entry)}/no-show`)).statusCode).toBe(200);
    }
    expect(await noShowsOf(paul.id)).toBe(1);
    p.at(4 * MINUTE);
    const back = await p.call(acme, 'POST', 'trip/undo');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<TripView>()).toMatchObject({ current: null, noShows: [] });
    expect(await noShowsOf(paul.id)).toBe(0);
    expect(await noShowsOf(rita.id)).toBe(0);
    const notices = await p.t.db
      .selectFrom('notifications')
      .select('id')
      .where('userId', 'in', [paul.id, rita.id])
      .where('kind', '=', 'trip_no_show')
      .execute();
    expect(notices).toEqual([]);
  });

  it('taking back a checkpoint after `departed` keeps the no-shows: the car still left', async () => {
    const { acme, paul } = p.users;
    p.at(0);
    await p.stage(acme, 'departed');
    expect((await p.call(acme, 'POST', `passengers/${String(p.entries.paul)}/no-show`)).statusCode).toBe(200);
    await p.stage(acme, 'at-exit-checkpoint');
    expect((await p.call(acme, 'POST', 'trip/undo')).json<TripView>().noShows).toEqual([p.entries.paul]);
    expect(await noShowsOf(paul.id)).toBe(1);
  });
});

describe('closed rides take nobody', () => {
  async function offerTo(userId: number): Promise<void> {
    await p.t.db
      .insertInto('rideWaitlist')
      .values({
        rideId: p.ride.id,
        userId,
        dropoffLocation: 'Forest City',
        passengerCount: 1,
        offerExpiresAt: new Date(p.now().getTime() + HOUR),
      })
      .execute();
  }

  it('refuses a join, a waitlist join and an accepted offer once the car departed (409)', async () => {
    const { acme, mallory } = p.users;
    await offerTo(mallory.id);
    await p.stage(acme, 'departed');
    for (const path of ['join', 'waitlist']) {
      const res = await p.call(mallory, 'POST', path, join);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(409);
      expect(error(res)).toBe('This ride has departed: it takes nobody new');
    }
    const accepted = await p.call(mallory, 'POST', 'waitlist/accept');
    expect(accepted.statusCode, accepted.body).toBe(409);
    expect(error(accepted)).toBe('This ride has departed: it takes nobody new');
    const entries = await p.t.db
      .selectFrom('ridePassengers')
      .select('userId')
      .where('rideId', '=', p.ride.id)
      .execute();
    expect(entries.map((row) => row.userId)).not.toContain(mallory.id);
  });

  it('refuses a join and an accepted offer on a completed ride (409), and so any thumb from the stranger', async () => {
    const { acme, mallory, olivia } = p.users;
    await offerTo(mallory.id);
    p.at(0);
    await p.stage(acme, 'arrived');
    const joined = await p.call(mallory, 'POST', 'join', join);
    expect(joined.statusCode).toBe(409);
    expect(error(joined)).toBe('This ride is completed: it takes nobody new');
    expect((await p.call(mallory, 'POST', 'waitlist', join)).statusCode).toBe(409);
    expect((await p.call(mallory, 'POST', 'waitlist/accept')).statusCode).toBe(409);
    const thumb = await p.call(mallory, 'POST', 'ratings', { subjectId: olivia.id, value: 'down' });
    expect(thumb.statusCode).toBe(403);
  });
});

describe('thumbs from those who travelled', () => {
  it('refuses a rider marked as not showing up (403) for the driver and the organizer; one who travelled gives them', async () => {
    const { acme, olivia, paul, rita } = p.users;
    p.at(0);
    await p.stage(acme, 'departed');
    expect((await p.call(olivia, 'POST', `passengers/${String(p.entries.paul)}/no-show`)).statusCode).toBe(200);
    p.at(HOUR);
    await p.stage(acme, 'arrived');
    p.at(2 * HOUR);
    for (const subjectId of [acme.id, olivia.id]) {
      const res = await p.call(paul, 'POST', 'ratings', { subjectId, value: 'down' });
      expect(res.statusCode).toBe(403);
      expect(error(res)).toBe('You were marked as not showing up on this ride: only members who travelled give thumbs');
      expect((await p.call(rita, 'POST', 'ratings', { subjectId, value: 'up' })).statusCode).toBe(201);
    }
    // The organizer may still thumb the rider who did not come.
    expect((await p.call(olivia, 'POST', 'ratings', { subjectId: paul.id, value: 'down' })).statusCode).toBe(201);
    const card = await p.t.app.inject({
      method: 'GET',
      url: `/trpc/record.ride?input=${encodeURIComponent(JSON.stringify({ rideId: p.ride.id }))}`,
      headers: p.as(paul),
    });
    expect(card.json<{ result: { data: { subjects: unknown[] } } }>().result.data.subjects).toEqual([]);
  });
});
