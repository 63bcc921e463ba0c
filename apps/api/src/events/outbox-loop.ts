/**
 * The loop every Postgres-backed outbox runs (phone notifications, Discord announcements;
 * docs/architecture.md#outbox): woken by NOTIFY on its channel (or a poll without a listener), it
 * drains what is due, then sleeps until the next row is due. One run at a time per process; a wake
 * during a run runs it once more. Rows are claimed with a lease in the database, so several
 * processes may run the same loop.
 */
import type { DbHandle } from '@rideshare/db';

/** What is due after a drain: something at once, or the time the next row is due (null: nothing). */
export interface NextDue {
  now: boolean;
  next: Date | null;
}

export interface OutboxLoopOptions {
  /** The Postgres channel the outbox's rows notify. */
  channel: string;
  /** The database handle's `listen`: wakes the loop as soon as rows commit. */
  listen?: DbHandle['listen'] | undefined;
  now: () => Date;
  /** Without a listener, how often to look for rows (ms). */
  pollMs: number;
  /** The shortest sleep between runs (ms), so a row due again at once does not spin. */
  minDelayMs?: number;
  onError: (error: unknown) => void;
}

export abstract class OutboxLoop {
  private listener: ReturnType<DbHandle['listen']> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private wakeAgain = false;
  private stopped = true;

  protected constructor(private readonly loop: OutboxLoopOptions) {}

  /** Sends what is due until nothing is. */
  protected abstract drain(): Promise<unknown>;

  /** What is due after a drain. */
  protected abstract nextDue(): Promise<NextDue>;

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.loop.listen) {
      this.listener = this.loop.listen(this.loop.channel, {
        onPayload: () => this.wake(),
        onReconnect: () => this.wake(),
        onError: (error) => this.loop.onError(error),
      });
    }
    this.wake();
  }

  /** Resolves once the loop listens on its channel (at once without a listener). */
  get ready(): Promise<void> {
    return this.listener?.ready ?? Promise.resolve();
  }

  /** Runs the loop now (or once more after the current run). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.cycle().finally(() => {
      this.running = null;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
      }
    });
  }

  private async cycle(): Promise<void> {
    const { pollMs, listen } = this.loop;
    let delay = pollMs;
    try {
      await this.drain();
      const due = await this.nextDue();
      if (due.now) delay = 0;
      else if (due.next) delay = Math.max(0, due.next.getTime() - this.loop.now().getTime());
      else if (listen) delay = Number.POSITIVE_INFINITY;
      if (!listen) delay = Math.min(delay, pollMs);
    } catch (error) {
      this.loop.onError(error);
    }
    if (this.stopped || delay === Number.POSITIVE_INFINITY) return;
    // Timers take at most ~24.8 days; a later row is picked up by a nearer wake-up.
    this.timer = setTimeout(() => this.wake(), Math.min(Math.max(delay, this.loop.minDelayMs ?? 0), 2 ** 31 - 1));
    this.timer.unref();
  }

  /** Stops the loop and the listener, after the batch in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.listener?.close();
    this.listener = null;
  }
}
