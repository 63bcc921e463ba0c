/**
 * Reports of chat messages (docs/messages.md#reports), where an outside review bent them: one member
 * reported one message 120 times, pushing genuine reports off the administrator's list, and the
 * organiser's delete of a reported message silently closed its report. Now a member reports a
 * message once (a repeat answers 200 and changes nothing), reports are limited per member and hour
 * across instances (RATE_LIMIT_REPORT_PER_HOUR, 429 with Retry-After), and only the
 * administrator closes a report.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { appsPerTest, loginAs, useTestApp } from '../helpers/app';
import { expectRefusedFor } from '../helpers/rate-limits';

const t = useTestApp();
const appWith = appsPerTest(() => t.db);

const DAY = 86_400_000;

let olivia: TestUser; // organiser
let paul: TestUser; // rider
let rita: TestUser; // rider
let admin: TestUser;
let ride: TestRide;
const cookies = new Map<number, string>();

beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  paul = await createUser(t.db, { name: 'Paul' });
  rita = await createUser(t.db, { name: 'Rita' });
  admin = await createUser(t.db, { name: 'Ada', isAdmin: true });
  ride = await createRide(t.db, olivia, { date: new Date(Date.now() + 3 * DAY) });
  await addPassenger(t.db, ride, paul);
  await addPassenger(t.db, ride, rita);
  cookies.clear();
  for (const user of [olivia, paul, rita, admin]) cookies.set(user.id, await loginAs(t.app, user));
});

const as = (user: TestUser) => ({ cookie: cookies.get(user.id) ?? '' });
const url = (path = '') => `/api/rides/${String(ride.id)}/messages${path}`;

async function send(user: TestUser, body: string, app: FastifyInstance = t.app): Promise<number> {
  const res = await app.inject({ method: 'POST', url: url(), headers: as(user), payload: { body } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const report = (user: TestUser, messageId: number, reason: string, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'POST',
    url: url(`/${String(messageId)}/report`),
    headers: as(user),
    payload: { reason },
  });

interface OpenReport {
  id: number;
  reason: string;
  reporter: { name: string };
  message: { id: number; body: string | null; deleted: boolean };
}
async function openReports(): Promise<OpenReport[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/message-reports', headers: as(admin) });
  expect(res.statusCode).toBe(200);
  return res.json<OpenReport[]>();
}

describe('one report per member and message', () => {
  it('a repeat answers 200 with the first report and changes nothing, on REST and tRPC', async () => {
    const messageId = await send(olivia, 'Pay me in cash only');
    const first = await report(paul, messageId, 'Looks like a scam');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ messageId, alreadyReported: false });
    for (let i = 0; i < 5; i += 1) {
      const again = await report(paul, messageId, `Again ${String(i)}`);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ id: first.json<{ id: number }>().id, messageId, alreadyReported: true });
    }
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/message.report',
      headers: as(paul),
      payload: { rideId: ride.id, messageId, reason: 'Once more' },
    });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json<{ result: { data: unknown } }>().result.data).toMatchObject({ alreadyReported: true });
    // Another member's report of the same message is their own.
    expect((await report(rita, messageId, 'Rude')).statusCode).toBe(201);
    expect((await openReports()).map((r) => [r.reporter.name, r.reason])).toEqual([
      ['Paul', 'Looks like a scam'],
      ['Rita', 'Rude'],
    ]);
  });
});

describe('reports per hour', () => {
  it('RATE_LIMIT_REPORT_PER_HOUR reports per member, counted across two instances: then 429 with Retry-After', async () => {
    const a = await appWith({ RATE_LIMIT_REPORT_PER_HOUR: '3' });
    const b = await appWith({ RATE_LIMIT_REPORT_PER_HOUR: '3' });
    const ids = [];
    for (let i = 0; i < 5; i += 1) ids.push(await send(olivia, `Message ${String(i)}`));
    expect((await report(paul, ids[0] ?? 0, 'one', a)).statusCode).toBe(201);
    expect((await report(paul, ids[1] ?? 0, 'two', b)).statusCode).toBe(201);
    expect((await report(paul, ids[2] ?? 0, 'three', a)).statusCode).toBe(201);
    expectRefusedFor(await report(paul, ids[3] ?? 0, 'four', b));
    expectRefusedFor(await report(paul, ids[4] ?? 0, 'five', a));
    // Rita has her own allowance.
    expect((await report(rita, ids[3] ?? 0, 'mine', b)).statusCode).toBe(201);
    expect((await openReports()).map((r) => r.reason)).toEqual(['one', 'two', 'three', 'mine']);
  });
});

describe('deleting a reported message', () => {
  it('the organiser’s delete leaves the report open for the administrator, with the text as reported', async () => {
    const messageId = await send(paul, 'Rude words');
    expect((await report(rita, messageId, 'Rude')).statusCode).toBe(201);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: url(`/${String(messageId)}`),
      headers: as(olivia),
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, body: null });
    // The thread shows "message deleted"; the administrator still reads what was reported.
    const thread = await t.app.inject({ method: 'GET', url: url(), headers: as(rita) });
    expect(thread.json<{ items: { body: string | null }[] }>().items.map((m) => m.body)).toEqual([null]);
    const open = await openReports();
    expect(open.map((r) => r.reason)).toEqual(['Rude']);
    expect(open[0]?.message).toMatchObject({ id: messageId, body: 'Rude words', deleted: true });
    // The author deleting it again changes nothing either.
    await t.app.inject({ method: 'DELETE', url: url(`/${String(messageId)}`), headers: as(paul) });
    expect(await openReports()).toHaveLength(1);
    // The administrator's delete settles it.
    const byAdmin = await t.app.inject({ method: 'DELETE', url: url(`/${String(messageId)}`), headers: as(admin) });
    expect(byAdmin.statusCode).toBe(200);
    expect(await openReports()).toEqual([]);
  });

  it('the administrator may dismiss a report on a message the organiser deleted', async () => {
    const messageId = await send(paul, 'Meet at exit B');
    expect((await report(olivia, messageId, 'Wrong exit')).statusCode).toBe(201);
    await t.app.inject({ method: 'DELETE', url: url(`/${String(messageId)}`), headers: as(olivia) });
    const [open] = await openReports();
    const dismissed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/message-reports/${String(open?.id)}/dismiss`,
      headers: as(admin),
    });
    expect(dismissed.statusCode).toBe(200);
    expect(await openReports()).toEqual([]);
  });
});
