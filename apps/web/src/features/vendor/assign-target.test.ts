import { describe, expect, it } from 'vitest';

import { assignBlocker } from './assign-target';

const now = new Date('2030-01-10T00:00:00Z');
const ride = {
  creatorId: 5,
  date: '2030-01-12T01:00:00Z',
  maxPassengers: 4,
  currentPassengers: 1,
  status: 'open',
  vendorId: null as number | null,
};

describe('assignBlocker', () => {
  it('lets a vendor take an open ride that is still ahead', () => {
    expect(assignBlocker(ride, 9, now)).toBeNull();
  });

  it.each([
    [
      'already theirs',
      { status: 'assigned', vendorId: 9 },
      'This ride is already assigned to you. You will find it under My Rides.',
      true,
    ],
    [
      'taken by another vendor',
      { status: 'assigned', vendorId: 3 },
      'This ride has already been assigned to another vendor.',
      false,
    ],
    ['completed', { status: 'completed', vendorId: 3 }, 'This ride is completed.', false],
    ['cancelled', { status: 'cancelled' }, 'This ride was cancelled.', false],
    ['departed', { date: '2030-01-09T00:00:00Z' }, 'This ride is in the past.', false],
  ])('explains a ride %s', (_case, overrides, message, mine) => {
    expect(assignBlocker({ ...ride, ...overrides }, 9, now)).toEqual({ message, mine });
  });
});
