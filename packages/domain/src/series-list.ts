/**
 * How a list of rides shows weekly series (docs/series.md#list): the rides of one series on a page
 * become one item, at the place of its first ride, instead of one full card per week; a series
 * with one ride on the page stays a plain ride. The summary line reads 'Weekly · 8 rides · next
 * Sun 6 Dec', the next ride being the first one not yet past (else the last).
 */
import { formatRideDay } from './time';

export type ListedRide = { id: number; date: string; seriesId?: number | null; status?: string };

const running = (ride: ListedRide) => ride.status !== 'cancelled';

export type RideListItem<T extends ListedRide> =
  { kind: 'ride'; ride: T } | { kind: 'series'; seriesId: number; rides: T[] };

/**
 * @example groupSeriesRides([{ id: 1, seriesId: 4 }, { id: 2, seriesId: null }, { id: 3, seriesId: 4 }])
 *   // [{ kind: 'series', seriesId: 4, rides: [ride 1, ride 3] }, { kind: 'ride', ride: ride 2 }]
 */
export function groupSeriesRides<T extends ListedRide>(rides: readonly T[]): RideListItem<T>[] {
  const bySeries = new Map<number, T[]>();
  for (const ride of rides) {
    if (ride.seriesId == null) continue;
    const group = bySeries.get(ride.seriesId) ?? [];
    group.push(ride);
    bySeries.set(ride.seriesId, group);
  }
  const items: RideListItem<T>[] = [];
  for (const ride of rides) {
    const group = ride.seriesId == null ? undefined : bySeries.get(ride.seriesId);
    if (!group || group.length < 2 || ride.seriesId == null) {
      items.push({ kind: 'ride', ride });
    } else if (group[0] === ride) {
      items.push({ kind: 'series', seriesId: ride.seriesId, rides: group });
    }
  }
  return items;
}

/**
 * The series' next ride: the earliest not yet past at `now`, else the latest; a cancelled date only
 * when every date is cancelled (docs/series.md#list).
 */
export function nextSeriesRide<T extends ListedRide>(rides: readonly T[], now: Date): T | undefined {
  const live = rides.filter(running);
  const byDate = [...(live.length > 0 ? live : rides)].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  return byDate.find((ride) => Date.parse(ride.date) > now.getTime()) ?? byDate.at(-1);
}

/**
 * The series in a line; its count leaves cancelled dates out (they will not run).
 *
 * @example seriesSummary(eightSundayRides, now) // 'Weekly · 8 rides · next Sun 6 Dec'
 */
export function seriesSummary(rides: readonly ListedRide[], now: Date): string {
  const next = nextSeriesRide(rides, now);
  const runs = rides.filter(running).length;
  const count = `${String(runs)} ${runs === 1 ? 'ride' : 'rides'}`;
  if (!next) return `Weekly · ${count}`;
  const upcoming = Date.parse(next.date) > now.getTime();
  return `Weekly · ${count} · ${upcoming ? 'next' : 'last'} ${formatRideDay(next.date)}`;
}
