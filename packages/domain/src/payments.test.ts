import { describe, expect, it } from 'vitest';

import {
  centsText,
  isPaymentReminderDue,
  isPriceLockDue,
  parsePaynowProxy,
  passengersStillNeeded,
  paynowExpiryOf,
  priceLockAt,
  revolutLink,
  splitCents,
} from './payments';
import { markPaidInput, paymentTargetInput, profileUpdateInput, ridePayloadInput } from './schemas';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('splitCents (largest remainder)', () => {
  it('splits a total that does not divide evenly so the amounts add up to it exactly', () => {
    expect(splitCents(10000, [1, 1, 1])).toEqual([3334, 3333, 3333]);
    expect(splitCents(8500, [1, 1, 1, 1, 1, 1, 1])).toEqual([1215, 1215, 1214, 1214, 1214, 1214, 1214]);
    expect(sum(splitCents(8500, [1, 1, 1, 1, 1, 1, 1]))).toBe(8500);
  });

  it('weights by seats: a party of two pays twice a party of one, give or take the last cent', () => {
    expect(splitCents(8500, [2, 1])).toEqual([5667, 2833]);
    expect(splitCents(9000, [1, 2, 3])).toEqual([1500, 3000, 4500]);
  });

  it('one rider (the organiser alone) pays the whole total', () => {
    expect(splitCents(8000, [1])).toEqual([8000]);
    expect(splitCents(8000, [4])).toEqual([8000]);
  });

  it('ten riders: never off by a cent, never negative, shares differ by at most one cent', () => {
    for (const total of [1, 7, 999, 8000, 8001, 100_003]) {
      const amounts = splitCents(total, Array<number>(10).fill(1));
      expect(sum(amounts)).toBe(total);
      expect(Math.min(...amounts)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...amounts) - Math.min(...amounts)).toBeLessThanOrEqual(1);
    }
    expect(splitCents(7, Array<number>(10).fill(1))).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 0]);
  });

  it('gives leftover cents to the largest remainders, ties to the earlier party', () => {
    // 1000 over 3,3,1 seats: exact 428.57, 428.57, 142.86 → floors 428, 428, 142; two cents left:
    // the first to .86, the second to the tie between the .57s, which goes to the earlier party.
    expect(splitCents(1000, [3, 3, 1])).toEqual([429, 428, 143]);
  });

  it('refuses amounts that are not whole cents and empty weights', () => {
    expect(() => splitCents(10.5, [1])).toThrow(RangeError);
    expect(() => splitCents(-1, [1])).toThrow(RangeError);
    expect(() => splitCents(100, [0])).toThrow(RangeError);
    expect(splitCents(100, [])).toEqual([]);
  });
});

describe('price lock and reminder times', () => {
  const departure = new Date('2026-12-10T10:00:00Z');

  it('locks PRICE_LOCK_HOURS before departure, and for any ride already inside the window', () => {
    expect(priceLockAt(departure, 48).toISOString()).toBe('2026-12-08T10:00:00.000Z');
    expect(isPriceLockDue(departure, 48, new Date('2026-12-08T09:59:59Z'))).toBe(false);
    expect(isPriceLockDue(departure, 48, new Date('2026-12-08T10:00:00Z'))).toBe(true);
    expect(isPriceLockDue(departure, 48, new Date('2026-12-10T09:59:59Z'))).toBe(true);
    // A ride that left unlocked stays unlocked.
    expect(isPriceLockDue(departure, 48, new Date('2026-12-11T00:00:00Z'))).toBe(false);
  });

  it('a PayNow code expires on the departure day, Singapore date', () => {
    expect(paynowExpiryOf(new Date('2026-12-09T17:30:00Z'))).toBe('20261210');
    expect(paynowExpiryOf(departure)).toBe('20261210');
  });

  it('reminds within the last day before departure only', () => {
    expect(isPaymentReminderDue(departure, new Date('2026-12-09T09:59:00Z'))).toBe(false);
    expect(isPaymentReminderDue(departure, new Date('2026-12-09T10:00:00Z'))).toBe(true);
    expect(isPaymentReminderDue(departure, new Date('2026-12-10T10:00:00Z'))).toBe(false);
  });

  it('counts the passengers a ride still needs to go', () => {
    expect(passengersStillNeeded({ minPassengers: 4, currentPassengers: 2 })).toBe(2);
    expect(passengersStillNeeded({ minPassengers: 2, currentPassengers: 3 })).toBe(0);
    expect(passengersStillNeeded({ minPassengers: null, currentPassengers: 1 })).toBe(0);
  });
});

describe('PayNow proxies', () => {
  it('reads Singapore mobiles with or without +65 and UENs, in their normal form', () => {
    expect(parsePaynowProxy('+65 9123 4567')).toEqual({ type: 'mobile', value: '+6591234567' });
    expect(parsePaynowProxy('81234567')).toEqual({ type: 'mobile', value: '+6581234567' });
    expect(parsePaynowProxy('201912345k')).toEqual({ type: 'uen', value: '201912345K' });
    expect(parsePaynowProxy('53312345A')).toEqual({ type: 'uen', value: '53312345A' });
    expect(parsePaynowProxy('T09LL0001B')).toEqual({ type: 'uen', value: 'T09LL0001B' });
  });

  it('refuses numbers that are not SG mobiles and anything else', () => {
    for (const text of ['+65 6123 4567', '+60 12 345 6789', '9123456', 'hello', '', '2019123456K']) {
      expect(parsePaynowProxy(text)).toBeNull();
    }
  });

  it('the profile input stores the normal form, clears on blank, and refuses a bad proxy with a message', () => {
    expect(profileUpdateInput.parse({ paynowProxy: '9123 4567' }).paynowProxy).toBe('+6591234567');
    expect(profileUpdateInput.parse({ paynowProxy: '' }).paynowProxy).toBeNull();
    expect(profileUpdateInput.parse({}).paynowProxy).toBeUndefined();
    const bad = profileUpdateInput.safeParse({ paynowProxy: '+65 6123 4567' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/Singapore mobile number/);
  });
});

describe('payment inputs', () => {
  it('accepts the listed methods only', () => {
    expect(markPaidInput.parse({ rideId: 1, method: 'tng' }).method).toBe('tng');
    const bad = markPaidInput.safeParse({ rideId: 1, method: 'bitcoin' });
    expect(bad.error?.issues[0]?.message).toBe('Method must be one of paynow, revolut, duitnow, tng, cash, other');
    expect(paymentTargetInput.safeParse({ rideId: 1, passengerId: 0 }).success).toBe(false);
  });

  it('a ride minimum is 1..max passengers', () => {
    const ride = {
      direction: 'SG->FC',
      maxPassengers: 4,
      date: '2030-01-01T10:00:00Z',
      pickupLocation: 'Bedok',
      dropoffLocations: ['Forest City'],
    };
    expect(ridePayloadInput.parse({ ...ride, minPassengers: 3 }).minPassengers).toBe(3);
    expect(ridePayloadInput.safeParse({ ...ride, minPassengers: 5 }).success).toBe(false);
    expect(ridePayloadInput.safeParse({ ...ride, minPassengers: 0 }).success).toBe(false);
  });
});

describe('amount text and links', () => {
  it('writes cents with two decimals', () => {
    expect(centsText(1234)).toBe('12.34');
    expect(centsText(5)).toBe('0.05');
    expect(centsText(8000)).toBe('80.00');
  });

  it('links to the organiser’s Revolut.Me with the amount', () => {
    expect(revolutLink('@priya', 2833)).toBe('https://revolut.me/priya?amount=2833&currency=SGD');
  });
});
