import { z } from 'zod';
import { isPast } from './ride-state';
import { weekWindow } from './time';

/** Time filter of the ride list: not yet departed, this Sunday-to-Sunday week, or everything. */
export const TIME_FILTERS = ['upcoming', 'thisWeek', 'all'] as const;
export type TimeFilter = (typeof TIME_FILTERS)[number];
/** Direction filter of the ride list. */
export const DIRECTION_FILTERS = ['all', 'SG->FC', 'FC->SG'] as const;
export type DirectionFilter = (typeof DIRECTION_FILTERS)[number];
/** Date order of the ride list. */
export const SORT_ORDERS = ['dateAsc', 'dateDesc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const DEFAULT_TIME_FILTER: TimeFilter = 'upcoming';
export const DEFAULT_DIRECTION_FILTER: DirectionFilter = 'all';
export const DEFAULT_SORT_ORDER: SortOrder = 'dateAsc';

/** The ride list's filter settings; every field (and the whole object) may be left out for its default. */
export const rideListFiltersInput = z
  .object({
    time: z.enum(TIME_FILTERS).default(DEFAULT_TIME_FILTER),
    direction: z.enum(DIRECTION_FILTERS).default(DEFAULT_DIRECTION_FILTER),
    sort: z.enum(SORT_ORDERS).default(DEFAULT_SORT_ORDER),
  })
  .prefault({});
export type RideListFilters = z.output<typeof rideListFiltersInput>;

/** What a ride must tell to be filtered and sorted. */
export type FilterableRide = { date: Date | string; direction: string };

function timeOf(ride: FilterableRide): number {
  return (ride.date instanceof Date ? ride.date : new Date(ride.date)).getTime();
}

/**
 * The ride list as shown: keeps rides matching the time filter (upcoming = not past, thisWeek =
 * departing in this Sunday-to-Sunday Singapore week, all) and the direction filter, sorts them by
 * date (ascending or descending), and always puts past rides after the ones still to come.
 * Missing filter settings take their defaults (upcoming, all directions, earliest first).
 *
 * @example filterAndSortRides(rides, { time: 'all', direction: 'FC->SG', sort: 'dateDesc' }, now)
 *   // FC->SG rides, latest upcoming first, then past ones latest first
 */
export function filterAndSortRides<T extends FilterableRide>(
  rides: readonly T[],
  filters: Partial<RideListFilters> = {},
  now: Date = new Date(),
): T[] {
  const time = filters.time ?? DEFAULT_TIME_FILTER;
  const direction = filters.direction ?? DEFAULT_DIRECTION_FILTER;
  const sort = filters.sort ?? DEFAULT_SORT_ORDER;
  const week = weekWindow(now);
  const sign = sort === 'dateDesc' ? -1 : 1;

  return rides
    .filter((ride) => {
      if (direction !== 'all' && ride.direction !== direction) return false;
      if (time === 'upcoming') return !isPast(ride, now);
      if (time === 'thisWeek') {
        const at = timeOf(ride);
        return at >= week.start.getTime() && at < week.end.getTime();
      }
      return true;
    })
    .map((ride) => ({ ride, past: isPast(ride, now), at: timeOf(ride) }))
    .sort((a, b) => {
      if (a.past !== b.past) return a.past ? 1 : -1;
      // Unreadable dates sort last in either order rather than poisoning the comparison with NaN.
      const aBad = Number.isNaN(a.at);
      const bBad = Number.isNaN(b.at);
      if (aBad || bBad) return aBad === bBad ? 0 : aBad ? 1 : -1;
      return (a.at - b.at) * sign;
    })
    .map(({ ride }) => ride);
}
