/**
 * The Discord announcements' sender (docs/announcements.md#delivery): like the push outbox, any
 * instance sends what committed writes queued, after commit and outside any transaction.
 *
 * - unscheduled changes get their time (a post at once, an edit `editDelayMs` later, so a burst of
 *   changes makes one edit); due rows are claimed with FOR UPDATE SKIP LOCKED and leased, so two
 *   instances never send the same row, and a row survives a restart;
 * - each call first takes its webhook's next slot (one every `intervalMs`, shared by every
 *   instance through the database); a 429 holds the webhook for Discord's `retry_after`;
 * - 401/404 from the webhook disables it (a warning in the log and on /admin); a 404 for a message
 *   deleted in Discord ends that ride's announcement; other failures retry with a growing wait and
 *   give up after the last attempt.
 *
 * Times come from the injected clock, so tests drive the delays without waiting.
 */
import { createHash } from 'node:crypto';

import type { Database, DbHandle } from '@rideshare/db';
import { ANNOUNCED_SERIES_RIDES, announcementMessage, announcementTitle } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { OutboxLoop, type NextDue } from '../events/outbox-loop';
import {
  ANNOUNCE_CHANNEL,
  announcementSent,
  claimAnnouncements,
  disableWebhook,
  dropAnnouncement,
  forgetUnpostedAnnouncement,
  holdWebhook,
  nextAnnouncementDue,
  readAnnouncedRide,
  registerWebhooks,
  retryAnnouncement,
  scheduleAnnouncements,
  takeWebhookSlot,
  type ClaimedAnnouncement,
} from '../repositories/announcement-repository';
import { fetchWebhook, webhookCallUrl, webhookFor, webhookUrlHash, type Webhook, type WebhookCall } from './webhooks';

/** One call per webhook every 2.5 s at most: under Discord's 5 per 2 s and 30 a minute per channel. */
export const WEBHOOK_INTERVAL_MS = 2_500;

/** Tries per change, the first included. */
export const ANNOUNCE_MAX_ATTEMPTS = 6;

/** The wait after failed attempt `attempt` (1-based): 30 s, 2 min, 8 min, … at most 1 h. */
export function announceRetryDelayMs(attempt: number): number {
  return Math.min(3_600_000, 30_000 * 4 ** Math.max(0, attempt - 1));
}

export interface AnnouncerLog {
  warn: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
}

export interface AnnouncerOptions {
  db: Kysely<Database>;
  webhooks: Webhook[];
  publicUrl: string;
  call?: WebhookCall;
  now?: () => Date;
  editDelayMs?: number;
  intervalMs?: number;
  listen?: DbHandle['listen'] | undefined;
  pollMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** How long one call may take; below the lease, so a slow call never overlaps another sender. */
  timeoutMs?: number;
  log: AnnouncerLog;
}

export type AnnounceOutcome = 'posted' | 'edited' | 'unchanged' | 'waiting' | 'retried' | 'dropped';

export class DiscordAnnouncer extends OutboxLoop {
  private readonly now: () => Date;
  private readonly call: WebhookCall;
  private readonly editDelayMs: number;
  private readonly intervalMs: number;
  private readonly leaseMs: number;
  private readonly timeoutMs: number;
  private registered: Promise<void> | null = null;

  constructor(private readonly options: AnnouncerOptions) {
    const now = options.now ?? (() => new Date());
    super({
      channel: ANNOUNCE_CHANNEL,
      listen: options.listen,
      now,
      pollMs: options.pollMs ?? 5_000,
      minDelayMs: 50,
      onError: (error) => options.log.error({ err: error }, 'Discord announcer failed'),
    });
    this.now = now;
    this.call = options.call ?? fetchWebhook;
    this.editDelayMs = options.editDelayMs ?? 10_000;
    this.intervalMs = options.intervalMs ?? WEBHOOK_INTERVAL_MS;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.timeoutMs = Math.min(options.timeoutMs ?? 15_000, this.leaseMs / 2);
  }

  /** Records the configured webhooks once (a replaced URL is enabled again). */
  private register(): Promise<void> {
    this.registered ??= registerWebhooks(
      this.options.db,
      this.options.webhooks.map((hook) => ({ key: hook.key, urlHash: webhookUrlHash(hook.url) })),
    ).catch((error: unknown) => {
      this.registered = null;
      throw error;
    });
    return this.registered;
  }

  /** Schedules what changed, claims one batch of due rows and sends it; answers each row's outcome. */
  async runOnce(): Promise<AnnounceOutcome[]> {
    const { db } = this.options;
    await this.register();
    const now = this.now();
    await scheduleAnnouncements(db, now, this.editDelayMs);
    const claimed = await claimAnnouncements(
      db,
      now,
      new Date(now.getTime() + this.leaseMs),
      this.options.batchSize ?? 10,
    );
    const outcomes: AnnounceOutcome[] = [];
    // One at a time: calls to one webhook go in order, each after its slot.
    for (const row of claimed) outcomes.push(await this.send(row));
    return outcomes;
  }

  /** Sends batches until nothing is due at the clock's time. */
  override async drain(): Promise<AnnounceOutcome[]> {
    const all: AnnounceOutcome[] = [];
    for (;;) {
      const outcomes = await this.runOnce();
      if (outcomes.length === 0) return all;
      all.push(...outcomes);
    }
  }

  private async send(row: ClaimedAnnouncement): Promise<AnnounceOutcome> {
    const { db, log } = this.options;
    const now = this.now();
    const source = await readAnnouncedRide(db, row.rideId, now);
    const over = !source || source.ride.status === 'completed' || source.ride.date.getTime() <= now.getTime();
    if (row.messageId === null) {
      // Never posted: nothing to post for a ride that is gone, over or cancelled, or a series ride
      // beyond the next four (the sweep brings it back when its turn comes).
      if (!source || over || source.ride.status === 'cancelled') {
        await dropAnnouncement(db, row.rideId, true);
        return 'dropped';
      }
      if (source.seriesId !== null && source.earlierSeriesRides >= ANNOUNCED_SERIES_RIDES) {
        await forgetUnpostedAnnouncement(db, row.rideId);
        return 'dropped';
      }
    }
    const hook =
      row.webhook === null
        ? source && webhookFor(this.options.webhooks, source.ride.direction)
        : this.options.webhooks.find((candidate) => candidate.key === row.webhook);
    // Gone or disabled webhooks, like a last attempt, give up the change; an "over" edit given up
    // ends the row, so the sweep does not bring it back.
    if (!hook) {
      await dropAnnouncement(db, row.rideId, over);
      return 'dropped';
    }
    const body = announcementMessage(
      !over && source
        ? { kind: 'ride', ride: source.ride, now }
        : { kind: 'over', ride: source?.ride ?? null, title: row.title },
      this.options.publicUrl,
    );
    const contentHash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const title = source ? announcementTitle(source.ride) : row.title;
    if (row.messageId !== null && contentHash === row.contentHash) {
      await announcementSent(
        db,
        row,
        { webhook: hook.key, messageId: row.messageId, title, contentHash, over },
        now,
        this.editDelayMs,
      );
      return 'unchanged';
    }
    const slot = await takeWebhookSlot(db, hook.key, now, this.intervalMs);
    if (slot?.disabled) {
      await dropAnnouncement(db, row.rideId, over);
      return 'dropped';
    }
    if (slot) {
      await retryAnnouncement(db, row.rideId, slot.at, false);
      return 'waiting';
    }
    let answer;
    try {
      answer = await this.call(
        { method: row.messageId === null ? 'POST' : 'PATCH', url: webhookCallUrl(hook.url, row.messageId), body },
        AbortSignal.timeout(this.timeoutMs),
      );
    } catch (error) {
      log.warn({ err: error, rideId: row.rideId, webhook: hook.key }, 'Discord announcement failed; retrying');
      return this.retry(row, over);
    }
    const done = this.now();
    if (answer.status >= 200 && answer.status < 300) {
      const messageId = row.messageId ?? answer.messageId;
      if (messageId === null) return this.retry(row, over);
      await announcementSent(
        db,
        row,
        { webhook: hook.key, messageId, title, contentHash, over },
        done,
        this.editDelayMs,
      );
      return row.messageId === null ? 'posted' : 'edited';
    }
    if (answer.status === 429) {
      const until = new Date(done.getTime() + Math.ceil((answer.retryAfterSeconds ?? 5) * 1000));
      await holdWebhook(db, hook.key, until);
      await retryAnnouncement(db, row.rideId, until, false);
      return 'waiting';
    }
    if (answer.status === 404 && answer.code === 10008) {
      // The message was deleted in Discord: this ride's announcement ends there.
      await dropAnnouncement(db, row.rideId, true);
      return 'dropped';
    }
    if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
      if (await disableWebhook(db, hook.key, answer.status, done)) {
        log.warn(
          { webhook: hook.key, status: answer.status },
          `Discord webhook ${hook.key} answered ${String(answer.status)}: it is disabled until its URL is replaced (docs/announcements.md#disabled)`,
        );
      }
      await dropAnnouncement(db, row.rideId, over);
      return 'dropped';
    }
    log.warn(
      { rideId: row.rideId, webhook: hook.key, status: answer.status },
      'Discord announcement refused; retrying',
    );
    return this.retry(row, over);
  }

  private async retry(row: ClaimedAnnouncement, over: boolean): Promise<AnnounceOutcome> {
    if (row.attempts >= ANNOUNCE_MAX_ATTEMPTS) {
      this.options.log.error({ rideId: row.rideId }, 'Discord announcement given up after its last attempt');
      await dropAnnouncement(this.options.db, row.rideId, over);
      return 'dropped';
    }
    const at = new Date(this.now().getTime() + announceRetryDelayMs(row.attempts));
    await retryAnnouncement(this.options.db, row.rideId, at, true);
    return 'retried';
  }

  protected async nextDue(): Promise<NextDue> {
    const { unscheduled, next } = await nextAnnouncementDue(this.options.db);
    return { now: unscheduled, next };
  }
}
