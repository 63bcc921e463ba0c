/**
 * What the organiser hears of a vendor's quotes (docs/vendors.md#quote-notices): an outside review
 * cycled quote → withdraw ten times and the organiser's phone buzzed ten times. Now a vendor's
 * quotes on a ride fold into one notice to the organiser, a withdrawal takes the unread notice back,
 * and the phone hears of one vendor's quotes on one ride at most once in 10 minutes. The phone is a
 * push service on loopback, the sender drained after each request; an injected clock.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../src/app';
import { pushEndpointPolicy } from '../../src/push/endpoint-policy';
import { PushOutbox } from '../../src/push/outbox';
import { webPushSender } from '../../src/push/send';
import { vapidKeys } from '../../src/push/vapid';
import { insertSubscription } from '../../src/repositories/push-repository';
import { createRide, createUser, createVendor, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';
import { BrowserPushKeys, startLocalPushService, type LocalPushService } from '../helpers/push-service';

const MINUTE = 60_000;
const START = new Date('2031-03-01T02:00:00.000Z');
let clock = START;
const env = testEnv({ PUSH_ALLOW_LOOPBACK: 'true' });

const t = useTestApp({
  build: async (db) => {
    const app: FastifyInstance = await buildApp({ env, db, now: () => clock });
    await app.ready();
    return app;
  },
});

let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
});
afterAll(async () => {
  await pushService.close();
});

let olivia: TestUser;
let acme: TestUser;
let bolt: TestUser;
let ride: TestRide;
const cookies = new Map<number, string>();

beforeEach(async () => {
  clock = START;
  pushService.received.length = 0;
  pushService.respondWith(201);
  olivia = await createUser(t.db, { name: 'Olivia' });
  acme = await createVendor(t.db, { companyName: 'Acme Cabs', vehicleSeats: 6 });
  bolt = await createVendor(t.db, {
    companyName: 'Bolt Cars',
    permit: { country: 'SG', number: 'CBT-2', expiresOn: '2099-12-31' },
  });
  ride = await createRide(t.db, olivia, { date: new Date(START.getTime() + 3 * 24 * 60 * MINUTE), cost: 80 });
  const { p256dh, auth } = new BrowserPushKeys().json;
  await insertSubscription(t.db, { userId: olivia.id, endpoint: `${pushService.origin}/push/olivia`, p256dh, auth });
  cookies.clear();
  for (const user of [olivia, acme, bolt]) cookies.set(user.id, await loginAs(t.app, user));
});

/** The server's sender after commit (server.ts runs it; here the test runs it after each request). */
const sendQueued = () =>
  new PushOutbox({ db: t.db, send: webPushSender(pushEndpointPolicy(env)), keys: () => vapidKeys(t.db, env) }).drain();

const quotesUrl = () => `/api/rides/${String(ride.id)}/quotes`;

async function quote(vendor: TestUser, price: number): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: quotesUrl(),
    headers: { cookie: cookies.get(vendor.id) ?? '' },
    payload: { price },
  });
  expect(res.statusCode, res.body).toBe(201);
  await sendQueued();
  return res.json<{ id: number }>().id;
}

async function withdraw(vendor: TestUser, quoteId: number): Promise<void> {
  const res = await t.app.inject({
    method: 'DELETE',
    url: `${quotesUrl()}/${String(quoteId)}`,
    headers: { cookie: cookies.get(vendor.id) ?? '' },
  });
  expect(res.statusCode, res.body).toBe(200);
  await sendQueued();
}

const unreadQuoteNotices = () =>
  t.db
    .selectFrom('notifications')
    .select(['detail', 'quiet'])
    .where('userId', '=', olivia.id)
    .where('kind', '=', 'quote_received')
    .where('readAt', 'is', null)
    .orderBy('id')
    .execute();

describe('quote notices', () => {
  it('ten quote → withdraw cycles reach the organiser’s phone once, and leave no notice behind', async () => {
    for (let i = 0; i < 10; i += 1) {
      clock = new Date(START.getTime() + i * 30_000);
      await withdraw(acme, await quote(acme, 100 + i));
    }
    expect(pushService.received).toHaveLength(1);
    expect(await unreadQuoteNotices()).toEqual([]);
  });

  it('a vendor’s quotes on a ride fold into one notice; the phone hears again only 10 minutes after it last did', async () => {
    await quote(acme, 120);
    clock = new Date(START.getTime() + 4 * MINUTE);
    await quote(acme, 110);
    clock = new Date(START.getTime() + 9 * MINUTE);
    await quote(acme, 100);
    expect(await unreadQuoteNotices()).toEqual([{ detail: 'Acme Cabs · SGD 100', quiet: true }]);
    expect(pushService.received).toHaveLength(1);

    clock = new Date(START.getTime() + 10 * MINUTE);
    await quote(acme, 95);
    expect(await unreadQuoteNotices()).toEqual([{ detail: 'Acme Cabs · SGD 95', quiet: false }]);
    expect(pushService.received).toHaveLength(2);
  });

  it('each vendor has its own notice and its own phone allowance', async () => {
    await quote(acme, 120);
    await quote(bolt, 115);
    clock = new Date(START.getTime() + MINUTE);
    await quote(bolt, 105);
    expect(await unreadQuoteNotices()).toEqual([
      { detail: 'Acme Cabs · SGD 120', quiet: false },
      { detail: 'Bolt Cars · SGD 105', quiet: true },
    ]);
    expect(pushService.received).toHaveLength(2);
  });

  it('a withdrawal leaves a notice the organiser already read', async () => {
    const id = await quote(acme, 120);
    await t.db.updateTable('notifications').set({ readAt: clock }).where('userId', '=', olivia.id).execute();
    await withdraw(acme, id);
    const all = await t.db
      .selectFrom('notifications')
      .select(['kind', 'detail'])
      .where('userId', '=', olivia.id)
      .execute();
    expect(all).toEqual([{ kind: 'quote_received', detail: 'Acme Cabs · SGD 120' }]);
  });
});
