/**
 * `asDirection(value)` and `isDirection(value)`: the API sends a ride's direction as plain text (the column is text); the
 * domain's wording helpers take the two-value `Direction`. The server only ever stores the two
 * values, so anything else is a programming error: it reads as the default direction rather than
 * crashing a screen.
 */
import { DEFAULT_DIRECTION, DIRECTIONS, type Direction } from '@rideshare/domain';

export function isDirection(value: unknown): value is Direction {
  return typeof value === 'string' && (DIRECTIONS as readonly string[]).includes(value);
}

export function asDirection(value: string): Direction {
  return isDirection(value) ? value : DEFAULT_DIRECTION;
}
