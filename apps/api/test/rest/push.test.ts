/**
 * Phone notifications over the documented paths: the VAPID key, subscribing and unsubscribing (per
 * member, bad input 400), and a notification reaching a push service on loopback, encrypted for the
 * subscription: the test decrypts it with the browser's keys and reads the sentence and the link.
 */
import { hostname } from 'node:os';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestUser } from '../factories';
import { pushEndpointPolicy } from '../../src/push/endpoint-policy';
import { PushOutbox } from '../../src/push/outbox';
import { webPushSender } from '../../src/push/send';
import { vapidKeys } from '../../src/push/vapid';
import { loginAs, useTestApp } from '../helpers/app';
import { testEnv } from '../helpers/env';
import { BrowserPushKeys, startLocalPushService, type LocalPushService } from '../helpers/push-service';

const t = useTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'true' } });

const DAY = 86_400_000;
let pushService: LocalPushService;
let alice: TestUser;
let bob: TestUser;
let aliceCookie: string;
let bobCookie: string;

beforeAll(async () => {
  pushService = await startLocalPushService();
});
afterAll(async () => {
  await pushService.close();
});

beforeEach(async () => {
  pushService.received.length = 0;
  pushService.respondWith(201);
  alice = await createUser(t.db, { name: 'Alice' });
  bob = await createUser(t.db, { name: 'Bob' });
  aliceCookie = await loginAs(t.app, alice);
  bobCookie = await loginAs(t.app, bob);
});

const subscribe = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: cookie ? { cookie } : {},
    payload: payload as Record<string, unknown>,
  });
const unsubscribe = (cookie: string, endpoint: string) =>
  t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: { cookie }, payload: { endpoint } });

async function subscriptionCount(userId: number): Promise<number> {
  const rows = await t.db.selectFrom('pushSubscriptions').select('id').where('userId', '=', userId).execute();
  return rows.length;
}

/** What the server's sender does after commit (server.ts runs it; here the test runs it by hand). */
const sendQueued = () =>
  new PushOutbox({
    db: t.db,
    send: webPushSender(pushEndpointPolicy(testEnv({ PUSH_ALLOW_LOOPBACK: 'true' }))),
    keys: () => vapidKeys(t.db, testEnv()),
  }).drain();

/** Alice cancels a ride Bob is on: Bob's inbox gets one notification. */
async function cancelRideBobIsOn(reason: string): Promise<number> {
  const ride = await createRide(t.db, alice, { date: new Date(Date.now() + 3 * DAY), direction: 'FC->SG' });
  await addPassenger(t.db, ride, bob);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/rides/${String(ride.id)}/cancel`,
    headers: { cookie: aliceCookie },
    payload: { reason },
  });
  expect(res.statusCode).toBe(200);
  return ride.id;
}

describe('GET /api/push/key', () => {
  it('answers the same base64url P-256 public key each time, signed in or not', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json<{ publicKey: string }>();
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const second = await t.app.inject({ method: 'GET', url: '/api/push/key', headers: { cookie: bobCookie } });
    expect(second.json()).toEqual({ publicKey });
  });
});

describe('POST /api/push/subscriptions', () => {
  const keys = new BrowserPushKeys().json;

  it('needs a session', async () => {
    const res = await subscribe(undefined, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['plain http', { endpoint: 'http://push.example.com/x', keys }, /https/],
    ['a private address', { endpoint: 'https://10.1.2.3/x', keys }, /internet/],
    // What an outside review got accepted: each is refused by where it leads, not by its spelling.
    ['loopback spelled with a trailing dot', { endpoint: 'https://localhost.:4499/x', keys }, /443/],
    ['loopback on the https port', { endpoint: 'https://localhost./x', keys }, /internet/],
    ['a cloud metadata name', { endpoint: 'https://metadata.google.internal/x', keys }, /known push service/],
    ["this machine's host name", { endpoint: `https://${hostname()}/x`, keys }, /known push service|internet/],
    ['a CGNAT address', { endpoint: 'https://100.64.0.1/x', keys }, /internet/],
    ['a NAT64 address', { endpoint: 'https://[64:ff9b::7f00:1]/x', keys }, /internet/],
    ['user info', { endpoint: 'https://user:pw@fcm.googleapis.com/fcm/send/x', keys }, /user name or password/],
    ['another port', { endpoint: 'https://fcm.googleapis.com:8443/fcm/send/x', keys }, /443/],
    ['a look-alike host', { endpoint: 'https://evilfcm.googleapis.com.example.net/x', keys }, /known push service/],
    ['not a URL', { endpoint: 'push me', keys }, /URL/],
    ['no keys', { endpoint: 'https://fcm.googleapis.com/fcm/send/x' }, /keys/],
    [
      'a short p256dh',
      { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { ...keys, p256dh: 'AAAA' } },
      /p256dh/,
    ],
    [
      'an auth of 15 bytes',
      {
        endpoint: 'https://fcm.googleapis.com/fcm/send/x',
        keys: { ...keys, auth: Buffer.alloc(15).toString('base64url') },
      },
      /auth/,
    ],
  ])('refuses %s with 400 naming why', async (_name, payload, message) => {
    const res = await subscribe(bobCookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
    expect(await subscriptionCount(bob.id)).toBe(0);
  });

  it('keeps an endpoint with the member who subscribed it last, and DELETE drops only one’s own', async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/send/abc';
    expect((await subscribe(bobCookie, { endpoint, keys })).statusCode).toBe(201);
    expect((await subscribe(bobCookie, { endpoint, keys })).statusCode).toBe(201);
    expect(await subscriptionCount(bob.id)).toBe(1);
    expect((await unsubscribe(aliceCookie, endpoint)).json()).toEqual({ removed: false });
    expect(await subscriptionCount(bob.id)).toBe(1);
    // The same browser, now signed in as Alice.
    expect((await subscribe(aliceCookie, { endpoint, keys })).statusCode).toBe(201);
    expect(await subscriptionCount(bob.id)).toBe(0);
    expect(await subscriptionCount(alice.id)).toBe(1);
    expect((await unsubscribe(aliceCookie, endpoint)).json()).toEqual({ removed: true });
    expect(await subscriptionCount(alice.id)).toBe(0);
  });
});

describe('pushing the inbox', () => {
  it('sends each notification to the member’s browser, encrypted for it, with the sentence and the link', async () => {
    const browser = new BrowserPushKeys();
    const res = await subscribe(bobCookie, { endpoint: `${pushService.origin}/push/bob-phone`, keys: browser.json });
    expect(res.statusCode).toBe(201);
    const rideId = await cancelRideBobIsOn('Car broke down');
    await sendQueued();
    await expect.poll(() => pushService.received.length).toBe(1);
    const [message] = pushService.received;
    expect(message?.path).toBe('/push/bob-phone');
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    const { publicKey } = (await t.app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>();
    expect(message?.headers.authorization).toContain(`k=${publicKey}`);
    const payload = JSON.parse(browser.decrypt(message?.body ?? Buffer.alloc(0))) as Record<string, string>;
    expect(payload.body).toMatch(/^Your ride FC → SG on .+ was cancelled: Car broke down$/);
    expect(payload.url).toBe(`/rides/${String(rideId)}`);
    expect(await t.db.selectFrom('pushOutbox').select('id').execute()).toEqual([]);
  });

  it('pushes nothing to a member without a subscription', async () => {
    await subscribe(aliceCookie, { endpoint: `${pushService.origin}/push/alice`, keys: new BrowserPushKeys().json });
    await cancelRideBobIsOn('No driver');
    // Bob has no subscription: no outbox row for his notification; Alice got none.
    expect(await t.db.selectFrom('pushOutbox').select('id').execute()).toEqual([]);
  });

  it('a push service answering 410 removes the subscription', async () => {
    await subscribe(bobCookie, { endpoint: `${pushService.origin}/push/gone`, keys: new BrowserPushKeys().json });
    pushService.respondWith(410);
    await cancelRideBobIsOn('Rain');
    await sendQueued();
    await expect.poll(() => subscriptionCount(bob.id)).toBe(0);
    expect(pushService.received).toHaveLength(1);
  });
});

describe('sending only to a public address of an allowed push service', () => {
  const keys = new BrowserPushKeys().json;
  const policy = { allowedHostSuffixes: ['push.example.test'], allowLoopback: false };

  /** Bob's stored subscription (one kept before the rules, or a name that changed where it leads). */
  async function storedSubscription(endpoint: string): Promise<void> {
    await t.db
      .insertInto('pushSubscriptions')
      .values({ userId: bob.id, endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .execute();
  }

  async function sendWith(resolve: (name: string) => string[]): Promise<string[]> {
    const asked: string[] = [];
    const send = webPushSender(policy, (name, callback) => {
      asked.push(name);
      callback(
        null,
        resolve(name).map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      );
    });
    await cancelRideBobIsOn('Plans changed');
    await new PushOutbox({ db: t.db, send, keys: () => vapidKeys(t.db, testEnv()) }).drain();
    return asked;
  }

  it.each([
    ['loopback', ['127.0.0.1']],
    ['a private network', ['10.0.0.7']],
    ['link-local (cloud metadata)', ['169.254.169.254']],
    ['CGNAT', ['100.64.1.1']],
    ['a benchmarking network', ['198.18.0.1']],
    ['multicast', ['224.0.0.251']],
    ['NAT64', ['64:ff9b::7f00:1']],
    ['an IPv4-mapped address', ['::ffff:127.0.0.1']],
    ['a public address mixed with a private one', ['142.250.4.95', '192.168.1.1']],
  ])('refuses a name that resolves to %s: no connection, the subscription dropped', async (_name, addresses) => {
    await storedSubscription('https://fcm.push.example.test/send/bob');
    const asked = await sendWith(() => addresses);
    expect(asked).toEqual(['fcm.push.example.test']);
    expect(await subscriptionCount(bob.id)).toBe(0);
    expect(await t.db.selectFrom('pushOutbox').select('id').execute()).toEqual([]);
  });

  it('refuses a stored endpoint the allow-list no longer names, without resolving it', async () => {
    await storedSubscription('https://127.0.0.1:4499/x');
    const asked = await sendWith(() => ['127.0.0.1']);
    expect(asked).toEqual([]);
    expect(await subscriptionCount(bob.id)).toBe(0);
  });
});
