/**
 * The periodic sweep (docs/architecture.md#sweep-jobs), as named jobs: each has its own interval,
 * its own advisory lock (any number of instances try; one runs a job at a time) and its own log
 * line, which carries the job's figures (what it did, how long it took). A job runs on one
 * connection while it holds its lock (never a second one from the pool: the embedded engine has
 * only one). The state lives in the tables, so a run missed or run twice changes nothing but timing.
 */
import type { Database } from '@rideshare/db';
import { DEFAULT_MESSAGE_RETENTION_DAYS, DEFAULT_PRICE_LOCK_HOURS } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { deleteEndedActionWindows } from '../repositories/action-limit-repository';
import { sweepAnnouncements } from '../repositories/announcement-repository';
import { deleteOldLeaves } from '../repositories/leave-repository';
import { releaseAdvisoryLock, tryAdvisoryLock } from '../repositories/postgres';
import { sendBorderReminders } from './border-reminder-service';
import { deleteOldMessages } from './message-service';
import { pruneNotifications } from './notification-service';
import { sweepPayments } from './payment-lock-service';
import { passOnLapsedOffers, WAITLIST_SWEEP_LOCK_KEY, type SweepLog } from './waitlist-service';

export const SWEEP_JOB_NAMES = [
  'waitlist-offers',
  'payments',
  'border-reminders',
  'pruning',
  'discord-announcements',
] as const;
export type SweepJobName = (typeof SWEEP_JOB_NAMES)[number];

/** What the jobs read from the settings. */
export interface SweepSettings {
  /** PRICE_LOCK_HOURS. */
  priceLockHours: number;
  /** MESSAGE_RETENTION_DAYS. */
  messageRetentionDays: number;
}

/** Seconds between two runs of each job (WAITLIST_SWEEP_SECONDS, PAYMENT_SWEEP_SECONDS, …). */
export type SweepIntervals = Record<SweepJobName, number>;

export interface SweepJob {
  name: SweepJobName;
  /** The session-level advisory lock that lets one instance run this job at a time. */
  lockKey: number;
  /** One run at `now` on the locked connection; answers how many things it did (its log line's `done`). */
  run: (conn: Kysely<Database>, now: Date, log: SweepLog) => Promise<number>;
}

/** The jobs, each with what it counts as done. */
export function sweepJobs(settings: Partial<SweepSettings> = {}): Record<SweepJobName, SweepJob> {
  const priceLockHours = settings.priceLockHours ?? DEFAULT_PRICE_LOCK_HOURS;
  const retentionDays = settings.messageRetentionDays ?? DEFAULT_MESSAGE_RETENTION_DAYS;
  return {
    // Rides whose lapsed offers it passed on (waitlist-service).
    'waitlist-offers': { name: 'waitlist-offers', lockKey: WAITLIST_SWEEP_LOCK_KEY, run: passOnLapsedOffers },
    // Price locks, minimum-reached notices and the day-before payment reminders, one ride at a time
    // under its row lock (docs/payments.md#price-lock); counts the rides whose price locked.
    payments: {
      name: 'payments',
      lockKey: 0x7061_7973, // 'pays'
      run: (conn, now, log) => sweepPayments(conn, { now, lockHours: priceLockHours }, log),
    },
    // Border reminders sent (docs/border.md#reminders).
    'border-reminders': { name: 'border-reminders', lockKey: 0x626f_7264, run: sendBorderReminders }, // 'bord'
    // Keeps tables bounded: read inbox notices, ended write-limit windows, old leaves, and the chat
    // of rides more than MESSAGE_RETENTION_DAYS past (docs/messages.md#retention); counts rows deleted.
    pruning: {
      name: 'pruning',
      lockKey: 0x7072_756e, // 'prun'
      run: async (conn, now) => {
        const notices = await pruneNotifications(conn, now);
        const windows = await deleteEndedActionWindows(conn, now);
        await deleteOldLeaves(conn, now);
        return notices + windows + (await deleteOldMessages(conn, now, retentionDays));
      },
    },
    // Departed or deleted rides' Discord messages due for their "over" edit, and each weekly
    // series' next four rides queued (docs/announcements.md#over); counts the rows it touched.
    'discord-announcements': {
      name: 'discord-announcements',
      lockKey: 0x6469_7363, // 'disc'
      run: (conn, now) => sweepAnnouncements(conn, now),
    },
  };
}

export interface SweepRun {
  /** False when another instance held the job's lock: this one did nothing. */
  ran: boolean;
  done: number;
}

/** Runs one job once at `now` under its advisory lock, on one connection. */
export async function runSweepJob(db: Kysely<Database>, job: SweepJob, now: Date, log: SweepLog): Promise<SweepRun> {
  return db.connection().execute(async (conn) => {
    if (!(await tryAdvisoryLock(conn, job.lockKey))) return { ran: false, done: 0 };
    try {
      return { ran: true, done: await job.run(conn, now, log) };
    } finally {
      await releaseAdvisoryLock(conn, job.lockKey);
    }
  });
}

/** Every job once at `now`, one after the other (scripts and tests); answers each job's run. */
export async function sweepOnce(
  db: Kysely<Database>,
  now: Date,
  log: SweepLog,
  settings: Partial<SweepSettings> = {},
): Promise<Record<SweepJobName, SweepRun>> {
  const jobs = sweepJobs(settings);
  const runs = {} as Record<SweepJobName, SweepRun>;
  for (const name of SWEEP_JOB_NAMES) runs[name] = await runSweepJob(db, jobs[name], now, log);
  return runs;
}

/** The server's logger as the sweep uses it: a line per run, and errors. */
export interface SweepLogger extends SweepLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * Starts every job on its own interval (the server, start.ts). Each run writes one line,
 * `sweep job ran` with `job`, `done` and `durationMs` (or `skipped: true` when another instance held
 * the lock); a run still going when its next one is due is not doubled. Answers a stop function.
 */
export function startSweeps(
  db: Kysely<Database>,
  intervals: SweepIntervals,
  settings: SweepSettings,
  log: SweepLogger,
  clock: () => Date = () => new Date(),
): () => void {
  const jobs = sweepJobs(settings);
  const timers = SWEEP_JOB_NAMES.map((name) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      const started = performance.now();
      runSweepJob(db, jobs[name], clock(), log)
        .then(({ ran, done }) => {
          const durationMs = Math.round((performance.now() - started) * 10) / 10;
          log.info(ran ? { job: name, done, durationMs } : { job: name, skipped: true, durationMs }, 'sweep job ran');
        })
        .catch((error: unknown) => {
          log.error({ err: error, job: name }, 'sweep job failed');
        })
        .finally(() => {
          running = false;
        });
    }, intervals[name] * 1000);
    timer.unref();
    return timer;
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
