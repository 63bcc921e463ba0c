/**
 * The public-bus facts both guides quote (docs/product.md#travel-guide, docs/product.md#bus-guide, docs/product.md#costs-and-constants), kept in one
 * place so the two pages cannot disagree.
 */
export const CROSS_BORDER_BUSES = ['CW3', 'CW4', 'CW4S', 'CW6', 'CW7'] as const;

/** Where the cross-border buses start (and end) on the Singapore side. */
export const SINGAPORE_BOARDING_POINTS = [
  { place: 'Jurong East (Jurong Town Hall Bus Interchange)', buses: ['CW3', 'CW4', 'CW4S'] },
  { place: 'Boon Lay MRT', buses: ['CW6'] },
  { place: 'Kranji MRT', buses: ['CW7'] },
] as const;

/** The Tuas Second Link's two checkpoints, named the same everywhere (docs/product.md#bus-guide). */
export const SINGAPORE_CHECKPOINT = 'Tuas Checkpoint';
export const MALAYSIAN_CHECKPOINT = 'Sultan Abu Bakar CIQ';

/** FC1 leaves from the Malaysian checkpoint ({@link MALAYSIAN_CHECKPOINT}) during these hours. */
export const FC1_FROM_CIQ_HOURS = '6:00 AM to 8:30 PM';
export const FC1_FROM_FOREST_CITY_HOURS = '5:30 AM to 7:30 PM';
export const BUS_FARE_FROM_SINGAPORE = 'S$5';
export const BUS_FARE_FROM_FOREST_CITY = 'MYR 5';
/** Door to door by public bus, Singapore to Forest City. */
export const BUS_JOURNEY_HOURS = '1.5-2';
