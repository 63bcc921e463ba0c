/**
 * The push outbox on a real database (both engines), with a fake push service and clock: rows come
 * from the notification trigger in the writing transaction; sent rows go; 404/410 drops the
 * subscription; other failures retry after the backoff (by the injected clock) and give up after
 * the last attempt; a claimed row is leased; two senders never send one row twice.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import { PUSH_MAX_ATTEMPTS, PushOutbox, pushRetryDelayMs } from '../../src/push/outbox';
import { PushSendError, type PushSender } from '../../src/push/send';
import { insertNotifications } from '../../src/repositories/notification-repository';
import { claimDuePushes, insertSubscription } from '../../src/repositories/push-repository';
import { createUser, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { BrowserPushKeys } from '../helpers/push-service';

const t = useTestDatabase();

const KEYS = async () => ({ publicKey: 'pk', privateKey: 'sk', subject: 'mailto:ops@example.com' });

let clock: Date;
let bob: TestUser;
/** What the fake push service does with the next message: a status to throw, or null for success. */
let answer: number | null;
let sent: { endpoint: string; payload: string }[];

const fakeSend: PushSender = async (target, payload) => {
  sent.push({ endpoint: target.endpoint, payload });
  if (answer !== null) throw new PushSendError(answer, `answered ${String(answer)}`);
};

function outbox(send: PushSender = fakeSend): PushOutbox {
  return new PushOutbox({ db: t.db, send, keys: KEYS, now: () => clock });
}

async function subscribeBob(endpoint = 'https://fcm.googleapis.com/fcm/send/bob'): Promise<void> {
  const { p256dh, auth } = new BrowserPushKeys().json;
  await insertSubscription(t.db, { userId: bob.id, endpoint, p256dh, auth });
}

async function notifyBob(kind: 'vendor_approved' | 'passenger_removed' = 'vendor_approved'): Promise<void> {
  await t.db
    .transaction()
    .execute((trx) =>
      insertNotifications(trx, [bob.id], { kind, rideId: null, rideDirection: null, rideDate: null, detail: null }),
    );
}

const outboxRows = () => t.db.selectFrom('pushOutbox').selectAll().orderBy('id').execute();
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

beforeEach(async () => {
  clock = new Date('2026-12-01T02:00:00Z');
  answer = null;
  sent = [];
  bob = await createUser(t.db, { name: 'Bob' });
});

describe('the outbox trigger', () => {
  it('writes one row per notification and subscription, in the writing transaction', async () => {
    await subscribeBob('https://fcm.googleapis.com/fcm/send/phone');
    await subscribeBob('https://fcm.googleapis.com/fcm/send/laptop');
    await expect(
      t.db.transaction().execute(async (trx) => {
        await insertNotifications(trx, [bob.id], {
          kind: 'vendor_approved',
          rideId: null,
          rideDirection: null,
          rideDate: null,
          detail: null,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await outboxRows()).toEqual([]);
    await notifyBob();
    expect(await outboxRows()).toHaveLength(2);
  });
});

describe('sending', () => {
  it('sends the inbox sentence and link, then deletes the row', async () => {
    await subscribeBob();
    await notifyBob();
    expect(await outbox().runOnce()).toEqual({ sent: 1, removed: 0, retried: 0, dropped: 0 });
    expect(JSON.parse(sent[0]?.payload ?? '{}')).toMatchObject({
      body: 'Your vendor account was approved: you can now take rides',
      url: '/notifications',
    });
    expect(await outboxRows()).toEqual([]);
  });

  it.each([404, 410])('a %i removes the subscription and what was queued for it', async (status) => {
    await subscribeBob();
    await notifyBob();
    await notifyBob();
    answer = status;
    const result = await outbox().runOnce();
    expect(result.removed).toBe(2);
    expect(await t.db.selectFrom('pushSubscriptions').select('id').execute()).toEqual([]);
    expect(await outboxRows()).toEqual([]);
  });

  it('retries a failure after the backoff, by the injected clock, and gives up after the last attempt', async () => {
    await subscribeBob();
    await notifyBob();
    const sender = outbox();
    answer = 500;
    expect((await sender.runOnce()).retried).toBe(1);
    expect((await outboxRows())[0]).toMatchObject({
      attempts: 1,
      nextAttemptAt: new Date(clock.getTime() + pushRetryDelayMs(1)),
    });
    // Not due yet: nothing is claimed a moment before the wait ends.
    advance(pushRetryDelayMs(1) - 1);
    expect((await sender.runOnce()).retried).toBe(0);
    advance(1);
    answer = null;
    expect(await sender.runOnce()).toEqual({ sent: 1, removed: 0, retried: 0, dropped: 0 });
    expect(sent).toHaveLength(2);

    await notifyBob();
    answer = 503;
    for (let attempt = 1; attempt < PUSH_MAX_ATTEMPTS; attempt += 1) {
      expect((await sender.runOnce()).retried).toBe(1);
      advance(pushRetryDelayMs(attempt));
    }
    expect((await sender.runOnce()).dropped).toBe(1);
    expect(await outboxRows()).toEqual([]);
  });

  it('a push service that never answers (a timeout) is retried like any failure', async () => {
    await subscribeBob();
    await notifyBob();
    const timeout: PushSender = () =>
      Promise.reject(new PushSendError(null, 'The operation was aborted due to timeout'));
    expect((await outbox(timeout).runOnce()).retried).toBe(1);
    expect(await outboxRows()).toHaveLength(1);
  });

  it('leases a claimed row: a sender that died mid-send leaves it for the lease to end', async () => {
    await subscribeBob();
    await notifyBob();
    // A sender claims the row and dies before settling it.
    expect(await claimDuePushes(t.db, clock, new Date(clock.getTime() + 60_000), 10)).toHaveLength(1);
    const sender = outbox();
    expect((await sender.runOnce()).sent).toBe(0);
    advance(60_000);
    expect((await sender.runOnce()).sent).toBe(1);
  });

  it('two senders at once send each row once', async () => {
    await subscribeBob();
    for (let i = 0; i < 10; i += 1) await notifyBob();
    const results = await Promise.all([outbox().drain(), outbox().drain(), outbox().drain()]);
    expect(results).toHaveLength(3);
    expect(sent).toHaveLength(10);
    expect(await outboxRows()).toEqual([]);
  });
});

describe('the loop', () => {
  it('wakes on the outbox channel when notifications commit, and stops on stop()', async () => {
    await subscribeBob();
    const sender = new PushOutbox({ db: t.db, send: fakeSend, keys: KEYS, listen: t.tdb.listen, pollMs: 3_600_000 });
    sender.start();
    try {
      await sender.ready;
      await notifyBob();
      await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(1);
    } finally {
      await sender.stop();
    }
    await notifyBob();
    expect(await outboxRows()).toHaveLength(1);
  });
});

describe('pushRetryDelayMs', () => {
  it('grows fourfold from 30 s and stops at 6 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(pushRetryDelayMs)).toEqual([
      30_000, 120_000, 480_000, 1_920_000, 7_680_000, 21_600_000, 21_600_000,
    ]);
  });
});
