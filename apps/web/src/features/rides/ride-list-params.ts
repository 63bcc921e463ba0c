/**
 * The rides list's state lives in the address (`/home?tab=my-rides&time=all&page=2`), so Back,
 * reload and shared links keep the same view. Unknown or malformed values fall back to the
 * defaults (Upcoming, all directions, earliest first, no search, page 1, All Rides tab); defaults are left
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
  MAX_SEARCH_LENGTH,
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
  /** The search box's words (docs/product.md#search); '' when nothing is searched. */
  q: string;
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
  q: '',
  page: 1,
};

/** A search as the address keeps it: trimmed, and no longer than the list takes. */
function readSearch(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
}

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
    q: readSearch(params.get('q')),
    page: readPage(params.get('page')),
  };
}

export function writeRideListState(params: URLSearchParams, changes: Partial<RideListState>): URLSearchParams {
  const current = readRideListState(params);
  const wanted = changes.q === undefined ? changes : { ...changes, q: readSearch(changes.q) };
  const filterChanged = (['time', 'direction', 'sort', 'q'] as const).some(
    (key) => wanted[key] !== undefined && wanted[key] !== current[key],
  );
  const next: RideListState = { ...current, ...wanted };
  if (filterChanged && wanted.page === undefined) next.page = 1;

  const result = new URLSearchParams(params);
  for (const key of ['tab', 'time', 'direction', 'sort', 'q', 'page'] as const) {
    const value = next[key];
    if (value === DEFAULTS[key]) result.delete(key);
    else result.set(key, String(value));
  }
  return result;
}

/** How many filters differ from their defaults: the phone's "Filters (2)" button counts them. */
export function activeFilterCount(filters: Omit<RideListFilterValues, 'q'>): number {
  return (
    Number(filters.time !== DEFAULT_TIME_FILTER) +
    Number(filters.direction !== DEFAULT_DIRECTION_FILTER) +
    Number(filters.sort !== DEFAULT_SORT_ORDER)
  );
}
