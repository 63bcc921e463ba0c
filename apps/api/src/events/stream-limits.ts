/**
 * How many live event streams one instance holds open: at most `perAddress` from one client
 * address (IPv6 by /64), `perUser` for one signed-in member (across their devices), and `total`
 * in the process (EVENTS_MAX_STREAMS_PER_ADDRESS, EVENTS_MAX_STREAMS_PER_USER,
 * EVENTS_MAX_STREAMS). A stream takes its place before it opens and gives it back when its
 * connection closes; past a limit the stream is refused (see docs/live-streams.md).
 */
export interface StreamLimits {
  perAddress: number;
  perUser: number;
  total: number;
}

/** A refused stream: too many from this address or member (429), or this instance is full (503). */
export interface StreamRefusal {
  status: 429 | 503;
  message: string;
  retryAfterSeconds: number;
}

/** A place taken; `release()` gives it back (more calls do nothing). */
export interface StreamPlace {
  release: () => void;
}

/** How long a refused client is asked to wait: a few seconds, as streams end and reconnect often. */
export const STREAM_RETRY_AFTER_SECONDS = 10;

export class StreamLimiter {
  private total = 0;
  private readonly byAddress = new Map<string, number>();
  private readonly byUser = new Map<number, number>();

  constructor(private readonly limits: StreamLimits) {}

  get open(): number {
    return this.total;
  }

  /** Takes a place for a stream from `address` (already keyed) by `userId` (null: a visitor), or refuses. */
  acquire(address: string, userId: number | null): StreamPlace | StreamRefusal {
    if (this.total >= this.limits.total) {
      return {
        status: 503,
        message: 'The server holds as many live update streams as it can; try again shortly',
        retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
      };
    }
    if ((this.byAddress.get(address) ?? 0) >= this.limits.perAddress) {
      return {
        status: 429,
        message: `Too many live update streams from this address (at most ${String(this.limits.perAddress)}); close a tab or try again shortly`,
        retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
      };
    }
    if (userId !== null && (this.byUser.get(userId) ?? 0) >= this.limits.perUser) {
      return {
        status: 429,
        message: `Too many live update streams for this account (at most ${String(this.limits.perUser)}); close a tab or try again shortly`,
        retryAfterSeconds: STREAM_RETRY_AFTER_SECONDS,
      };
    }
    this.total += 1;
    bump(this.byAddress, address, 1);
    if (userId !== null) bump(this.byUser, userId, 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= 1;
        bump(this.byAddress, address, -1);
        if (userId !== null) bump(this.byUser, userId, -1);
      },
    };
  }
}

function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next <= 0) counts.delete(key);
  else counts.set(key, next);
}

export function isRefusal(result: StreamPlace | StreamRefusal): result is StreamRefusal {
  return 'status' in result;
}
