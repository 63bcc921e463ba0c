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

/** The longest search the ride list takes (docs/product.md#search). */
export const MAX_SEARCH_LENGTH = 100;
/** At most this many words of a search count; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;
export const SEARCH_TOO_LONG_MESSAGE = `Search must be at most ${MAX_SEARCH_LENGTH} characters`;

/**
 * The words of a ride-list search (docs/product.md#search): split on spaces and commas, each one
 * lower case; a ride matches when every word appears in its places, its organiser's name or its
 * date in words. Empty when the search is blank.
 *
 * @example searchWords('  Clementi, FRIDAY ') // ['clementi', 'friday']
 */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[\s,]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}
