/**
 * The ride chat over the documented paths (docs/messages.md): the party reads and writes, everyone
 * else is refused (a visitor 401, an outsider, a rider who left, a released or suspended vendor
 * 403); paging; bad bodies; the flood limit; read-only rides; deleting and reporting; the one
 * folded notice per member and ride with its phone throttle; unread counts; the retention sweep; and
 * that the manifest and calendar file never carry a message.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { sweepOnce } from '../../src/services/sweep';
import { addPassenger, createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { GENEROUS_RATE_LIMITS, testEnv } from '../helpers/env';

type Json = Record<string, unknown>;
interface Message {
  id: number;
  rideId: number;
  author: { id: number; name: string; role: string };
  body: string | null;
  createdAt: string;
  deleted: boolean;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const START = new Date('2031-03-01T02:00:00.000Z');
let clock = START;
const tick = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

const t = useTestApp({
  build: async (db) => {
    const app = await buildApp({
      env: testEnv({ ...GENEROUS_RATE_LIMITS, MESSAGES_PER_MINUTE: '5' }),
      db,
      now: () => clock,
    });
    await app.ready();
    return app;
  },
});

let olivia: TestUser; // organiser
let paul: TestUser; // rider
let rita: TestUser; // rider
let mallory: TestUser; // on no ride
let acme: TestUser; // the assigned vendor
let admin: TestUser;
let ride: TestRide;
const cookies = new Map<number, string>();

beforeEach(async () => {
  clock = START;
  olivia = await createUser(t.db, { name: 'Olivia' });
  paul = await createUser(t.db, { name: 'Paul' });
  rita = await createUser(t.db, { name: 'Rita' });
  mallory = await createUser(t.db, { name: 'Mallory' });
  acme = await createVendor(t.db, { companyName: 'Acme Cabs' });
  admin = await createUser(t.db, { name: 'Ada', isAdmin: true });
  ride = await createRide(t.db, olivia, {
    date: new Date(START.getTime() + 4 * DAY),
    status: 'assigned',
    vendorId: acme.id,
  });
  await addPassenger(t.db, ride, paul);
  await addPassenger(t.db, ride, rita);
  cookies.clear();
  for (const user of [olivia, paul, rita, mallory, acme, admin]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser | null) => (user ? { cookie: cookies.get(user.id) ?? '' } : {});
const url = (rideId = ride.id) => `/api/rides/${String(rideId)}/messages`;
const post = (user: TestUser | null, body: unknown, rideId = ride.id) =>
  t.app.inject({ method: 'POST', url: url(rideId), headers: as(user), payload: { body } as Json });
const list = (user: TestUser | null, search = '') =>
  t.app.inject({ method: 'GET', url: `${url()}${search}`, headers: as(user) });
const remove = (user: TestUser | null, messageId: number) =>
  t.app.inject({ method: 'DELETE', url: `${url()}/${String(messageId)}`, headers: as(user) });

async function send(user: TestUser, body: string): Promise<Message> {
  const res = await post(user, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Message>();
}

async function notices(user: TestUser) {
  return t.db
    .selectFrom('notifications')
    .select(['kind', 'rideId', 'detail', 'readAt', 'quiet'])
    .where('userId', '=', user.id)
    .where('kind', '=', 'ride_message')
    .execute();
}

describe('the party', () => {
  it('organiser, riders and the assigned vendor post and read one thread, each with their role', async () => {
    await send(olivia, 'Meet at exit B');
    await send(paul, 'On my way');
    await send(acme, 'Car is a white Alphard');
    for (const reader of [olivia, paul, rita, acme]) {
      const res = await list(reader);
      expect(res.statusCode).toBe(200);
      const page = res.json<{ items: Message[]; nextBefore: number | null }>();
      expect(page.nextBefore).toBeNull();
      expect(page.items.map((m) => [m.author.name, m.author.role, m.body, m.deleted])).toEqual([
        ['Olivia', 'organizer', 'Meet at exit B', false],
        ['Paul', 'passenger', 'On my way', false],
        ['Acme Cabs', 'vendor', 'Car is a white Alphard', false],
      ]);
    }
  });

  it('refuses a visitor 401 and a member outside the party 403, reading and writing', async () => {
    expect((await list(null)).statusCode).toBe(401);
    expect((await post(null, 'hi')).statusCode).toBe(401);
    const read = await list(mallory);
    expect(read.statusCode).toBe(403);
    expect(read.json<Json>().error).toBe(
      "Only the ride's organizer, its riders and its assigned driver can use this chat",
    );
    expect((await post(mallory, 'hi')).statusCode).toBe(403);
    expect((await post(admin, 'hi')).statusCode).toBe(403);
    expect((await post(olivia, 'hi', 999_999)).statusCode).toBe(404);
  });

  it('a rider who leaves loses the thread at once', async () => {
    await send(paul, 'See you');
    const entry = await t.db
      .selectFrom('ridePassengers')
      .select('id')
      .where('rideId', '=', ride.id)
      .where('userId', '=', paul.id)
      .executeTakeFirstOrThrow();
    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/rides/${String(ride.id)}/passengers/${String(entry.id)}`,
      headers: as(paul),
    });
    expect(left.statusCode).toBe(200);
    expect((await list(paul)).statusCode).toBe(403);
    expect((await post(paul, 'still here?')).statusCode).toBe(403);
  });

  it('a released vendor and a suspended vendor lose it too', async () => {
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Expired permit' })
      .where('id', '=', acme.id)
      .execute();
    const suspended = await post(acme, 'hello');
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json<Json>().error).toBe('Your vendor account is suspended: Expired permit');
    await t.db
      .updateTable('users')
      .set({ vendorStatus: 'approved', vendorStatusReason: null })
      .where('id', '=', acme.id)
      .execute();
    expect((await post(acme, 'back')).statusCode).toBe(201);
    await t.db.updateTable('rides').set({ vendorId: null, status: 'open' }).where('id', '=', ride.id).execute();
    expect((await list(acme)).statusCode).toBe(403);
  });

  it('pages backwards with before and limit, oldest first within a page', async () => {
    const sent: Message[] = [];
    for (let i = 1; i <= 5; i += 1) {
      sent.push(await send(i % 2 ? olivia : paul, `message ${String(i)}`));
      tick(MINUTE);
    }
    const newest = (await list(rita, '?limit=2')).json<{ items: Message[]; nextBefore: number | null }>();
    expect(newest.items.map((m) => m.body)).toEqual(['message 4', 'message 5']);
    expect(newest.nextBefore).toBe(sent[3]?.id);
    const older = (await list(rita, `?limit=2&before=${String(newest.nextBefore)}`)).json<{
      items: Message[];
      nextBefore: number | null;
    }>();
    expect(older.items.map((m) => m.body)).toEqual(['message 2', 'message 3']);
    const oldest = (await list(rita, `?limit=2&before=${String(older.nextBefore)}`)).json<{
      items: Message[];
      nextBefore: number | null;
    }>();
    expect(oldest.items.map((m) => m.body)).toEqual(['message 1']);
    expect(oldest.nextBefore).toBeNull();
    expect((await list(rita, '?limit=0')).statusCode).toBe(400);
    expect((await list(rita, '?limit=101')).json<Json>().error).toContain('1 to 100');
    expect((await list(rita, '?before=abc')).statusCode).toBe(400);
  });
});

describe('bad input and limits', () => {
  it('refuses an empty body, one over 1000 characters and hidden characters, naming the rule', async () => {
    const empty = await post(paul, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<Json>().error).toContain('1 to 1000 characters');
    const long = await post(paul, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json<Json>().error).toContain('at most 1000 characters');
    expect((await post(paul, 'x'.repeat(1000))).statusCode).toBe(201);
    const bidi = await post(paul, 'pay me\u202Eevil');
    expect(bidi.statusCode).toBe(400);
    expect(bidi.json<Json>().error).toContain('characters that are not allowed');
    expect((await post(paul, 42)).statusCode).toBe(400);
    expect((await post(paul, 'two\nlines')).json<Message>().body).toBe('two\nlines');
  });

  it('answers 429 with the reason past MESSAGES_PER_MINUTE, and lets the member go on a minute later', async () => {
    for (let i = 0; i < 5; i += 1) await send(paul, `flood ${String(i)}`);
    const refused = await post(paul, 'one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<Json>().error).toBe(
      'You are sending messages too fast: at most 5 a minute. Try again in 60 seconds.',
    );
    expect(refused.headers['retry-after']).toBe('60');
    // Another member is not held back by Paul's flood.
    expect((await post(rita, 'fine')).statusCode).toBe(201);
    tick(MINUTE);
    expect((await post(paul, 'calm now')).statusCode).toBe(201);
  });

  it('a cancelled or completed ride more than 7 days ago only reads: 409 on post', async () => {
    await send(paul, 'before');
    await t.db.updateTable('rides').set({ status: 'completed' }).where('id', '=', ride.id).execute();
    tick(4 * DAY + 7 * DAY);
    expect((await post(paul, 'just in time')).statusCode).toBe(201);
    tick(1);
    const closed = await post(paul, 'after');
    expect(closed.statusCode).toBe(409);
    expect(closed.json<Json>().error).toBe('This ride ended more than 7 days ago: its chat is read-only');
    expect((await list(paul)).json<{ items: Message[] }>().items).toHaveLength(2);
  });
});

describe('deleting and reporting', () => {
  it('the author and the organiser delete; another rider cannot; a stub without body stays', async () => {
    const own = await send(paul, 'typo');
    const other = await send(rita, 'rude words');
    expect((await remove(paul, other.id)).statusCode).toBe(403);
    expect((await remove(mallory, other.id)).statusCode).toBe(403);
    const byAuthor = await remove(paul, own.id);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json<Message>()).toMatchObject({ id: own.id, body: null, deleted: true });
    expect((await remove(olivia, other.id)).statusCode).toBe(200);
    const items = (await list(acme)).json<{ items: Message[] }>().items;
    expect(items.map((m) => [m.id, m.body, m.deleted])).toEqual([
      [own.id, null, true],
      [other.id, null, true],
    ]);
    expect((await remove(olivia, 999_999)).statusCode).toBe(404);
    const stored = await t.db
      .selectFrom('rideMessages')
      .select('body')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBeNull();
  });

  it('a report reaches the administrator with the message, who deletes it or dismisses the report', async () => {
    const bad = await send(rita, 'send me your bank PIN');
    const fine = await send(rita, 'see you at 8');
    const report = (messageId: number, user: TestUser, reason: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${url()}/${String(messageId)}/report`,
        headers: as(user),
        payload: { reason } as Json,
      });
    expect((await report(bad.id, paul, '')).statusCode).toBe(400);
    expect((await report(bad.id, mallory, 'scam')).statusCode).toBe(403);
    expect((await report(bad.id, paul, 'Looks like a scam')).statusCode).toBe(201);
    expect((await report(fine.id, acme, 'Not sure')).statusCode).toBe(201);

    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/message-reports', headers: as(paul) })).statusCode,
    ).toBe(403);
    const reports = await t.app.inject({ method: 'GET', url: '/api/admin/message-reports', headers: as(admin) });
    expect(reports.statusCode).toBe(200);
    const open = reports.json<{ id: number; reason: string; reporter: { name: string }; message: Message }[]>();
    expect(open.map((r) => [r.reason, r.reporter.name, r.message.body, r.message.author.name])).toEqual([
      ['Looks like a scam', 'Paul', 'send me your bank PIN', 'Rita'],
      ['Not sure', 'Acme Cabs', 'see you at 8', 'Rita'],
    ]);
    expect((await remove(admin, bad.id)).statusCode).toBe(200);
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/message-reports/${String(open[1]?.id)}/dismiss`,
      headers: as(admin),
    });
    expect(dismissed.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/message-reports', headers: as(admin) });
    expect(after.json<unknown[]>()).toEqual([]);
    expect((await list(paul)).json<{ items: Message[] }>().items.map((m) => m.body)).toEqual([null, 'see you at 8']);
  });
});

describe('notices and unread counts', () => {
  it('one unread notice per member and ride, counting; a phone hears at most once in 10 minutes; never one’s own', async () => {
    await send(paul, 'one');
    expect(await notices(paul)).toEqual([]);
    expect(await notices(rita)).toEqual([
      { kind: 'ride_message', rideId: ride.id, detail: '1', readAt: null, quiet: false },
    ]);
    tick(MINUTE);
    await send(paul, 'two');
    await send(olivia, 'three');
    expect(await notices(rita)).toEqual([
      { kind: 'ride_message', rideId: ride.id, detail: '3', readAt: null, quiet: true },
    ]);
    expect((await notices(paul)).map((n) => [n.detail, n.quiet])).toEqual([['1', false]]);
    tick(10 * MINUTE);
    await send(acme, 'four');
    expect((await notices(rita)).map((n) => [n.detail, n.quiet])).toEqual([['4', false]]);
    // Acme's own message leaves its notice of the three before as it was.
    expect((await notices(acme)).map((n) => n.detail)).toEqual(['3']);
    expect(await notices(mallory)).toEqual([]);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: as(rita) });
    expect(JSON.stringify(inbox.json())).toContain('ride_message');
  });

  it('posts made at once fold into one notice per member, counting them all', async () => {
    const results = await Promise.all([post(paul, 'a'), post(olivia, 'b'), post(acme, 'c'), post(paul, 'd')]);
    expect(results.map((res) => res.statusCode)).toEqual([201, 201, 201, 201]);
    expect((await notices(rita)).map((n) => n.detail)).toEqual(['4']);
    expect((await notices(paul)).map((n) => n.detail)).toHaveLength(1);
    expect(Number((await notices(paul))[0]?.detail)).toBeGreaterThanOrEqual(1);
  });

  it('counts unread messages per ride, and opening the chat reads them and the notice', async () => {
    await send(paul, 'one');
    await send(olivia, 'two');
    const unread = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/messages/unread', headers: as(user) });
    expect((await unread(rita)).json()).toEqual([{ rideId: ride.id, unread: 2 }]);
    expect((await unread(paul)).json()).toEqual([{ rideId: ride.id, unread: 1 }]);
    expect((await unread(acme)).json()).toEqual([{ rideId: ride.id, unread: 2 }]);
    expect((await unread(mallory)).json()).toEqual([]);
    const read = await t.app.inject({ method: 'POST', url: `${url()}/read`, headers: as(rita) });
    expect(read.statusCode).toBe(200);
    expect((await unread(rita)).json()).toEqual([]);
    expect((await notices(rita))[0]?.readAt).not.toBeNull();
    expect((await t.app.inject({ method: 'POST', url: `${url()}/read`, headers: as(mallory) })).statusCode).toBe(403);
  });
});

describe('privacy', () => {
  it('the manifest and the calendar file never carry a message', async () => {
    await send(paul, 'SECRET-CHAT-MARKER');
    const manifest = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}/manifest`,
      headers: as(olivia),
    });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).not.toContain('SECRET-CHAT-MARKER');
    const calendar = await t.app.inject({
      method: 'GET',
      url: `/api/rides/${String(ride.id)}/calendar.ics`,
      headers: as(paul),
    });
    expect(calendar.body).not.toContain('SECRET-CHAT-MARKER');
  });

  it('the sweep deletes messages MESSAGE_RETENTION_DAYS after the ride, and keeps newer ones', async () => {
    const later = await createRide(t.db, olivia, { date: new Date(START.getTime() + 40 * DAY) });
    await send(paul, 'old ride');
    expect((await post(olivia, 'later ride', later.id)).statusCode).toBe(201);
    const log = { error: () => undefined };
    // 33 days after the first ride: past 30 days for it, not for the later one.
    await sweepOnce(t.db, new Date(START.getTime() + 35 * DAY), log, { messageRetentionDays: 30 });
    const left = await t.db.selectFrom('rideMessages').select(['rideId', 'body']).execute();
    expect(left).toEqual([{ rideId: later.id, body: 'later ride' }]);
  });
});
