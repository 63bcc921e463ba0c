import { describe, expect, it } from 'vitest';

import { priceStory } from './price-story';

const ride = {
  cost: 80,
  additionalStops: 0,
  currentPassengers: 3,
  maxPassengers: 4,
  status: 'open' as const,
  priceLockedAt: null,
};

describe('priceStory', () => {
  it('before the lock: the estimate now and if full, the same for everyone', () => {
    const story = priceStory(ride, null);
    expect(story).toMatchObject({ kind: 'estimate', now: 26.67, ifFull: 20 });
    expect(story.text).toBe('about SGD 26.67 each now, SGD 20.00 if full');
    // A share does not exist before the lock; the estimate stands.
    expect(priceStory(ride, 40).text).toBe('about SGD 26.67 each now, SGD 20.00 if full');
  });

  it("after the lock: the viewer's own share, or only that it is locked", () => {
    const locked = { ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z' };
    expect(priceStory(locked, 40)).toEqual({ kind: 'share', amount: 40, text: 'Your share SGD 40.00' });
    expect(priceStory(locked, null)).toEqual({ kind: 'locked', text: 'Price locked' });
  });

  it('after the lock, to someone not on the ride: what one seat would owe on joining, unless the ride is full', () => {
    const locked = { ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z', joinPrice: 24 };
    expect(priceStory(locked, null)).toEqual({ kind: 'join', amount: 24, text: 'SGD 24.00 if you join' });
    expect(priceStory(locked, 40).text).toBe('Your share SGD 40.00');
    const full = { ...locked, currentPassengers: locked.maxPassengers };
    expect(priceStory(full, null)).toEqual({ kind: 'locked', text: 'Price locked' });
    // Nobody can join a ride that has left or was completed.
    const departure = '2031-03-02T01:00:00.000Z';
    const before = new Date('2031-03-02T00:59:00.000Z');
    const after = new Date('2031-03-02T01:00:00.000Z');
    expect(priceStory({ ...locked, date: departure }, null, before).kind).toBe('join');
    expect(priceStory({ ...locked, date: departure }, null, after).kind).toBe('locked');
    expect(priceStory({ ...locked, status: 'completed' }, null).kind).toBe('locked');
  });

  it('a cancelled ride shows no price at all', () => {
    expect(priceStory({ ...ride, status: 'cancelled' }, null)).toEqual({ kind: 'none', text: null });
    expect(priceStory({ ...ride, status: 'cancelled', priceLockedAt: new Date(0) }, 40).text).toBeNull();
  });
});
