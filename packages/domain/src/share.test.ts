import { describe, expect, it } from 'vitest';
import {
  contactDigits,
  discordGroupSuggestion,
  groupName,
  organizerName,
  passengerDisplayName,
  telLink,
  tripSummary,
  whatsappGroupSuggestion,
  whatsappLink,
} from './share';
import type { SharePassenger, ShareRide } from './share';

const DATE = '2026-11-21T07:30:00.000Z'; // Sat, 21 Nov 2026, 3:30 pm in Singapore

const fcToSg: ShareRide = {
  direction: 'FC->SG',
  date: DATE,
  pickupLocation: 'Forest City',
  dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 2 }, 'Jurong East'],
  currentPassengers: 3,
  maxPassengers: 5,
  cost: 80,
  additionalStops: 1,
  creatorName: 'Alice',
};

const passenger = (
  id: number,
  location: string,
  sequence: number | null,
  user: SharePassenger['user'],
  passengerCount = 1,
): SharePassenger => ({
  id,
  dropoffLocation: location,
  dropoffSequence: sequence,
  passengerCount,
  user,
});

describe('passengerDisplayName', () => {
  it.each([
    ['name first', { name: 'Alice', fullName: 'Alice Tan', discordUsername: 'alice#1' }, 'Alice'],
    ['full name next', { name: '', fullName: 'Alice Tan', discordUsername: 'alice#1' }, 'Alice Tan'],
    ['Discord name next', { name: null, fullName: '  ', discordUsername: 'alice#1' }, 'alice#1'],
    ['Passenger when nothing is known', {}, 'Passenger'],
    ['Passenger for a missing user', null, 'Passenger'],
  ])('%s', (_label, user, expected) => {
    expect(passengerDisplayName(user)).toBe(expected);
  });
});

describe('organizerName', () => {
  it.each([
    ['name', { name: 'Alice', discordUsername: 'alice#1' }, 'Alice'],
    ['Discord name when no name', { name: ' ', discordUsername: 'alice#1' }, 'alice#1'],
    ['unknown', { name: null, discordUsername: null }, 'Unknown Organizer'],
    ['no creator', undefined, 'Unknown Organizer'],
  ])('%s', (_label, creator, expected) => {
    expect(organizerName(creator)).toBe(expected);
  });
});

describe('groupName', () => {
  it.each([
    ['FC->SG', DATE, 'RideShare: FC->SG Sat, 21 Nov 2026, 3:30 pm'],
    ['SG->FC', new Date('2026-11-21T16:00:00Z'), 'RideShare: SG->FC Sun, 22 Nov 2026, 12:00 am'],
  ] as const)('%s', (direction, date, expected) => {
    expect(groupName({ direction, date })).toBe(expected);
  });
});

describe('tripSummary', () => {
  it('FC->SG without passengers uses the ride drop-off list', () => {
    expect(tripSummary(fcToSg)).toBe(
      [
        'RideShare: FC->SG Sat, 21 Nov 2026, 3:30 pm',
        'Direction: Forest City to Singapore',
        'Date: Sat, 21 Nov 2026, 3:30 pm',
        'Organizer: Alice',
        'Pickup: Forest City',
        'Drop-offs:',
        '1. Tampines Mall (2 passengers)',
        '2. Jurong East',
        'Passengers: 3/5',
        'Total cost: SGD 85',
        'Estimated cost per person: SGD 17.00',
      ].join('\n'),
    );
  });

  it('FC->SG with passengers lists drop-offs in sequence order, unnumbered last', () => {
    const text = tripSummary(fcToSg, [
      passenger(1, 'Jurong East', 2, { name: 'Bob' }),
      passenger(2, 'Changi', null, { discordUsername: 'carol' }),
      passenger(3, 'Tampines Mall', 1, { name: 'Alice' }, 2),
    ]);
    expect(text).toContain(
      'Drop-offs:\n1. Tampines Mall (Alice, 2 passengers)\n2. Jurong East (Bob)\n3. Changi (carol)\nPassengers: 3/5',
    );
  });

  it('SG->FC shows the pickup, each passenger pick-up point and Forest City as the destination', () => {
    const text = tripSummary(
      {
        ...fcToSg,
        direction: 'SG->FC',
        pickupLocation: 'Pasir Ris MRT',
        dropoffLocations: ['Pasir Ris MRT'],
        creatorName: null,
        additionalStops: 0,
        maxPassengers: 3,
        currentPassengers: 1,
      },
      [passenger(1, 'Punggol', null, { name: 'Dan' })],
    );
    expect(text.split('\n')).toEqual([
      'RideShare: SG->FC Sat, 21 Nov 2026, 3:30 pm',
      'Direction: Singapore to Forest City',
      'Date: Sat, 21 Nov 2026, 3:30 pm',
      'Pickup: Pasir Ris MRT',
      'Pick-up points:',
      '- Punggol (Dan)',
      'Drop-off: Forest City',
      'Passengers: 1/3',
      'Total cost: SGD 80',
      'Estimated cost per person: SGD 26.67',
    ]);
  });

  it('an empty passenger list falls back to the ride drop-offs', () => {
    expect(tripSummary(fcToSg, [])).toContain('1. Tampines Mall (2 passengers)\n2. Jurong East');
  });
});

describe('whatsappGroupSuggestion', () => {
  it.each([
    ['no passengers', [], 'No passengers to add to WhatsApp group'],
    [
      'nobody with a number',
      [passenger(1, 'A', null, { name: 'Bob', whatsappNumber: '  ' }), passenger(2, 'B', null, null)],
      'None of the passengers have registered their WhatsApp numbers',
    ],
  ])('refuses: %s', (_label, passengers, message) => {
    expect(whatsappGroupSuggestion(fcToSg, passengers)).toEqual({ ok: false, message });
  });

  it('lists each number once under the group name', () => {
    const result = whatsappGroupSuggestion(fcToSg, [
      passenger(1, 'A', null, { name: 'Bob', whatsappNumber: '+65 9123 4567' }),
      passenger(2, 'B', null, { name: 'Bob again', whatsappNumber: '+6591234567' }),
      passenger(3, 'C', null, { discordUsername: 'carol', whatsappNumber: '+60 12-345 6789' }),
      passenger(4, 'D', null, { name: 'Dan' }),
    ]);
    expect(result).toEqual({
      ok: true,
      text: [
        'Group name: RideShare: FC->SG Sat, 21 Nov 2026, 3:30 pm',
        'Members:',
        '- Bob: +65 9123 4567',
        '- carol: +60 12-345 6789',
      ].join('\n'),
    });
  });
});

describe('discordGroupSuggestion', () => {
  it.each([
    ['no passengers', [], 'No passengers to add to Discord group'],
    [
      'nobody with a username',
      [passenger(1, 'A', null, { name: 'Bob' })],
      'None of the passengers have registered their Discord usernames',
    ],
  ])('refuses: %s', (_label, passengers, message) => {
    expect(discordGroupSuggestion(fcToSg, passengers)).toEqual({ ok: false, message });
  });

  it('lists each username once (case-insensitively)', () => {
    const result = discordGroupSuggestion(fcToSg, [
      passenger(1, 'A', null, { name: 'Bob', discordUsername: 'bob' }),
      passenger(2, 'B', null, { discordUsername: 'BOB' }),
      passenger(3, 'C', null, { discordUsername: 'carol' }),
    ]);
    expect(result).toEqual({
      ok: true,
      text: 'Group name: RideShare: FC->SG Sat, 21 Nov 2026, 3:30 pm\nMembers:\n- Bob: bob\n- carol: carol',
    });
  });
});

describe('contact links', () => {
  it.each([
    ['+65 9123 4567', '6591234567', 'https://wa.me/6591234567', 'tel:+6591234567'],
    ['+60 12-345 6789', '60123456789', 'https://wa.me/60123456789', 'tel:+60123456789'],
    ['(65) 9123.4567', '6591234567', 'https://wa.me/6591234567', 'tel:+6591234567'],
    ['0060 12 345 6789', '0060123456789', 'https://wa.me/60123456789', 'tel:+60123456789'],
    ['', '', 'https://wa.me/', 'tel:+'],
  ])('%j -> digits %s', (value, digits, wa, tel) => {
    expect(contactDigits(value)).toBe(digits);
    expect(whatsappLink(value)).toBe(wa);
    expect(telLink(value)).toBe(tel);
  });

  it('treats missing numbers as empty', () => {
    expect(contactDigits(null)).toBe('');
    expect(contactDigits(undefined)).toBe('');
  });
});
