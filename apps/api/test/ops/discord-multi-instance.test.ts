/**
 * Ride announcements across two production API processes on one Postgres database
 * (docs/announcements.md#delivery), against a fake Discord on loopback
 * (DISCORD_WEBHOOK_ALLOW_LOOPBACK=true): a ride created on A and filled through both gets exactly
 * one post, edited in place; an edit queued when the processes stop goes out after a restart.
 * Needs a Postgres server. The processes run on the real clock: the test waits on what the fake
 * receives, within a bound, never for a fixed time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';

import { createUser } from '../factories';
import { startFakeDiscord, type FakeDiscord, type ReceivedCall } from '../helpers/fake-discord-webhook';
import {
  call,
  createRide,
  describeOnServerEngine,
  joinRide,
  login,
  stopApiProcess,
  useApiProcessPair,
} from './api-process';

let fake: FakeDiscord;

/** Waits until `check` holds for what the fake received (at most 20 s). */
async function receivedUntil(check: (calls: ReceivedCall[]) => boolean): Promise<ReceivedCall[]> {
  const deadline = Date.now() + 20_000;
  while (!check(fake.received)) {
    if (Date.now() > deadline) throw new Error(`fake Discord received: ${JSON.stringify(fake.received, null, 1)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return fake.received;
}

const posts = (calls: ReceivedCall[]) => calls.filter((c) => c.method === 'POST');
const patches = (calls: ReceivedCall[]) => calls.filter((c) => c.method === 'PATCH');

describeOnServerEngine('discord-multi-instance.test.ts', 'Discord announcements across two API processes', () => {
  const env: Record<string, string> = { DISCORD_WEBHOOK_ALLOW_LOOPBACK: 'true', DISCORD_EDIT_DELAY_SECONDS: '2' };
  beforeAll(async () => {
    fake = await startFakeDiscord();
    env.DISCORD_WEBHOOK_URL = `${fake.origin}/api/webhooks/7/multi-token`;
  });
  afterAll(async () => {
    await fake.close();
  });
  const t = useApiProcessPair({ sessionSecret: 'discord-multi-instance-secret-0123456789abc', env });

  it('posts one message for a ride filled through both processes, edits it in place, and survives a restart', async () => {
    const organiser = await createUser(t.db, { name: 'Organiser' });
    const rideId = await createRide(t.a, await login(t.a, organiser), 4);
    const [post] = await receivedUntil((calls) => posts(calls).length === 1);
    expect(post?.url).toBe('/api/webhooks/7/multi-token?wait=true');
    expect(post?.body.allowed_mentions).toEqual({ parse: [] });

    // Joins on both processes at once: the message ends Full, edited in place, never posted again.
    const riders = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const cookies = await Promise.all(riders.map((rider, i) => login(i % 2 === 0 ? t.a : t.b, rider)));
    const joins = await Promise.all(cookies.map((cookie, i) => joinRide(i % 2 === 0 ? t.a : t.b, cookie, rideId)));
    expect(joins.map((res) => res.status)).toEqual([201, 201, 201]);
    const calls = await receivedUntil((all) => patches(all).some((c) => c.raw.includes('"Full"')));
    const messageId = (
      await t.db.selectFrom('rides').select('discordMessageId').where('id', '=', rideId).executeTakeFirstOrThrow()
    ).discordMessageId;
    expect(posts(calls)).toHaveLength(1);
    expect(patches(calls).every((c) => c.url === `/api/webhooks/7/multi-token/messages/${String(messageId)}`)).toBe(
      true,
    );

    // B stops; a cancellation on A is queued, A stops before its edit is due, and a new A sends it.
    await stopApiProcess(t.b);
    const cancelled = await call(t.a, 'POST', `/api/rides/${String(rideId)}/cancel`, {
      cookie: await login(t.a, organiser),
      body: { reason: 'Flat tyre' },
    });
    expect(cancelled.status).toBe(200);
    await stopApiProcess(t.a);
    await t.restartA('A2');
    const after = await receivedUntil((all) =>
      all.some((c) => c.body.embeds[0]?.description === 'Cancelled: Flat tyre'),
    );
    expect(posts(after)).toHaveLength(1);
  });
});
