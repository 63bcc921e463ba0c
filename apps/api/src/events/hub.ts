/**
 * The receiving side of the live channel in one API instance (DESIGN §11): every NOTIFY payload
 * the instance's listener hears goes through `receive()`, which validates it, keeps it in a ring of
 * the last LIVE_EVENT_REPLAY_SIZE events (arrival order) and hands it to the subscribers allowed
 * to see it. Subscribers are the SSE streams (REST `GET /api/events`, tRPC `live.events`).
 *
 * - Audience: ride events are public; `notifications.changed` goes only to the subscriber whose
 *   session user is the payload's `userId`. A client never receives `userId`.
 * - Last-Event-ID: a subscriber that names the last event it received gets the ring's events that
 *   arrived after it; when this instance does not hold it (too old, or seen on another instance),
 *   one `resync` so the client re-fetches everything instead of silently missing changes.
 * - After the listener lost its connection (events may have been missed), `resync()` tells every
 *   subscriber to re-fetch.
 * - Bounded: a subscriber whose queue passes `queueLimit` (it cannot keep up) is dropped; its
 *   client reconnects with Last-Event-ID. `close()` ends every subscriber (server shutdown).
 */
import {
  DomainError,
  isRideEventType,
  LIVE_EVENT_REPLAY_SIZE,
  RESYNC_EVENT_TYPE,
  RIDE_EVENT_TYPES,
  USER_EVENT_TYPES,
  type LiveEvent,
} from '@rideshare/domain';
import { z } from 'zod';

import type { PublishedEvent } from './publish';

/** What publish.ts sends; anything else on the channel is dropped. */
const publishedEventSchema = z.object({
  version: z.number().int().positive(),
  type: z.enum([...RIDE_EVENT_TYPES, ...USER_EVENT_TYPES]),
  rideId: z.number().int().positive().nullable(),
  userId: z.number().int().positive().nullable(),
});

/** Parses a NOTIFY payload; null for anything that is not an event publish.ts would send. */
export function parsePublishedEvent(payload: string): PublishedEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return null;
  }
  const result = publishedEventSchema.safeParse(json);
  return result.success ? result.data : null;
}

export interface LiveEventHubOptions {
  /** Events kept for replay; default LIVE_EVENT_REPLAY_SIZE (1,000). */
  ringSize: number;
  /** Events one subscriber may have waiting before it is dropped as too slow; default 500. */
  queueLimit: number;
}

/** Why a subscription ended from the server's side; the client should reconnect. */
export class LiveSubscriptionEnded extends DomainError {
  constructor(readonly reason: 'shutdown' | 'overflow') {
    super(
      'LIVE_STREAM_ENDED',
      reason === 'shutdown'
        ? 'The server is restarting; reconnect to continue'
        : 'Too many events were waiting for this connection; reconnect to continue',
    );
  }
}

export interface SubscribeOptions {
  /** The subscriber's signed-in user (their inbox events), or null for a visitor. */
  userId: number | null;
  /** The version of the last event the client received (Last-Event-ID), or null. */
  lastEventId: number | null;
  /** Ends the subscription (the request closed). */
  signal?: AbortSignal;
}

interface Subscriber {
  userId: number | null;
  queue: LiveEvent[];
  ended: LiveSubscriptionEnded | 'aborted' | null;
  wake: (() => void) | null;
}

const toClient = (event: PublishedEvent): LiveEvent => ({
  type: event.type,
  rideId: event.rideId,
  version: event.version,
});

export class LiveEventHub {
  private readonly ring: PublishedEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly options: LiveEventHubOptions;
  private closed = false;
  /** Payloads dropped as malformed (observable in tests and logs). */
  dropped = 0;

  constructor(options: Partial<LiveEventHubOptions> = {}) {
    this.options = {
      ringSize: options.ringSize ?? LIVE_EVENT_REPLAY_SIZE,
      queueLimit: options.queueLimit ?? 500,
    };
  }

  /** The newest version this instance received, 0 before the first. */
  get latestVersion(): number {
    return this.ring.at(-1)?.version ?? 0;
  }

  get subscriberCount(): number {
    return this.subscribers.size;
  }

  /** One NOTIFY payload from the listener. Returns the event, or null when it was dropped. */
  receive(payload: string): PublishedEvent | null {
    const event = parsePublishedEvent(payload);
    if (!event) {
      this.dropped += 1;
      return null;
    }
    this.ring.push(event);
    if (this.ring.length > this.options.ringSize) this.ring.splice(0, this.ring.length - this.options.ringSize);
    const forClient = toClient(event);
    for (const subscriber of this.subscribers) {
      if (mayReceive(subscriber.userId, event)) this.push(subscriber, forClient);
    }
    return event;
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
      queue: this.initialEvents(options.userId, options.lastEventId),
      ended: this.closed ? new LiveSubscriptionEnded('shutdown') : null,
      wake: null,
    };
    if (!subscriber.ended) this.subscribers.add(subscriber);
    const onAbort = () => {
      this.end(subscriber, 'aborted');
    };
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    return this.drain(subscriber, () => {
      options.signal?.removeEventListener('abort', onAbort);
      this.subscribers.delete(subscriber);
    });
  }

  /** Ends every subscription (server shutdown); later subscribers end at once. */
  close(): void {
    this.closed = true;
    for (const subscriber of this.subscribers) this.end(subscriber, new LiveSubscriptionEnded('shutdown'));
  }

  private resyncEvent(): LiveEvent {
    return { type: RESYNC_EVENT_TYPE, rideId: null, version: this.latestVersion };
  }

  private initialEvents(userId: number | null, lastEventId: number | null): LiveEvent[] {
    if (lastEventId === null) return [];
    // Nothing happened here since: the client is up to date (also when nothing happened at all).
    if (lastEventId === this.latestVersion) return [];
    let index = -1;
    for (let i = this.ring.length - 1; i >= 0; i -= 1) {
      if (this.ring[i]?.version === lastEventId) {
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

/** Ride events are public; inbox events belong to their one user. */
function mayReceive(userId: number | null, event: PublishedEvent): boolean {
  if (isRideEventType(event.type)) return true;
  return userId !== null && event.userId === userId;
}
