import { describe, expect, it } from 'vitest';

import { areasLine, driverWords, rideAreas, seatsWords, shortPlaceName, singaporeClock, standingLine } from './glance';

describe('rideAreas', () => {
  it('names the pick-up points of an SG->FC ride, shortened and once each', () => {
    const areas = rideAreas({
      direction: 'SG->FC',
      dropoffLocations: [
        { location: 'Pasir Ris MRT, Exit A', passengerCount: 2 },
        { location: '  pasir ris mrt ', passengerCount: 1 },
        { location: 'Jurong East Interchange Bus Bay Number Seven', passengerCount: 1 },
      ],
    });
    expect(areas).toEqual({ label: 'Pick-up', names: ['Pasir Ris MRT', 'Jurong East Interchange…'] });
  });

  it('names the drop-off points of an FC->SG ride, and none when the reader may not see them', () => {
    expect(rideAreas({ direction: 'FC->SG', dropoffLocations: [{ location: 'Bedok', passengerCount: 1 }] })).toEqual({
      label: 'Drop-off',
      names: ['Bedok'],
    });
    expect(rideAreas({ direction: 'FC->SG', dropoffLocations: [] }).names).toEqual([]);
  });

  it('cuts a long name to the limit with an ellipsis', () => {
    expect(shortPlaceName('abcdefghij', 5)).toBe('abcd…');
    expect(shortPlaceName(', Tampines')).toBe(', Tampines');
  });

  it('says how many more areas there are beyond the first two', () => {
    expect(areasLine(['A', 'B', 'C', 'D'])).toBe('A · B +2 more');
    expect(areasLine(['A'])).toBe('A');
  });
});

describe('seats and driver in words', () => {
  it('counts seats left, or says Full', () => {
    expect(seatsWords({ currentPassengers: 2, maxPassengers: 5 })).toBe('3 seats left');
    expect(seatsWords({ currentPassengers: 4, maxPassengers: 5 })).toBe('1 seat left');
    expect(seatsWords({ currentPassengers: 6, maxPassengers: 5 })).toBe('Full');
  });

  it('says whether a driver was found', () => {
    expect(driverWords({ status: 'open' })).toBe('No driver yet');
    expect(driverWords({ status: 'assigned' })).toBe('Driver found');
    expect(driverWords({ status: 'cancelled' })).toBe('Cancelled');
    expect(driverWords({ status: 'completed' })).toBe('Completed');
  });
});

describe('standingLine', () => {
  it.each([
    [{ rideId: 1, kind: 'organizer' } as const, 'Organizing'],
    [{ rideId: 1, kind: 'assigned' } as const, 'Assigned to you'],
    [{ rideId: 1, kind: 'waitlisted', position: 2 } as const, 'Waitlisted #2'],
    [{ rideId: 1, kind: 'offered', offerExpiresAt: '2026-11-28T10:40:00.000Z' } as const, 'Seat offered until 18:40'],
    [{ rideId: 1, kind: 'passenger', stop: 2, amountDueCents: 2125 } as const, 'Joined · stop 2 · SGD 21.25 due'],
    [{ rideId: 1, kind: 'passenger', stop: null, amountDueCents: null } as const, 'Joined'],
    [{ rideId: 1, kind: 'passenger', stop: 1, amountDueCents: 0 } as const, 'Joined · stop 1'],
  ])('%o reads %s', (standing, line) => {
    expect(standingLine(standing)).toBe(line);
  });

  it('reads clock times in Singapore whatever the zone', () => {
    expect(singaporeClock('2026-11-28T16:05:00.000Z')).toBe('00:05');
  });
});
