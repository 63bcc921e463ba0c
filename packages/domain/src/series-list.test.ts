import { describe, expect, it } from 'vitest';

import { groupSeriesRides, nextSeriesRide, seriesSummary } from './series-list';
import { formatRideDay } from './time';

const NOW = new Date('2026-11-28T00:00:00Z');
// Sundays at 10:00 Singapore time, from 6 Dec 2026.
const weekly = (count: number, seriesId = 4, firstId = 100) =>
  Array.from({ length: count }, (_, index) => ({
    id: firstId + index,
    seriesId,
    date: new Date(Date.UTC(2026, 11, 6 + 7 * index, 2)).toISOString(),
  }));

describe('groupSeriesRides', () => {
  it('puts the rides of one series into one item at the place of its first ride', () => {
    const [a, b] = weekly(2);
    const single = { id: 1, seriesId: null, date: '2026-12-07T02:00:00.000Z' };
    if (!a || !b) throw new Error('two rides expected');
    const items = groupSeriesRides([a, single, b]);
    expect(items.map((item) => (item.kind === 'ride' ? item.ride.id : item.rides.map((ride) => ride.id)))).toEqual([
      [100, 101],
      1,
    ]);
  });

  it('leaves a series with one ride on the page as a plain ride, and keeps two series apart', () => {
    const items = groupSeriesRides([...weekly(1, 4), ...weekly(2, 5, 200)]);
    expect(items.map((item) => item.kind)).toEqual(['ride', 'series']);
  });
});

describe('seriesSummary', () => {
  it("reads 'Weekly · 8 rides · next Sun 6 Dec'", () => {
    expect(formatRideDay('2026-12-06T02:00:00Z')).toBe('Sun 6 Dec');
    expect(seriesSummary(weekly(8), NOW)).toBe('Weekly · 8 rides · next Sun 6 Dec');
    // A cancelled date is neither counted nor "next".
    const [first, ...rest] = weekly(8);
    if (!first) throw new Error('no ride');
    expect(seriesSummary([{ ...first, status: 'cancelled' }, ...rest], NOW)).toBe('Weekly · 7 rides · next Sun 13 Dec');
  });

  it('names the first ride still ahead, or the last when all are past', () => {
    const later = new Date('2026-12-10T00:00:00Z');
    expect(nextSeriesRide(weekly(3), later)?.id).toBe(101);
    expect(seriesSummary(weekly(2), new Date('2027-01-01T00:00:00Z'))).toBe('Weekly · 2 rides · last Sun 13 Dec');
  });
});
