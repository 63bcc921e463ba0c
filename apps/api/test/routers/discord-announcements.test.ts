/**
 * Rides announced in a Discord channel (docs/announcements.md), against a fake webhook receiver on
 * loopback, with two senders on one database standing for two API instances. The clock is injected:
 * the senders are drained at chosen times, never waited for.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DiscordAnnouncer } from '../../src/discord/announcer';
import { fetchWebhook, type Webhook } from '../../src/discord/webhooks';
import {
  claimAnnouncements,
  listWebhookStates,
  scheduleAnnouncements,
} from '../../src/repositories/announcement-repository';
import { runSweepJob, sweepJobs } from '../../src/services/sweep';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { startFakeDiscord, type FakeDiscord } from '../helpers/fake-discord-webhook';
import { callerFor } from '../helpers/rides';

const t = useTestDatabase();
const START = new Date('2027-03-01T00:00:00Z');
const DAY = 86_400_000;
const noLog = { error: () => undefined };

let fake: FakeDiscord;
let clock: Date;
let warnings: { details: object; message: string }[];
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  clock = START;
  warnings = [];
  fake.received.length = 0;
});

function announcer(webhooks: Webhook[]): DiscordAnnouncer {
  return new DiscordAnnouncer({
    db: t.db,
    webhooks,
    publicUrl: 'https://rides.example.com',
    call: fetchWebhook,
    now,
    editDelayMs: 10_000,
    intervalMs: 2_500,
    log: { warn: (details, message) => warnings.push({ details, message }), error: () => undefined },
  });
}

const mainHook = (): Webhook[] => [{ key: 'main', url: `${fake.origin}/api/webhooks/1/token-a` }];

/** Both instances drain at the clock's time, at once. */
async function drainBoth(a: DiscordAnnouncer, b: DiscordAnnouncer): Promise<void> {
  await Promise.all([a.drain(), b.drain()]);
}

async function createRide(
  organiser: TestUser,
  overrides: { pickupLocation?: string; date?: Date; maxPassengers?: number; announce?: boolean } = {},
): Promise<number> {
  const ride = await callerFor(t.db, organiser, { now }).ride.create({
    direction: 'SG->FC',
    maxPassengers: overrides.maxPassengers ?? 4,
    date: (overrides.date ?? new Date(START.getTime() + 3 * DAY)).toISOString(),
    organizerPassengerCount: 1,
    pickupLocation: overrides.pickupLocation ?? 'Jurong East MRT',
    dropoffLocations: [{ location: 'Forest City Mall', passengerCount: 1 }],
    ...(overrides.announce === undefined ? {} : { announce: overrides.announce }),
  });
  return ride.id;
}

async function join(rideId: number): Promise<void> {
  const rider = await createUser(t.db);
  await callerFor(t.db, rider, { now }).passenger.join({ rideId, dropoffLocation: 'Forest City Mall' });
}

describe('Discord announcements', () => {
  it('posts one message per ride across two instances, edits it in place coalesced, honours a 429 and says Cancelled', async () => {
    const organiser = await createUser(t.db, {
      name: 'Mei',
      discordUsername: 'mei_secret_handle',
      whatsappNumber: '+6591234567',
      revolutUsername: 'meirevolut',
    });
    const a = announcer(mainHook());
    const b = announcer(mainHook());
    const rideId = await createRide(organiser);

    await drainBoth(a, b);
    expect(fake.received.map((call) => call.method)).toEqual(['POST']);
    const [post] = fake.received;
    expect(post?.url).toBe('/api/webhooks/1/token-a?wait=true');
    expect(post?.body.allowed_mentions).toEqual({ parse: [] });
    expect(post?.raw).toContain(`https://rides.example.com/rides/${String(rideId)}`);
    expect(post?.raw).toContain('Mei');
    for (const secret of ['mei_secret_handle', '91234567', 'meirevolut']) expect(post?.raw).not.toContain(secret);
    const ride = await t.db.selectFrom('rides').select('discordMessageId').where('id', '=', rideId).executeTakeFirst();
    const messageId = ride?.discordMessageId;
    expect(messageId).toMatch(/^\d+$/);

    // A burst of joins filling the ride: nothing before the delay, then one edit.
    await join(rideId);
    await join(rideId);
    await join(rideId);
    await drainBoth(a, b);
    expect(fake.received).toHaveLength(1);
    advance(10_000);
    await drainBoth(a, b);
    expect(fake.received.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/webhooks/1/token-a?wait=true',
      `PATCH /api/webhooks/1/token-a/messages/${String(messageId)}`,
    ]);
    expect(fake.received[1]?.raw).toContain('"Full"');
    expect(fake.received[1]?.body.allowed_mentions).toEqual({ parse: [] });

    // A cancellation meets a 429: retried only once its retry_after has passed.
    fake.failNextWith429(5);
    await callerFor(t.db, organiser, { now }).ride.cancel({ id: rideId, reason: 'Car broke down\nsorry all' });
    await drainBoth(a, b);
    expect(fake.received).toHaveLength(2);
    advance(10_000);
    await drainBoth(a, b);
    expect(fake.received).toHaveLength(3);
    advance(4_000);
    await drainBoth(a, b);
    expect(fake.received).toHaveLength(3);
    advance(1_000);
    await drainBoth(a, b);
    expect(fake.received).toHaveLength(4);
    const cancelled = fake.received[3];
    expect(cancelled?.method).toBe('PATCH');
    expect(cancelled?.body.embeds[0]?.description).toBe('Cancelled: Car broke down');
    expect(fake.received.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('a row claimed by an instance that died is sent by another once its lease ends, once', async () => {
    const organiser = await createUser(t.db);
    await createRide(organiser);
    // An instance claims the row and dies before calling Discord.
    await scheduleAnnouncements(t.db, clock, 10_000);
    expect(await claimAnnouncements(t.db, clock, new Date(clock.getTime() + 60_000), 10)).toHaveLength(1);
    const survivor = announcer(mainHook());
    await survivor.drain();
    expect(fake.received).toEqual([]);
    advance(60_000);
    await survivor.drain();
    await survivor.drain();
    expect(fake.received.map((call) => call.method)).toEqual(['POST']);
  });

  it('pings nobody and formats nothing a member typed', async () => {
    const organiser = await createUser(t.db, { name: '@here **Boss**' });
    await createRide(organiser, { pickupLocation: '**FREE** @everyone <@&123>' });
    await announcer(mainHook()).drain();
    const [post] = fake.received;
    expect(post?.body.allowed_mentions).toEqual({ parse: [] });
    expect(post?.raw).not.toMatch(/@everyone|@here|<@&|\*\*FREE/);
  });

  it('posts nothing for a ride whose organiser unticked Announce on Discord', async () => {
    const organiser = await createUser(t.db);
    await createRide(organiser, { announce: false });
    await announcer(mainHook()).drain();
    expect(fake.received).toEqual([]);
  });

  it('marks a departed ride over through the sweep, editing rather than deleting', async () => {
    const organiser = await createUser(t.db);
    const a = announcer(mainHook());
    await createRide(organiser, { date: new Date(START.getTime() + DAY) });
    await a.drain();
    advance(2 * DAY);
    expect((await runSweepJob(t.db, sweepJobs()['discord-announcements'], clock, noLog)).done).toBe(1);
    await a.drain();
    expect(fake.received.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(fake.received[1]?.body.embeds[0]?.title).toMatch(/^Over: /);
    // Nothing more once over.
    expect((await runSweepJob(t.db, sweepJobs()['discord-announcements'], clock, noLog)).done).toBe(0);
    await a.drain();
    expect(fake.received).toHaveLength(2);
  });

  it("marks a deleted ride's message over, keeping its title, without waiting for the sweep", async () => {
    const organiser = await createUser(t.db);
    const a = announcer(mainHook());
    const rideId = await createRide(organiser);
    await a.drain();
    await callerFor(t.db, organiser, { now }).ride.delete({ id: rideId });
    await a.drain();
    advance(10_000);
    await a.drain();
    expect(fake.received.map((call) => call.method)).toEqual(['POST', 'PATCH']);
    expect(fake.received[1]?.body.embeds[0]).toMatchObject({
      title: `Over: ${String(fake.received[0]?.body.embeds[0]?.title)}`,
      description: 'This ride is no longer offered.',
    });
  });

  it('disables a webhook that answers 404, with a warning, and stops calling it', async () => {
    const organiser = await createUser(t.db);
    const dead = announcer([{ key: 'main', url: `${fake.origin}/api/webhooks/404/gone` }]);
    await createRide(organiser);
    await dead.drain();
    expect(fake.received).toHaveLength(1);
    expect(warnings.map((w) => w.message)).toEqual([expect.stringContaining('answered 404')]);
    expect(await listWebhookStates(t.db)).toEqual([{ key: 'main', disabledAt: clock, disabledStatus: 404 }]);
    await createRide(organiser);
    advance(60_000);
    await dead.drain();
    expect(fake.received).toHaveLength(1);
  });

  it('announces only the next four rides of a weekly series; the sweep brings the next one in when one leaves', async () => {
    const organiser = await createUser(t.db);
    const a = announcer(mainHook());
    const series = await callerFor(t.db, organiser, { now }).series.create({
      direction: 'SG->FC',
      maxPassengers: 4,
      organizerPassengerCount: 1,
      pickupLocation: 'Jurong East MRT',
      dropoffLocations: [{ location: 'Forest City Mall', passengerCount: 1 }],
      weekdays: [1],
      time: '07:30',
      fromDate: '2027-03-02',
      untilDate: '2027-04-10',
    });
    expect(series.rides.length).toBeGreaterThan(4);
    for (let i = 0; i < 6; i += 1) {
      await a.drain();
      advance(2_500);
    }
    expect(fake.received.filter((call) => call.method === 'POST')).toHaveLength(4);
    // The first ride leaves: its message is marked over, and the fifth is posted.
    advance(8 * DAY);
    await runSweepJob(t.db, sweepJobs()['discord-announcements'], clock, noLog);
    for (let i = 0; i < 3; i += 1) {
      await a.drain();
      advance(2_500);
    }
    expect(fake.received.filter((call) => call.method === 'POST')).toHaveLength(5);
    expect(fake.received.filter((call) => call.body.embeds[0]?.title.startsWith('Over: '))).toHaveLength(1);
  });
});
