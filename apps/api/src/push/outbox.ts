/**
 * The push outbox's sender (docs/architecture.md#push-outbox). Rows are written by the database, in
 * the transaction that writes the notifications; any instance sends them after commit:
 *
 * - a batch is claimed in one statement (FOR UPDATE SKIP LOCKED) and leased, then sent outside any
 *   transaction, so a slow push service holds no lock and no connection;
 * - sent: the row goes; 404/410: the subscription is gone, so it goes with its rows; anything else
 *   (another status, no answer): retried after a growing wait, dropped after the last attempt;
 * - the loop wakes on the outbox's NOTIFY (and after a lost listening connection), at the next
 *   retry's time, and every `pollMs` when it has no listener; `stop()` ends it.
 *
 * Times come from the injected clock, so tests drive the backoff without waiting.
 */
import type { Database, DbHandle } from '@rideshare/db';
import { notificationPath, notificationSentence } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { OutboxLoop, type NextDue } from '../events/outbox-loop';
import {
  claimDuePushes,
  deletePush,
  deleteSubscription,
  nextPushDue,
  reschedulePush,
  type ClaimedPush,
} from '../repositories/push-repository';
import { pushEndpointPolicy, type PushPolicyEnv } from './endpoint-policy';
import { PushEndpointRefused, PushSendError, webPushSender, type PushSender } from './send';
import { vapidKeys, type VapidKeys } from './vapid';

/** The Postgres channel the outbox trigger notifies (migration 2026_11_27_0401_push). */
export const PUSH_CHANNEL = 'rideshare_push';

/** Tries per message, the first included. */
export const PUSH_MAX_ATTEMPTS = 6;

/** The wait after failed attempt number `attempt` (1-based): 30 s, 2 min, 8 min, … at most 6 h. */
export function pushRetryDelayMs(attempt: number): number {
  return Math.min(6 * 3_600_000, 30_000 * 4 ** Math.max(0, attempt - 1));
}

/** What the phone shows: the inbox's sentence, and where a tap leads. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

export function pushMessage(
  row: Pick<ClaimedPush, 'notificationId' | 'kind' | 'rideId' | 'rideDirection' | 'rideDate' | 'detail'>,
): PushMessage {
  return {
    title: 'RideShare',
    body: notificationSentence({
      kind: row.kind,
      rideDirection: row.rideDirection,
      rideDate: row.rideDate ? new Date(row.rideDate).toISOString() : null,
      detail: row.detail,
    }),
    url: notificationPath(row) ?? '/notifications',
    tag: `notification-${String(row.notificationId)}`,
  };
}

export interface PushOutboxOptions {
  db: Kysely<Database>;
  send: PushSender;
  /** The VAPID identity to sign with, read when a batch is sent. */
  keys: () => Promise<VapidKeys>;
  now?: () => Date;
  /** The database handle's `listen`: wakes the loop as soon as rows commit. */
  listen?: DbHandle['listen'] | undefined;
  /** Without a listener, how often to look for rows (ms). */
  pollMs?: number;
  batchSize?: number;
  /** How long a claimed row is held before another sender may try it (ms). */
  leaseMs?: number;
  onError?: (error: unknown) => void;
}

export interface BatchResult {
  sent: number;
  removed: number;
  retried: number;
  dropped: number;
}

export class PushOutbox extends OutboxLoop {
  private readonly now: () => Date;
  private readonly batchSize: number;
  private readonly leaseMs: number;

  constructor(private readonly options: PushOutboxOptions) {
    const now = options.now ?? (() => new Date());
    super({
      channel: PUSH_CHANNEL,
      listen: options.listen,
      now,
      pollMs: options.pollMs ?? 5_000,
      onError: (error) => options.onError?.(error),
    });
    this.now = now;
    this.batchSize = options.batchSize ?? 20;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /** Claims one batch of due rows and sends it; answers what became of them. */
  async runOnce(): Promise<BatchResult> {
    const { db } = this.options;
    const now = this.now();
    const claimed = await claimDuePushes(db, now, new Date(now.getTime() + this.leaseMs), this.batchSize);
    const result: BatchResult = { sent: 0, removed: 0, retried: 0, dropped: 0 };
    if (claimed.length === 0) return result;
    const keys = await this.options.keys();
    await Promise.all(
      claimed.map(async (row) => {
        try {
          await this.options.send(row, JSON.stringify(pushMessage(row)), keys);
          await deletePush(db, row.id);
          result.sent += 1;
        } catch (error) {
          const status = error instanceof PushSendError ? error.status : null;
          // Gone, or an endpoint no message may go to: the subscription is dropped.
          if (status === 404 || status === 410 || error instanceof PushEndpointRefused) {
            await deleteSubscription(db, { id: row.subscriptionId });
            result.removed += 1;
          } else if (row.attempts >= PUSH_MAX_ATTEMPTS) {
            await deletePush(db, row.id);
            result.dropped += 1;
          } else {
            await reschedulePush(db, row.id, new Date(this.now().getTime() + pushRetryDelayMs(row.attempts)));
            result.retried += 1;
          }
        }
      }),
    );
    return result;
  }

  /** Sends batches until none is due. */
  override async drain(): Promise<void> {
    for (;;) {
      const { sent, removed, retried, dropped } = await this.runOnce();
      if (sent + removed + retried + dropped === 0) return;
    }
  }

  protected async nextDue(): Promise<NextDue> {
    const { dueNow, next } = await nextPushDue(this.options.db);
    return { now: dueNow, next };
  }
}

/**
 * The process's sender (server.ts): the `web-push` sender with the server's keys, woken by the
 * database handle's `listen`; errors go to the log. Started at once; `stop()` before the database
 * closes.
 */
export function startPushOutbox(
  db: Kysely<Database>,
  env: Parameters<typeof vapidKeys>[1] & PushPolicyEnv,
  listen: DbHandle['listen'],
  log: { error: (details: object, message: string) => void },
): PushOutbox {
  const outbox = new PushOutbox({
    db,
    listen,
    send: webPushSender(pushEndpointPolicy(env)),
    keys: () => vapidKeys(db, env),
    onError: (error) => log.error({ err: error }, 'push outbox failed'),
  });
  outbox.start();
  // The key pair is made at the first start, not when the first browser asks for it.
  vapidKeys(db, env).catch((error: unknown) => log.error({ err: error }, 'VAPID keys could not be made'));
  return outbox;
}
