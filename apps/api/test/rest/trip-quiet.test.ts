/**
 * Trip day stays quiet however often someone taps (docs/trip-day.md#notices, docs/write-limits.md):
 * trip writes share RATE_LIMIT_TRIP_PER_HOUR per member, exactly across two API instances on one
 * database (429 with Retry-After past it); a rider's phone hears of one kind of trip news at most
 * once in 10 minutes, never of an undo, and a no-show marked and cleared over and over reaches it
 * once.
 */
import { connectDatabase } from '@rideshare/db';
import { sql } from 'kysely';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { MINUTE, useTripParty } from '../helpers/trip-party';

const serverMode = inject('dbMode') === 'server';
const p = useTripParty();

// Every notice written loud (for the phone) is logged as it is inserted: a folded notice replaces
// the one before it, so the rows left at the end cannot say how many reached a phone.
beforeAll(async () => {
  await sql`create table if not exists loud_log (user_id integer, kind text, detail text)`.execute(p.t.db);
  await sql`
    create or replace function log_loud_notice() returns trigger language plpgsql as $$
    begin
      insert into loud_log values (new.user_id, new.kind::text, new.detail);
      return new;
    end $$`.execute(p.t.db);
  await sql`drop trigger if exists notifications_loud_log on notifications`.execute(p.t.db);
  await sql`
    create trigger notifications_loud_log after insert on notifications
      for each row when (not new.quiet) execute function log_loud_notice()`.execute(p.t.db);
});

async function loud(userId: number, kind: string): Promise<string[]> {
  const { rows } = await sql<{ detail: string | null }>`
    select detail from loud_log where user_id = ${userId} and kind = ${kind}`.execute(p.t.db);
  return rows.map((row) => row.detail ?? '');
}

describe('phone notifications of the trip', () => {
  it('30 × (departed + undo) reach each rider once in 10 minutes, and again after them', async () => {
    const { acme, paul, rita, olivia } = p.users;
    p.at(0);
    for (let i = 0; i < 30; i += 1) {
      await p.stage(acme, 'departed');
      const undo = await p.call(acme, 'POST', 'trip/undo');
      expect(undo.statusCode, undo.body).toBe(200);
    }
    for (const user of [paul, rita, olivia]) expect(await loud(user.id, 'trip_stage')).toEqual(['Departed']);
    // Ten minutes on, the same news may ring again.
    p.at(10 * MINUTE + 1000);
    await p.stage(acme, 'departed');
    expect(await loud(paul.id, 'trip_stage')).toEqual(['Departed', 'Departed']);
    // Another kind of news is not held back by the first.
    await p.stage(acme, 'cleared-exit-checkpoint');
    await p.stage(acme, 'arrived');
    expect(await loud(paul.id, 'trip_stage')).toEqual(['Departed', 'Departed', 'Cleared Tuas Checkpoint', 'Arrived']);
    // The inbox still shows the latest stage.
    const inbox = await p.t.db
      .selectFrom('notifications')
      .select(['detail'])
      .where('userId', '=', paul.id)
      .where('kind', '=', 'trip_stage')
      .execute();
    expect(inbox).toEqual([{ detail: 'Arrived' }]);
  });

  it('30 × no-show mark + clear reach the rider once; the rest of the party hears quietly', async () => {
    const { acme, olivia, paul, rita } = p.users;
    p.at(0);
    await p.stage(acme, 'departed');
    const before = await loud(rita.id, 'trip_no_show');
    for (let i = 0; i < 30; i += 1) {
      const path = `passengers/${String(p.entries.paul)}/no-show`;
      expect((await p.call(olivia, 'POST', path)).statusCode).toBe(200);
      expect((await p.call(olivia, 'DELETE', path)).statusCode).toBe(200);
    }
    expect(await loud(paul.id, 'trip_no_show')).toHaveLength(1);
    expect(await loud(rita.id, 'trip_no_show')).toEqual(before);
  });
});

describe('RATE_LIMIT_TRIP_PER_HOUR', () => {
  it('counts stages, undos, late notices, no-shows and share links together per member (429 with Retry-After)', async () => {
    const app = await p.build(p.t.db, { RATE_LIMIT_TRIP_PER_HOUR: '6' });
    try {
      const { acme, paul } = p.users;
      p.at(0);
      const calls: [typeof acme, 'POST' | 'DELETE', string, Record<string, unknown>?][] = [
        [acme, 'POST', 'trip/stage', { stage: 'departed' }],
        [acme, 'POST', 'trip/undo'],
        [acme, 'POST', 'trip/stage', { stage: 'departed' }],
        [acme, 'POST', `passengers/${String(p.entries.paul)}/no-show`],
        [acme, 'DELETE', `passengers/${String(p.entries.paul)}/no-show`],
        [acme, 'POST', 'trip/share'],
      ];
      for (const [user, method, path, payload] of calls) {
        const res = await p.call(user, method, path, payload, app);
        expect(res.statusCode, `${path}: ${res.body}`).toBeLessThan(300);
      }
      const refused = await p.call(acme, 'POST', 'trip/stage', { stage: 'at-exit-checkpoint' }, app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<{ error: string }>().error).toMatch(
        /^Too many requests\. Please try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A refused call is not written.
      const stages = await p.t.db
        .selectFrom('rideTripStages')
        .select('stage')
        .where('rideId', '=', p.ride.id)
        .execute();
      expect(stages).toEqual([{ stage: 'departed' }]);
      // Another member has their own allowance.
      expect((await p.call(paul, 'POST', 'trip/late', { minutes: 5 }, app)).statusCode).toBe(200);
      // An hour on, the window starts again.
      p.at(60 * MINUTE + 1000);
      expect((await p.call(acme, 'POST', 'trip/stage', { stage: 'at-exit-checkpoint' }, app)).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('holds exactly across two instances on one database, calls racing on both', async () => {
    // Against a server the second instance has its own connection pool (as a second process would);
    // the embedded engine is one process, so both instances share its handle.
    const pool = serverMode ? await connectDatabase({ databaseUrl: p.t.tdb.connectionString, poolSize: 4 }) : null;
    const env = { RATE_LIMIT_TRIP_PER_HOUR: '5' };
    const [a, b] = [await p.build(p.t.db, env), await p.build(pool?.db ?? p.t.db, env)];
    try {
      p.at(0);
      const calls = Array.from({ length: 12 }, (_, i) =>
        p.call(p.users.paul, 'POST', 'trip/late', { minutes: 5 }, i % 2 === 0 ? a : b),
      );
      const statuses = (await Promise.all(calls)).map((res) => res.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    } finally {
      await a.close();
      await b.close();
      await pool?.close();
    }
  });
});
