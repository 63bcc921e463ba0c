/**
 * The receiving side of the live channel in one API instance (docs/architecture.md#live-events): every NOTIFY payload
 * the instance's listener hears goes through `receive()`, which validates it and, after the
 * coalescing window, keeps it in a ring of the last LIVE_EVENT_REPLAY_SIZE events (arrival order)
 * and hands it to the subscribers allowed to see it. Subscribers are the SSE streams (REST
 * `GET /api/events`, tRPC `live.events`).
 *
 * - Audience: ride events are public but for the party events (messages, payments, trip), which go
 *   only to the subscribers whose session user is in the payload's `party`; `notifications.changed`
 *   goes only to the subscriber whose session user is the payload's `userId`. A client never
 *   receives `userId` or `party`.
 * - Coalescing: an event for a ride (or an inbox) goes out at once and opens a `coalesceMs`
 *   (250 ms) window for that ride and type; events of the same ride and type arriving in the
 *   window wait, and when it closes only the last of them goes out (opening the next window). A
 *   burst of saves makes every open browser refetch twice at most, then at most every 250 ms,
 *   never once per save; a lone event is not delayed.
 * - Last-Event-ID: a subscriber that names the last event it received (its id, `liveEventId`) gets
 *   the ring's events that arrived after it; when this instance does not hold it (too old, or seen
 *   on another instance), one `resync` so the client re-fetches everything instead of silently
 *   missing changes.
 * - After the listener lost its connection (events may have been missed), `resync()` tells every
 *   subscriber to re-fetch.
 * - Bounded: a subscriber whose queue passes `queueLimit` (it cannot keep up) is dropped; every
 *   subscription ends after `maxStreamMs` (sooner when its session would go idle first); a
 *   session that ended (`endSessions`) ends its subscriptions. Each of these delivers what was
 *   queued, then ends with LiveSubscriptionEnded, and its client reconnects with Last-Event-ID.
 *   `close()` ends every subscriber (server shutdown). See docs/live-streams.md.
 */
import {
  DomainError,
  isPartyEventType,
  isRideEventType,
  LIVE_EVENT_REPLAY_SIZE,
  liveEventId,
  RESYNC_EVENT_TYPE,
  RIDE_EVENT_TYPES,
  USER_EVENT_TYPES,
  type LiveEvent,
} from '@rideshare/domain';
import { z } from 'zod';

import type { PublishedEvent, SessionsEnded } from './publish';

/** What publish.ts sends; anything else on the channel is dropped. */
const publishedEventSchema = z.object({
  version: z.number().int().positive(),
  type: z.enum([...RIDE_EVENT_TYPES, ...USER_EVENT_TYPES]),
  rideId: z.number().int().positive().nullable(),
  userId: z.number().int().positive().nullable(),
  party: z.array(z.number().int().positive()).nullable().default(null),
});

const sessionsEndedSchema = z.object({
  kind: z.literal('sessions.ended'),
  sessionTag: z.string().min(1).nullable(),
  userId: z.number().int().positive().nullable(),
  exceptSessionTag: z.string().min(1).nullable(),
});

function parseJson(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

/** Parses a NOTIFY payload; null for anything that is not an event publish.ts would send. */
export function parsePublishedEvent(payload: string): PublishedEvent | null {
  const result = publishedEventSchema.safeParse(parseJson(payload));
  return result.success ? result.data : null;
}

/** Parses a "these sessions ended" message (publish.ts `publishSessionsEnded`), or null. */
export function parseSessionsEnded(payload: string): SessionsEnded | null {
  const result = sessionsEndedSchema.safeParse(parseJson(payload));
  return result.success ? result.data : null;
}

/** Timers, injectable so tests drive the coalescing window and stream lifetimes by hand. */
export interface HubTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realTimers: HubTimers = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => {
    clearTimeout(handle as NodeJS.Timeout);
  },
};

export interface LiveEventHubOptions {
  /** Events kept for replay; default LIVE_EVENT_REPLAY_SIZE (1,000). */
  ringSize: number;
  /** Events one subscriber may have waiting before it is dropped as too slow; default 500. */
  queueLimit: number;
  /** The coalescing window of one ride and type; default 250 ms (0: no coalescing). */
  coalesceMs: number;
  /** The longest a subscription lasts (EVENTS_MAX_STREAM_MINUTES); default 30 minutes. */
  maxStreamMs: number;
  timers: HubTimers;
}

/** The coalescing window of ride (and inbox) events. */
export const LIVE_COALESCE_MS = 250;

type EndReason = 'shutdown' | 'overflow' | 'lifetime' | 'signed-out';

const END_MESSAGES: Record<EndReason, string> = {
  shutdown: 'The server is restarting; reconnect to continue',
  overflow: 'Too many events were waiting for this connection; reconnect to continue',
  lifetime: 'This event stream reached its time limit; reconnect to continue',
  'signed-out': 'The session that opened this event stream has ended; reconnect to continue',
};

/** Why a subscription ended from the server's side; the client should reconnect. */
export class LiveSubscriptionEnded extends DomainError {
  constructor(readonly reason: EndReason) {
    super('LIVE_STREAM_ENDED', END_MESSAGES[reason]);
  }
}

export interface SubscribeOptions {
  /** The subscriber's signed-in user (their inbox events), or null for a visitor. */
  userId: number | null;
  /** The id of the last event the client received (Last-Event-ID: `42` or `u7`), or null. */
  lastEventId: string | null;
  /** Ends the subscription (the request closed). */
  signal?: AbortSignal;
  /** The session's mark (publish.ts `sessionStreamTag`), so ending the session ends this; null for a visitor. */
  sessionTag?: string | null;
  /** How long until the session goes idle (ms): the subscription ends by then. */
  sessionIdleInMs?: number | null;
}

interface Subscriber {
  userId: number | null;
  sessionTag: string | null;
  queue: LiveEvent[];
  ended: LiveSubscriptionEnded | 'aborted' | null;
  wake: (() => void) | null;
  lifetime: unknown;
}

const toClient = (event: PublishedEvent): LiveEvent => ({
  type: event.type,
  rideId: event.rideId,
  version: event.version,
});

/** Events that stand for each other within one coalescing window: same ride (or inbox), same type. */
function coalescingKey(event: PublishedEvent): string {
  return `${event.type}:${String(event.rideId)}:${String(event.userId)}`;
}

export class LiveEventHub {
  private readonly ring: PublishedEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly options: LiveEventHubOptions;
  /** Open coalescing windows by coalescingKey, with the last event that arrived in each. */
  private readonly windows = new Map<string, { timer: unknown; waiting: PublishedEvent | null }>();
  private closed = false;
  /** Payloads dropped as malformed (observable in tests and logs). */
  dropped = 0;
  /** Events received (before coalescing). */
  received = 0;

  constructor(options: Partial<LiveEventHubOptions> = {}) {
    this.options = {
      ringSize: options.ringSize ?? LIVE_EVENT_REPLAY_SIZE,
      queueLimit: options.queueLimit ?? 500,
      coalesceMs: options.coalesceMs ?? LIVE_COALESCE_MS,
      maxStreamMs: options.maxStreamMs ?? 30 * 60_000,
      timers: options.timers ?? realTimers,
    };
  }

  /** The newest ride event's version this instance fanned out, 0 before the first. */
  get latestVersion(): number {
    for (let i = this.ring.length - 1; i >= 0; i -= 1) {
      const event = this.ring[i];
      if (event && isRideEventType(event.type)) return event.version;
    }
    return 0;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** Events waiting for their coalescing window to close. */
  get pendingCount(): number {
    let count = 0;
    for (const window of this.windows.values()) if (window.waiting) count += 1;
    return count;
  }

  /**
   * One NOTIFY payload from the listener: fanned out at once, or when its coalescing window
   * closes. Returns the event, or null when it was dropped.
   */
  receive(payload: string): PublishedEvent | null {
    const event = parsePublishedEvent(payload);
    if (!event) {
      this.dropped += 1;
      return null;
    }
    this.received += 1;
    if (this.options.coalesceMs <= 0) {
      this.fanOut(event);
      return event;
    }
    const key = coalescingKey(event);
    const window = this.windows.get(key);
    if (window) window.waiting = event;
    else {
      this.fanOut(event);
      this.openWindow(key);
    }
    return event;
  }

  /** Holds later events of `key` for the window; when it closes, sends the last (and opens another). */
  private openWindow(key: string): void {
    const window: { timer: unknown; waiting: PublishedEvent | null } = { timer: null, waiting: null };
    window.timer = this.options.timers.setTimeout(() => {
      this.windows.delete(key);
      if (!window.waiting) return;
      this.fanOut(window.waiting);
      this.openWindow(key);
    }, this.options.coalesceMs);
    this.windows.set(key, window);
  }

  private fanOut(event: PublishedEvent): void {
    this.ring.push(event);
    if (this.ring.length > this.options.ringSize) this.ring.splice(0, this.ring.length - this.options.ringSize);
    const forClient = toClient(event);
    for (const subscriber of this.subscribers) {
      if (mayReceive(subscriber.userId, event)) this.push(subscriber, forClient);
    }
  }

  /**
   * Sessions ended (sign-out, password change or reset, idle expiry): their subscriptions end, so
   * a stream never outlives the session that opened it.
   */
  endSessions(ended: Omit<SessionsEnded, 'kind'>): number {
    let count = 0;
    for (const subscriber of this.subscribers) {
      const matches =
        subscriber.sessionTag !== null &&
        (ended.sessionTag === subscriber.sessionTag ||
          (ended.userId !== null &&
            ended.userId === subscriber.userId &&
            ended.exceptSessionTag !== subscriber.sessionTag));
      if (matches) {
        this.end(subscriber, new LiveSubscriptionEnded('signed-out'));
        count += 1;
      }
    }
    return count;
  }

  /** The listener reconnected: events may have been missed, so every client re-fetches. */
  resync(): void {
    const event = this.resyncEvent();
    for (const subscriber of this.subscribers) this.push(subscriber, event);
  }

  /**
   * Registers a subscriber at once (so nothing arriving from now on is missed) and returns its
   * events: the replay or resync its Last-Event-ID calls for, then each new event it may see. The
   * iteration ends when `signal` aborts, and throws LiveSubscriptionEnded when the server ends it.
   */
  subscribe(options: SubscribeOptions): AsyncGenerator<LiveEvent, void, undefined> {
    const subscriber: Subscriber = {
      userId: options.userId,
      sessionTag: options.sessionTag ?? null,
      queue: this.initialEvents(options.userId, options.lastEventId),
      ended: this.closed ? new LiveSubscriptionEnded('shutdown') : null,
      wake: null,
      lifetime: null,
    };
    if (!subscriber.ended) {
      this.subscribers.add(subscriber);
      const idleInMs = options.sessionIdleInMs ?? Number.POSITIVE_INFINITY;
      const lifetimeMs = Math.max(0, Math.min(this.options.maxStreamMs, idleInMs));
      subscriber.lifetime = this.options.timers.setTimeout(() => {
        subscriber.lifetime = null;
        this.end(subscriber, new LiveSubscriptionEnded('lifetime'));
      }, lifetimeMs);
    }
    const onAbort = () => {
      this.end(subscriber, 'aborted');
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    return this.drain(subscriber, () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (subscriber.lifetime !== null) this.options.timers.clearTimeout(subscriber.lifetime);
      subscriber.lifetime = null;
      this.subscribers.delete(subscriber);
    });
  }

  /** Ends every subscription (server shutdown); later subscribers end at once. */
  close(): void {
    this.closed = true;
    for (const window of this.windows.values()) this.options.timers.clearTimeout(window.timer);
    this.windows.clear();
    for (const subscriber of this.subscribers) this.end(subscriber, new LiveSubscriptionEnded('shutdown'));
  }

  /** Carries the newest ride event's id: resuming from it replays whatever came after that. */
  private resyncEvent(): LiveEvent {
    return { type: RESYNC_EVENT_TYPE, rideId: null, version: this.latestVersion };
  }

  private initialEvents(userId: number | null, lastEventId: string | null): LiveEvent[] {
    if (lastEventId === null) return [];
    // Nothing happened here at all: the client is up to date.
    if (this.ring.length === 0 && lastEventId === '0') return [];
    let index = -1;
    for (let i = this.ring.length - 1; i >= 0; i -= 1) {
      const event = this.ring[i];
      if (event && liveEventId(event) === lastEventId) {
        index = i;
        break;
      }
    }
    if (index === -1) return [this.resyncEvent()];
    return this.ring
      .slice(index + 1)
      .filter((event) => mayReceive(userId, event))
      .map(toClient);
  }

  private push(subscriber: Subscriber, event: LiveEvent): void {
    if (subscriber.ended) return;
    if (subscriber.queue.length >= this.options.queueLimit) {
      // Its client replays from the ring (or resyncs) when it reconnects; no use delivering these.
      subscriber.queue.length = 0;
      this.end(subscriber, new LiveSubscriptionEnded('overflow'));
      return;
    }
    subscriber.queue.push(event);
    this.wakeUp(subscriber);
  }

  private end(subscriber: Subscriber, reason: Subscriber['ended']): void {
    if (subscriber.ended) return;
    subscriber.ended = reason;
    if (subscriber.lifetime !== null) this.options.timers.clearTimeout(subscriber.lifetime);
    subscriber.lifetime = null;
    this.subscribers.delete(subscriber);
    this.wakeUp(subscriber);
  }

  private wakeUp(subscriber: Subscriber): void {
    const wake = subscriber.wake;
    subscriber.wake = null;
    wake?.();
  }

  private async *drain(subscriber: Subscriber, cleanup: () => void): AsyncGenerator<LiveEvent, void, undefined> {
    try {
      for (;;) {
        // Events already queued are still delivered before a server-side end (not after an abort:
        // nobody is reading any more).
        if (subscriber.ended === 'aborted') return;
        const next = subscriber.queue.shift();
        if (next) {
          yield next;
          continue;
        }
        if (subscriber.ended) throw subscriber.ended;
        await new Promise<void>((resolve) => {
          subscriber.wake = resolve;
        });
      }
    } finally {
      cleanup();
    }
  }
}

/** Ride events are public but for party events (the ride's party only); inbox events belong to their one user. */
function mayReceive(userId: number | null, event: PublishedEvent): boolean {
  if (isPartyEventType(event.type)) return userId !== null && (event.party ?? []).includes(userId);
  if (isRideEventType(event.type)) return true;
  return userId !== null && event.userId === userId;
}
