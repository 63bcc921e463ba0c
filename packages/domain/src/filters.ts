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
