/**
 * The text rule (docs/product.md#validation) where an outside review found it missing: a NUL in a
 * push endpoint answered 500 (it must be 400 and never reach the database), and a chat message, a
 * report's reason or a thumb's note of only invisible characters (U+2060, U+3164) was accepted and
 * showed blank.
 */
import { invisibleTextMessage, unsafeTextMessage } from '@rideshare/domain';
import { beforeEach, describe, expect, it } from 'vitest';

import { addPassenger, createRide, createUser, type TestRide, type TestUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp({ env: { PUSH_ALLOW_LOOPBACK: 'true' } });

const DAY = 86_400_000;
const NUL_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc\u0000';
const keys = {
  p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url'),
  auth: Buffer.alloc(16, 3).toString('base64url'),
};

let olivia: TestUser;
let paul: TestUser;
let oliviaCookie: string;
let paulCookie: string;
let ride: TestRide;
beforeEach(async () => {
  olivia = await createUser(t.db, { name: 'Olivia' });
  paul = await createUser(t.db, { name: 'Paul' });
  oliviaCookie = await loginAs(t.app, olivia);
  paulCookie = await loginAs(t.app, paul);
  ride = await createRide(t.db, olivia, { date: new Date(Date.now() + 3 * DAY) });
  await addPassenger(t.db, ride, paul);
});

type RestError = { error: string };
type TrpcError = { error: { message: string; data: { httpStatus: number; domainCode: string | null } } };

describe('push endpoints', () => {
  it('a NUL in the endpoint answers 400 on POST and DELETE /api/push/subscriptions and push.unsubscribe', async () => {
    const headers = { cookie: paulCookie };
    const message = unsafeTextMessage('The push endpoint');
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers,
      payload: { endpoint: NUL_ENDPOINT, keys },
    });
    expect(posted.statusCode, posted.body).toBe(400);
    expect(posted.json<RestError>().error).toBe(message);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers,
      payload: { endpoint: NUL_ENDPOINT },
    });
    expect(deleted.statusCode, deleted.body).toBe(400);
    expect(deleted.json<RestError>().error).toBe(message);
    for (const procedure of ['push.unsubscribe', 'push.subscribe']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/trpc/${procedure}`,
        headers,
        payload: { endpoint: NUL_ENDPOINT, keys },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<TrpcError>().error).toMatchObject({
        message,
        data: { httpStatus: 400, domainCode: 'VALIDATION_FAILED' },
      });
    }
    expect(await t.db.selectFrom('pushSubscriptions').select('id').execute()).toEqual([]);
  });
});

describe('texts someone reads', () => {
  const sendMessage = (cookie: string, body: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/messages`,
      headers: { cookie },
      payload: { body },
    });

  it.each([
    ['a word joiner', '\u2060'],
    ['a Hangul filler', '\u3164'],
    ['both, with spaces and a line break', ' \u2060\n\u3164 '],
  ])('a chat message of only %s answers 400 and stores nothing', async (_label, body) => {
    const res = await sendMessage(paulCookie, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<RestError>().error).toBe(invisibleTextMessage('Message'));
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/message.send',
      headers: { cookie: paulCookie },
      payload: { rideId: ride.id, body },
    });
    expect(trpc.statusCode).toBe(400);
    expect(await t.db.selectFrom('rideMessages').select('id').execute()).toEqual([]);
  });

  it('a report whose reason is only invisible characters answers 400 and files nothing', async () => {
    const sent = await sendMessage(oliviaCookie, 'Pay me in cash only');
    expect(sent.statusCode).toBe(201);
    const messageId = sent.json<{ id: number }>().id;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/messages/${String(messageId)}/report`,
      headers: { cookie: paulCookie },
      payload: { reason: '\u3164\u2060' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<RestError>().error).toBe(invisibleTextMessage('Reason'));
    expect(await t.db.selectFrom('rideMessageReports').select('id').execute()).toEqual([]);
  });

  it('a thumb whose note is only invisible characters answers 400 before anything else is asked', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/ratings`,
      headers: { cookie: paulCookie },
      payload: { subjectId: olivia.id, value: 'down', note: '\u2060\u3164' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<RestError>().error).toBe(invisibleTextMessage('Note'));
    expect(await t.db.selectFrom('rideRatings').select('id').execute()).toEqual([]);
  });
});
