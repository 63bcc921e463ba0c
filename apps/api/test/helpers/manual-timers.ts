import type { HubTimers } from '../../src/events/hub';

/**
 * Timers the test moves by hand (the live event hub's coalescing window and stream lifetimes):
 * nothing fires until `advance(ms)`, which runs, in order, every timer due within that time.
 */
export class ManualTimers implements HubTimers {
  private now = 0;
  private nextId = 1;
  private readonly due = new Map<number, { at: number; callback: () => void }>();

  setTimeout = (callback: () => void, ms: number): unknown => {
    const id = this.nextId;
    this.nextId += 1;
    this.due.set(id, { at: this.now + ms, callback });
    return id;
  };

  clearTimeout = (handle: unknown): void => {
    this.due.delete(handle as number);
  };

  /** How many timers are waiting. */
  get pending(): number {
    return this.due.size;
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const next = [...this.due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.due.delete(next[0]);
      this.now = next[1].at;
      next[1].callback();
    }
    this.now = until;
  }
}
