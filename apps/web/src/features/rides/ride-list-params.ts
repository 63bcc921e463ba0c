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
import { MAX_SEARCH_LENGTH, rideListFiltersInput, type RideListFilters } from '@rideshare/domain';

export const HOME_TABS = ['all-rides', 'my-rides'] as const;
export type HomeTab = (typeof HOME_TABS)[number];
const DEFAULT_HOME_TAB: HomeTab = 'all-rides';

/** The list's filters and search words (docs/product.md#search), as the list procedure reads them. */
export type RideListFilterValues = RideListFilters;

export interface RideListState extends RideListFilterValues {
  tab: HomeTab;
  page: number;
}

/** The list procedure's own schema (the domain's): its fields read the address, its defaults are ours. */
const filterFields = rideListFiltersInput.unwrap().shape;
const FILTER_DEFAULTS = rideListFiltersInput.parse(undefined);
const DEFAULTS: RideListState = { tab: DEFAULT_HOME_TAB, ...FILTER_DEFAULTS, page: 1 };

/** A search as the address keeps it: trimmed, and no longer than the list takes. */
function readSearch(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_SEARCH_LENGTH);
}

function oneOf<T extends string>(allowed: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A filter's value from the address as the schema reads it; anything it refuses is the default. */
function filterOf<K extends 'time' | 'direction' | 'sort'>(key: K, value: string | null): RideListFilters[K] {
  const read = filterFields[key].safeParse(value ?? undefined);
  return read.success ? (read.data as RideListFilters[K]) : FILTER_DEFAULTS[key];
}

function readPage(value: string | null): number {
  if (value === null || !/^\d{1,6}$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 ? page : 1;
}

export function readRideListState(params: URLSearchParams): RideListState {
  return {
    tab: oneOf(HOME_TABS, params.get('tab'), DEFAULTS.tab),
    time: filterOf('time', params.get('time')),
    direction: filterOf('direction', params.get('direction')),
    sort: filterOf('sort', params.get('sort')),
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
    Number(filters.time !== FILTER_DEFAULTS.time) +
    Number(filters.direction !== FILTER_DEFAULTS.direction) +
    Number(filters.sort !== FILTER_DEFAULTS.sort)
  );
}
