/**
 * Reads a count typed into a field or found in stored data: numbers and numeric text count,
 * fractions drop their decimals; empty, missing or non-numeric values give NaN.
 */
function readCount(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : Number.NaN;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value.trim());
    return Number.isFinite(parsed) ? Math.trunc(parsed) : Number.NaN;
  }
  return Number.NaN;
}

/**
 * The "Number of Passengers at Your Location" field rule: a whole number from 1 up to the ride's
 * current maximum. Empty, invalid or below 1 becomes 1; above the maximum becomes the maximum.
 * (When the maximum itself is below 1, the result is still 1.)
 *
 * @example clampPassengerCount('7', 5) // 5
 * @example clampPassengerCount('', 5) // 1
 */
export function clampPassengerCount(value: unknown, max: number): number {
  const count = readCount(value);
  if (Number.isNaN(count) || count < 1) return 1;
  const ceiling = Number.isFinite(max) ? Math.floor(max) : count;
  return Math.max(1, Math.min(count, ceiling));
}

/**
 * A passenger count read back from a saved ride (for example to pre-fill the edit form): missing or
 * non-numeric becomes 1, anything numeric becomes a whole number.
 *
 * @example passengerCountAtLoad(undefined) // 1
 * @example passengerCountAtLoad('3') // 3
 */
export function passengerCountAtLoad(value: unknown): number {
  const count = readCount(value);
  return Number.isNaN(count) ? 1 : count;
}
