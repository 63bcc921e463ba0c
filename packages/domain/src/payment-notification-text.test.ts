import { describe, expect, it } from 'vitest';

import { notificationSentence } from './notification-text';

const base = { rideDirection: 'SG->FC' as const, rideDate: '2099-03-14T01:30:00.000Z' };

describe('payment notification sentences', () => {
  it('say what changed, with the amount', () => {
    expect(notificationSentence({ ...base, kind: 'price_locked', detail: 'SGD 26.67' })).toMatch(
      /^The price of your ride SG → FC on .+ is locked: your share is SGD 26\.67$/,
    );
    expect(notificationSentence({ ...base, kind: 'payment_marked', detail: 'Ann · SGD 26.67 · PayNow' })).toMatch(
      /: Ann · SGD 26\.67 · PayNow$/,
    );
    expect(notificationSentence({ ...base, kind: 'payment_amount_changed', detail: 'SGD 26.67 → SGD 20.00' })).toMatch(
      /^Your share of the ride SG → FC on .+ changed: SGD 26\.67 → SGD 20\.00$/,
    );
    expect(notificationSentence({ ...base, kind: 'payment_reminder', detail: 'SGD 26.67' })).toMatch(
      /leaves soon and your share of SGD 26\.67 is still due$/,
    );
    expect(notificationSentence({ ...base, kind: 'min_passengers_reached', detail: '3' })).toMatch(
      /reached its minimum of 3 passengers: it goes$/,
    );
  });
});
