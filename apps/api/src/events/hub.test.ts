import type { LiveEvent } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { LiveEventHub, LiveSubscriptionEnded, parsePublishedEvent } from './hub';

const payload = (version: number, type: string, rideId: number | null, userId: number | null = null) =>
  JSON.stringify({ version, type, rideId, userId });

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
    });
  });
});

describe('LiveEventHub', () => {
  it('fans ride events out to everyone and inbox events to their user only, never with userId', async () => {
    const hub = new LiveEventHub();
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

  it('drops junk without disturbing subscribers', async () => {
    const hub = new LiveEventHub();
    const sub = hub.subscribe({ userId: null, lastEventId: null });
    expect(hub.receive('{"version":"x"}')).toBeNull();
    hub.receive(payload(5, 'ride.created', 1));
    expect(hub.dropped).toBe(1);
    expect(await take(sub, 1)).toEqual([{ type: 'ride.created', rideId: 1, version: 5 }]);
  });

  it('replays what arrived after Last-Event-ID, in arrival order and for the audience', async () => {
    const hub = new LiveEventHub();
    // Commit order differs from sequence order: 11 arrives before 10.
    for (const [version, type, userId] of [
      [9, 'seats.changed', null],
      [11, 'ride.edited', null],
      [10, 'notifications.changed', 4],
      [12, 'notifications.changed', 5],
      [13, 'ride.cancelled', null],
    ] as const) {
      hub.receive(payload(version, type, 2, userId));
    }
    const events = hub.subscribe({ userId: 4, lastEventId: 11 });
    expect((await take(events, 2)).map((e) => e.version)).toEqual([10, 13]);
    // Up to date: nothing to replay, nothing to resync.
    const current = hub.subscribe({ userId: null, lastEventId: 13 });
    hub.receive(payload(14, 'seats.changed', 2));
    expect((await take(current, 1)).map((e) => e.version)).toEqual([14]);
  });

  it('sends one resync when it does not hold the Last-Event-ID (too old, or another instance)', async () => {
    const hub = new LiveEventHub({ ringSize: 3 });
    for (let version = 1; version <= 5; version += 1) hub.receive(payload(version, 'seats.changed', 1));
    // 2 fell out of the ring (3..5 kept).
    expect(await take(hub.subscribe({ userId: null, lastEventId: 2 }), 1)).toEqual([
      { type: 'resync', rideId: null, version: 5 },
    ]);
    expect(await take(hub.subscribe({ userId: null, lastEventId: 3 }), 2)).toEqual([
      { type: 'seats.changed', rideId: 1, version: 4 },
      { type: 'seats.changed', rideId: 1, version: 5 },
    ]);
    const fresh = new LiveEventHub();
    expect(await take(fresh.subscribe({ userId: null, lastEventId: 40 }), 1)).toEqual([
      { type: 'resync', rideId: null, version: 0 },
    ]);
  });

  it('resync() reaches every subscriber with the latest version', async () => {
    const hub = new LiveEventHub();
    hub.receive(payload(3, 'seats.changed', 1));
    const a = hub.subscribe({ userId: null, lastEventId: null });
    const b = hub.subscribe({ userId: 2, lastEventId: null });
    hub.resync();
    expect(await take(a, 1)).toEqual([{ type: 'resync', rideId: null, version: 3 }]);
    expect(await take(b, 1)).toEqual([{ type: 'resync', rideId: null, version: 3 }]);
  });

  it('drops a subscriber that falls too far behind', async () => {
    const hub = new LiveEventHub({ queueLimit: 2 });
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
    const hub = new LiveEventHub();
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
