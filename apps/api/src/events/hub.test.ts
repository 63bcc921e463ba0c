import type { LiveEvent } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { ManualTimers } from '../../test/helpers/manual-timers';
import {
  LiveEventHub,
  LiveSubscriptionEnded,
  parsePublishedEvent,
  parseSessionsEnded,
  type LiveEventHubOptions,
} from './hub';

const payload = (version: number, type: string, rideId: number | null, userId: number | null = null) =>
  JSON.stringify({ version, type, rideId, userId });

/** A hub that fans out at once (the coalescing window has tests of its own). */
const newHub = (options: Partial<LiveEventHubOptions> = {}) => new LiveEventHub({ coalesceMs: 0, ...options });

/** Takes `count` events from a subscription (fails the test rather than hang when fewer come). */
async function take(events: AsyncGenerator<LiveEvent>, count: number): Promise<LiveEvent[]> {
  const got: LiveEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const next = await Promise.race([
      events.next(),
      new Promise<'none'>((resolve) => setTimeout(() => resolve('none'), 1000)),
    ]);
    if (next === 'none' || next.done) break;
    got.push(next.value);
  }
  return got;
}

describe('parsePublishedEvent', () => {
  it.each([
    ['not json', '{'],
    ['an unknown type', payload(1, 'ride.exploded', 3)],
    ['a resync (never published)', payload(1, 'resync', null)],
    ['a missing version', JSON.stringify({ type: 'seats.changed', rideId: 1, userId: null })],
    ['a fractional ride id', payload(1, 'seats.changed', 1.5)],
    ['an array', '[1,2]'],
  ])('drops %s', (_label, raw) => {
    expect(parsePublishedEvent(raw)).toBeNull();
  });

  it('keeps a well-formed event', () => {
    expect(parsePublishedEvent(payload(4, 'notifications.changed', 2, 9))).toEqual({
      version: 4,
      type: 'notifications.changed',
      rideId: 2,
      userId: 9,
      party: null,
    });
  });
});

describe('LiveEventHub', () => {
  it('fans ride events out to everyone and inbox events to their user only, never with userId', async () => {
    const hub = newHub();
    const visitor = hub.subscribe({ userId: null, lastEventId: null });
    const owner = hub.subscribe({ userId: 7, lastEventId: null });
    const other = hub.subscribe({ userId: 8, lastEventId: null });
    hub.receive(payload(1, 'notifications.changed', 3, 7));
    hub.receive(payload(2, 'seats.changed', 3));

    expect(await take(visitor, 1)).toEqual([{ type: 'seats.changed', rideId: 3, version: 2 }]);
    expect(await take(other, 1)).toEqual([{ type: 'seats.changed', rideId: 3, version: 2 }]);
    const ownerEvents = await take(owner, 2);
    expect(ownerEvents).toEqual([
      { type: 'notifications.changed', rideId: 3, version: 1 },
      { type: 'seats.changed', rideId: 3, version: 2 },
    ]);
    expect(ownerEvents[0]).not.toHaveProperty('userId');
  });

  it('fans party events out to the ride’s party only, live and on replay, never with the party', async () => {
    const hub = newHub();
    const visitor = hub.subscribe({ userId: null, lastEventId: null });
    const rider = hub.subscribe({ userId: 7, lastEventId: null });
    const stranger = hub.subscribe({ userId: 8, lastEventId: null });
    const party = (version: number, type: string) =>
      JSON.stringify({ version, type, rideId: 3, userId: null, party: [5, 7] });
    hub.receive(party(1, 'messages.changed'));
    hub.receive(party(2, 'payments.changed'));
    hub.receive(party(3, 'trip.changed'));
    // A party event published without its party reaches nobody.
    hub.receive(payload(4, 'trip.changed', 3));
    hub.receive(payload(5, 'seats.changed', 3));

    const seats = { type: 'seats.changed', rideId: 3, version: 5 };
    expect(await take(visitor, 1)).toEqual([seats]);
    expect(await take(stranger, 1)).toEqual([seats]);
    const riderEvents = await take(rider, 4);
    expect(riderEvents).toEqual([
      { type: 'messages.changed', rideId: 3, version: 1 },
      { type: 'payments.changed', rideId: 3, version: 2 },
      { type: 'trip.changed', rideId: 3, version: 3 },
      seats,
    ]);
    expect(riderEvents[0]).not.toHaveProperty('party');
    expect(await take(hub.subscribe({ userId: 8, lastEventId: '1' }), 1)).toEqual([seats]);
    expect(await take(hub.subscribe({ userId: 5, lastEventId: '1' }), 2)).toEqual([
      { type: 'payments.changed', rideId: 3, version: 2 },
      { type: 'trip.changed', rideId: 3, version: 3 },
    ]);
  });

  it('drops junk without disturbing subscribers', async () => {
    const hub = newHub();
    const sub = hub.subscribe({ userId: null, lastEventId: null });
    expect(hub.receive('{"version":"x"}')).toBeNull();
    hub.receive(payload(5, 'ride.created', 1));
    expect(hub.dropped).toBe(1);
    expect(await take(sub, 1)).toEqual([{ type: 'ride.created', rideId: 1, version: 5 }]);
  });

  it('replays what arrived after Last-Event-ID, in arrival order and for the audience', async () => {
    const hub = newHub();
    // Commit order differs from sequence order: 11 arrives before 10. Inbox events have their own
    // sequence (ids u1, u2).
    for (const [version, type, userId] of [
      [9, 'seats.changed', null],
      [11, 'ride.edited', null],
      [10, 'seats.changed', null],
      [1, 'notifications.changed', 4],
      [2, 'notifications.changed', 5],
      [12, 'ride.cancelled', null],
    ] as const) {
      hub.receive(payload(version, type, 2, userId));
    }
    const events = hub.subscribe({ userId: 4, lastEventId: '11' });
    expect(await take(events, 3)).toEqual([
      { type: 'seats.changed', rideId: 2, version: 10 },
      { type: 'notifications.changed', rideId: 2, version: 1 },
      { type: 'ride.cancelled', rideId: 2, version: 12 },
    ]);
    // Resuming after an inbox event.
    const afterInbox = hub.subscribe({ userId: 4, lastEventId: 'u1' });
    expect((await take(afterInbox, 1)).map((e) => e.version)).toEqual([12]);
    // Up to date: nothing to replay, nothing to resync.
    const current = hub.subscribe({ userId: null, lastEventId: '12' });
    hub.receive(payload(13, 'seats.changed', 2));
    expect((await take(current, 1)).map((e) => e.version)).toEqual([13]);
  });

  it('sends one resync when it does not hold the Last-Event-ID (too old, or another instance)', async () => {
    const hub = newHub({ ringSize: 3 });
    for (let version = 1; version <= 5; version += 1) hub.receive(payload(version, 'seats.changed', 1));
    // 2 fell out of the ring (3..5 kept).
    expect(await take(hub.subscribe({ userId: null, lastEventId: '2' }), 1)).toEqual([
      { type: 'resync', rideId: null, version: 5 },
    ]);
    expect(await take(hub.subscribe({ userId: null, lastEventId: '3' }), 2)).toEqual([
      { type: 'seats.changed', rideId: 1, version: 4 },
      { type: 'seats.changed', rideId: 1, version: 5 },
    ]);
    const fresh = newHub();
    expect(await take(fresh.subscribe({ userId: null, lastEventId: '40' }), 1)).toEqual([
      { type: 'resync', rideId: null, version: 0 },
    ]);
  });

  it('resync() reaches every subscriber with the latest version', async () => {
    const hub = newHub();
    hub.receive(payload(3, 'seats.changed', 1));
    const a = hub.subscribe({ userId: null, lastEventId: null });
    const b = hub.subscribe({ userId: 2, lastEventId: null });
    hub.resync();
    expect(await take(a, 1)).toEqual([{ type: 'resync', rideId: null, version: 3 }]);
    expect(await take(b, 1)).toEqual([{ type: 'resync', rideId: null, version: 3 }]);
  });

  it('drops a subscriber that falls too far behind', async () => {
    const hub = newHub({ queueLimit: 2 });
    const slow = hub.subscribe({ userId: null, lastEventId: null });
    const fine = hub.subscribe({ userId: null, lastEventId: null });
    hub.receive(payload(1, 'seats.changed', 1));
    expect(await take(fine, 1)).toHaveLength(1);
    hub.receive(payload(2, 'seats.changed', 1));
    hub.receive(payload(3, 'seats.changed', 1));
    expect(hub.subscriberCount).toBe(1);
    await expect(slow.next()).rejects.toThrow(LiveSubscriptionEnded);
    expect((await take(fine, 2)).map((e) => e.version)).toEqual([2, 3]);
  });

  it('ends on abort and on close, and unregisters', async () => {
    const hub = newHub();
    const controller = new AbortController();
    const aborted = hub.subscribe({ userId: null, lastEventId: null, signal: controller.signal });
    const closed = hub.subscribe({ userId: null, lastEventId: null });
    const pending = aborted.next();
    controller.abort();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(hub.subscriberCount).toBe(1);

    hub.close();
    await expect(closed.next()).rejects.toMatchObject({ reason: 'shutdown' });
    expect(hub.subscriberCount).toBe(0);
    await expect(hub.subscribe({ userId: null, lastEventId: null }).next()).rejects.toThrow(LiveSubscriptionEnded);
  });
});

describe('LiveEventHub: coalescing, lifetime, ended sessions', () => {
  it('sends the first event of a ride and type at once, and of the rest within 250 ms only the last', async () => {
    const timers = new ManualTimers();
    const hub = new LiveEventHub({ coalesceMs: 250, timers });
    const sub = hub.subscribe({ userId: 4, lastEventId: null });
    for (let version = 1; version <= 5; version += 1) hub.receive(payload(version, 'ride.edited', 3));
    hub.receive(payload(6, 'seats.changed', 3));
    hub.receive(payload(7, 'ride.edited', 9));
    hub.receive(payload(1, 'notifications.changed', 3, 4));
    hub.receive(payload(2, 'notifications.changed', 3, 4));
    expect(await take(sub, 4)).toEqual([
      { type: 'ride.edited', rideId: 3, version: 1 },
      { type: 'seats.changed', rideId: 3, version: 6 },
      { type: 'ride.edited', rideId: 9, version: 7 },
      { type: 'notifications.changed', rideId: 3, version: 1 },
    ]);
    timers.advance(249);
    expect(hub.pendingCount).toBe(2);
    timers.advance(1);
    expect(hub.pendingCount).toBe(0);
    expect(await take(sub, 2)).toEqual([
      { type: 'ride.edited', rideId: 3, version: 5 },
      { type: 'notifications.changed', rideId: 3, version: 2 },
    ]);
    // Still saving: the next window holds the save until it closes.
    hub.receive(payload(8, 'ride.edited', 3));
    expect(hub.pendingCount).toBe(1);
    timers.advance(250);
    expect(await take(sub, 1)).toEqual([{ type: 'ride.edited', rideId: 3, version: 8 }]);
    // Quiet for a window: the next save goes out at once.
    timers.advance(250);
    hub.receive(payload(9, 'ride.edited', 3));
    expect(await take(sub, 1)).toEqual([{ type: 'ride.edited', rideId: 3, version: 9 }]);
  });

  it('ends a subscription at its lifetime (or sooner, when its session goes idle), after what was queued', async () => {
    const timers = new ManualTimers();
    const hub = new LiveEventHub({ coalesceMs: 0, maxStreamMs: 1_000, timers });
    const long = hub.subscribe({ userId: null, lastEventId: null });
    const idleSoon = hub.subscribe({ userId: 5, lastEventId: null, sessionTag: 's', sessionIdleInMs: 400 });
    hub.receive(payload(1, 'seats.changed', 1));
    timers.advance(400);
    expect(await take(idleSoon, 1)).toEqual([{ type: 'seats.changed', rideId: 1, version: 1 }]);
    await expect(idleSoon.next()).rejects.toMatchObject({ reason: 'lifetime' });
    expect(hub.subscriberCount).toBe(1);
    timers.advance(600);
    expect(await take(long, 1)).toEqual([{ type: 'seats.changed', rideId: 1, version: 1 }]);
    await expect(long.next()).rejects.toMatchObject({ reason: 'lifetime' });
    expect(hub.subscriberCount).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('ends the subscriptions of ended sessions: one session, or all of a user but one', async () => {
    const hub = newHub();
    const a1 = hub.subscribe({ userId: 1, lastEventId: null, sessionTag: 'a1' });
    const a2 = hub.subscribe({ userId: 1, lastEventId: null, sessionTag: 'a2' });
    const a3 = hub.subscribe({ userId: 1, lastEventId: null, sessionTag: 'a3' });
    const b = hub.subscribe({ userId: 2, lastEventId: null, sessionTag: 'b' });
    const visitor = hub.subscribe({ userId: null, lastEventId: null });
    expect(hub.endSessions({ sessionTag: 'a1', userId: null, exceptSessionTag: null })).toBe(1);
    await expect(a1.next()).rejects.toMatchObject({ reason: 'signed-out' });
    expect(hub.endSessions({ sessionTag: null, userId: 1, exceptSessionTag: 'a3' })).toBe(1);
    await expect(a2.next()).rejects.toMatchObject({ reason: 'signed-out' });
    expect(hub.subscriberCount).toBe(3);
    hub.receive(payload(1, 'seats.changed', 1));
    for (const sub of [a3, b, visitor]) expect(await take(sub, 1)).toHaveLength(1);
  });

  it('parses a sessions-ended message and nothing else as one', () => {
    const message = { kind: 'sessions.ended', sessionTag: null, userId: 3, exceptSessionTag: 'x' };
    expect(parseSessionsEnded(JSON.stringify(message))).toEqual(message);
    expect(parseSessionsEnded(payload(1, 'seats.changed', 1))).toBeNull();
    expect(parsePublishedEvent(JSON.stringify(message))).toBeNull();
  });
});
