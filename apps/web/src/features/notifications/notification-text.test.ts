import { describe, expect, it } from 'vitest';

import { notificationPath, notificationSentence, SIGN_IN_GUESSING_SENTENCE } from './notification-text';

// 10:00 am on Monday 1 December 2025 in Singapore.
const DATE = '2025-12-01T02:00:00.000Z';
const base = { rideDirection: 'SG->FC' as const, rideDate: DATE, detail: null };

describe('notificationSentence', () => {
  it('tells about guessing on the account, which has no ride', () => {
    expect(notificationSentence({ kind: 'sign_in_guessing', rideDirection: null, rideDate: null, detail: null })).toBe(
      SIGN_IN_GUESSING_SENTENCE,
    );
    expect(SIGN_IN_GUESSING_SENTENCE).toContain('the ones you use are not affected');
  });

  it.each([
    [
      'a ride matching an alert (docs/alerts.md#matching)',
      { kind: 'ride_alert_match' },
      'A new ride matches your alert: SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
    [
      'a border window that opened',
      { kind: 'border_window_open', detail: 'mdac' },
      'You can now submit your MDAC for the ride SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
    [
      'the evening before, with items left',
      { kind: 'border_evening_before', detail: '2' },
      'Your ride SG → FC on Mon, 1 Dec 2025, 10:00 am is coming up: 2 border checklist items still to do',
    ],
    [
      'the evening before, without a travel profile',
      { kind: 'border_evening_before', detail: '0' },
      'Your ride SG → FC on Mon, 1 Dec 2025, 10:00 am is coming up: add your travel documents on your profile to see your border checklist',
    ],
    [
      'a group QR code made for another party',
      { kind: 'group_qr_outdated' },
      'The party on your ride SG → FC on Mon, 1 Dec 2025, 10:00 am changed: make a new group QR code for the checkpoint',
    ],
    [
      'a cancellation with its reason',
      { kind: 'ride_cancelled', detail: 'Car broke down' },
      'Your ride SG → FC on Mon, 1 Dec 2025, 10:00 am was cancelled: Car broke down',
    ],
    [
      'a cancellation without a reason',
      { kind: 'ride_cancelled' },
      'Your ride SG → FC on Mon, 1 Dec 2025, 10:00 am was cancelled',
    ],
    [
      'a new departure, with the old one',
      { kind: 'ride_edited', detail: '2025-11-30T23:30:00.000Z' },
      'Your ride SG → FC now departs Mon, 1 Dec 2025, 10:00 am instead of Mon, 1 Dec 2025, 7:30 am',
    ],
    [
      'a removal',
      { kind: 'passenger_removed' },
      'The organizer removed you from the ride SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
    [
      'a vendor with its company',
      { kind: 'vendor_assigned', detail: 'Causeway Cabs' },
      'A driver from Causeway Cabs was assigned to your ride SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
    [
      'a vendor without a company',
      { kind: 'vendor_assigned' },
      'A driver was assigned to your ride SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
    [
      'a released driver',
      { kind: 'vendor_released', rideDirection: 'FC->SG' },
      'The driver was released from the ride FC → SG on Mon, 1 Dec 2025, 10:00 am; it is open for another driver',
    ],
    [
      'a waitlist offer with its expiry',
      { kind: 'waitlist_offer', detail: '2025-11-30T04:15:00.000Z' },
      'Seats are free for your group on the ride SG → FC on Mon, 1 Dec 2025, 10:00 am: join by Sun, 30 Nov 2025, 12:15 pm',
    ],
    [
      'a quote for the organiser',
      { kind: 'quote_received', detail: 'Acme Cabs · SGD 120' },
      'New quote for your ride SG → FC on Mon, 1 Dec 2025, 10:00 am: Acme Cabs · SGD 120',
    ],
    [
      'an accepted quote',
      { kind: 'quote_accepted', detail: 'SGD 120' },
      'The organizer accepted your quote of SGD 120 for the ride SG → FC on Mon, 1 Dec 2025, 10:00 am: it is yours to drive',
    ],
    [
      'a declined quote',
      { kind: 'quote_declined' },
      'Your quote for the ride SG → FC on Mon, 1 Dec 2025, 10:00 am was not chosen; the ride has a driver now',
    ],
    [
      'a price change with old and new figures',
      { kind: 'ride_price_changed', detail: 'per person now SGD 40.00 → SGD 60.00; if full SGD 20.00 → SGD 30.00' },
      'The price of your ride SG → FC on Mon, 1 Dec 2025, 10:00 am changed with its new driver: per person now SGD 40.00 → SGD 60.00; if full SGD 20.00 → SGD 30.00',
    ],
    [
      'a passenger joining',
      { kind: 'passenger_joined', detail: 'Paul (2 people)' },
      'Paul (2 people) joined your ride SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
    [
      'a passenger leaving',
      { kind: 'passenger_left', detail: 'Paul' },
      'Paul left your ride SG → FC on Mon, 1 Dec 2025, 10:00 am',
    ],
  ] as const)('reads %s', (_label, overrides, sentence) => {
    expect(notificationSentence({ ...base, ...overrides })).toBe(sentence);
  });
});

describe('a vendor application (to administrators)', () => {
  it('names the company and leads to the admin page', () => {
    const item = { kind: 'vendor_application' as const, rideDirection: null, rideDate: null, detail: 'Tan Transport' };
    expect(notificationSentence(item)).toBe('New vendor application from Tan Transport: review it on the Admin page');
    expect(notificationPath({ kind: 'vendor_application', rideId: null })).toBe('/admin');
    expect(notificationPath({ kind: 'ride_cancelled', rideId: 4 })).toBe('/rides/4');
    expect(notificationPath({ kind: 'vendor_approved', rideId: null })).toBeNull();
  });
});
