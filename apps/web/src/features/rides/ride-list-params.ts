/**
 * The rides list's state lives in the address (`/home?tab=my-rides&time=all&page=2`), so Back,
 * reload and shared links keep the same view. Unknown or malformed values fall back to the
 * defaults (Upcoming, all directions, earliest first, page 1, All Rides tab); defaults are left
 * out of the address to keep it clean.
 *
 * - `readRideListState(params)` → `RideListState`
 * - `writeRideListState(params, changes)` → new `URLSearchParams` (other parameters kept; a filter
 *   change goes back to page 1, since the old page may not exist any more).
 */
import {
  DEFAULT_DIRECTION_FILTER,
  DEFAULT_SORT_ORDER,
  DEFAULT_TIME_FILTER,
  DIRECTION_FILTERS,
  SORT_ORDERS,
  TIME_FILTERS,
  type DirectionFilter,
  type SortOrder,
  type TimeFilter,
} from '@rideshare/domain';

export const HOME_TABS = ['all-rides', 'my-rides'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
const DEFAULT_HOME_TAB: HomeTab = 'all-rides';

export interface RideListFilterValues {
  time: TimeFilter;
  direction: DirectionFilter;
  sort: SortOrder;
}

export interface RideListState extends RideListFilterValues {
  tab: HomeTab;
  page: number;
}

const DEFAULTS: RideListState = {
  tab: DEFAULT_HOME_TAB,
  time: DEFAULT_TIME_FILTER,
  direction: DEFAULT_DIRECTION_FILTER,
  sort: DEFAULT_SORT_ORDER,
  page: 1,
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

function readPage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

export function readRideListState(params: URLSearchParams): RideListState {
  return {
    tab: oneOf(HOME_TABS, params.get('tab'), DEFAULTS.tab),
    time: oneOf(TIME_FILTERS, params.get('time'), DEFAULTS.time),
    direction: oneOf(DIRECTION_FILTERS, params.get('direction'), DEFAULTS.direction),
    sort: oneOf(SORT_ORDERS, params.get('sort'), DEFAULTS.sort),
    page: readPage(params.get('page')),
  };
}

export function writeRideListState(params: URLSearchParams, changes: Partial<RideListState>): URLSearchParams {
  const current = readRideListState(params);
  const filterChanged = (['time', 'direction', 'sort'] as const).some(
    (key) => changes[key] !== undefined && changes[key] !== current[key],
  );
  const next: RideListState = { ...current, ...changes };
  if (filterChanged && changes.page === undefined) next.page = 1;

  const result = new URLSearchParams(params);
  for (const key of ['tab', 'time', 'direction', 'sort', 'page'] as const) {
    const value = next[key];
    if (value === DEFAULTS[key]) result.delete(key);
    else result.set(key, String(value));
  }
  return result;
}
