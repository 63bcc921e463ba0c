/** Small text helpers the rules share (internal: not exported from the package). */

/** The first value that is not blank, trimmed; undefined when every value is blank or missing. */
export const firstFilled = (...values: (string | null | undefined)[]): string | undefined =>
  values.map((value) => value?.trim()).find((value): value is string => Boolean(value));
