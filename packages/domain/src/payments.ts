/**
 * Money that settles (docs/payments.md): the price lock, the split of a ride's total into amounts
 * that add up to the cent, who still owes, and the PayNow proxy an organiser may give. Amounts are
 * whole cents (integers) here; only the edges show them as SGD with two decimals.
 */
/** Hours before departure at which the price locks, unless PRICE_LOCK_HOURS says otherwise. */
export const DEFAULT_PRICE_LOCK_HOURS = 48;
/** Riders still owing are reminded this many hours before departure (docs/payments.md#reminder). */
export const PAYMENT_REMINDER_HOURS = 24;

/** A payment row's status (docs/payments.md#status). */
export const PAYMENT_STATUSES = ['due', 'marked-paid', 'confirmed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a rider says they paid. */
export const PAYMENT_METHODS = ['paynow', 'revolut', 'duitnow', 'tng', 'cash', 'other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_MESSAGE = `Method must be one of ${PAYMENT_METHODS.join(', ')}`;
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paynow: 'PayNow',
  revolut: 'Revolut',
  duitnow: 'DuitNow',
  tng: "Touch 'n Go",
  cash: 'Cash',
  other: 'Other',
};

const HOUR_MS = 60 * 60 * 1000;

/**
 * Splits `totalCents` between parties in proportion to their `weights` (seats) by the largest
 * remainder: each gets the floor of its exact share, and the cents left over go one each to the
 * largest fractional parts (ties: the earlier party). The result sums exactly to the total and
 * no amount is negative (docs/payments.md#rounding).
 *
 * @example splitCents(10000, [1, 1, 1]) // [3334, 3333, 3333]
 * @example splitCents(8500, [2, 1]) // [5667, 2833]
 */
export function splitCents(totalCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError('total must be whole cents, not negative');
  if (weights.length === 0) return [];
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) {
    throw new RangeError('weights must be whole numbers, not negative');
  }
  const sum = weights.reduce((acc, weight) => acc + weight, 0);
  if (sum === 0) throw new RangeError('at least one weight must be positive');
  // Integer arithmetic only: quotient and remainder of total × weight ÷ sum.
  const shares = weights.map((weight, index) => ({
    index,
    floor: Math.floor((totalCents * weight) / sum),
    remainder: (totalCents * weight) % sum,
  }));
  let left = totalCents - shares.reduce((acc, share) => acc + share.floor, 0);
  const amounts = shares.map((share) => share.floor);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const share of byRemainder) {
    if (left === 0) break;
    amounts[share.index] = (amounts[share.index] ?? 0) + 1;
    left -= 1;
  }
  return amounts;
}

/** Whole SGD (or a fractional SGD figure) as cents. @example toCents(12.3) // 1230 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Cents as the amount text EMVCo and CSV use: two decimals, no currency. @example centsText(1234) // '12.34' */
export function centsText(cents: number): string {
  const whole = Math.floor(cents / 100);
  return `${String(whole)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Cents as the product shows money. @example formatCents(1234) // 'SGD 12.34' */
export function formatCents(cents: number): string {
  return `SGD ${centsText(cents)}`;
}

/** When a ride's price locks: PRICE_LOCK_HOURS before its departure. */
export function priceLockAt(departure: Date, lockHours: number): Date {
  return new Date(departure.getTime() - lockHours * HOUR_MS);
}

/**
 * Whether a ride's price is due to lock at `now`: the window has opened and the ride has not left
 * (a ride that departed unlocked, say from before payments existed, is left alone).
 */
export function isPriceLockDue(departure: Date, lockHours: number, now: Date): boolean {
  return now.getTime() >= priceLockAt(departure, lockHours).getTime() && now.getTime() < departure.getTime();
}

/** The departure's Singapore date as 'YYYYMMDD': the day a PayNow code stops working. */
export function paynowExpiryOf(departure: Date): string {
  return new Date(departure.getTime() + 8 * HOUR_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Whether the day-before reminder is due at `now`: within PAYMENT_REMINDER_HOURS, before departure. */
export function isPaymentReminderDue(departure: Date, now: Date): boolean {
  const left = departure.getTime() - now.getTime();
  return left > 0 && left <= PAYMENT_REMINDER_HOURS * HOUR_MS;
}

/** How many more passengers a ride needs to go (0 once reached, or with no minimum). */
export function passengersStillNeeded(ride: { minPassengers: number | null; currentPassengers: number }): number {
  if (ride.minPassengers === null) return 0;
  return Math.max(ride.minPassengers - ride.currentPassengers, 0);
}

export const MIN_PASSENGERS_MESSAGE = 'Minimum passengers must be a whole number from 1 to the maximum passengers';

/** A PayNow proxy: a Singapore mobile number ('+6591234567') or a UEN ('201912345K'). */
export type PaynowProxy = { type: 'mobile' | 'uen'; value: string };

export const PAYNOW_PROXY_MESSAGE =
  'PayNow proxy must be a Singapore mobile number (+65 8xxxxxxx or 9xxxxxxx) or a UEN (e.g. 201912345K)';

// UENs: businesses (8 digits + letter), local companies (year + 5 digits + letter), other entities
// (T/S/R + 2 digits + 2-letter type + 4 digits + letter).
const UEN_PATTERNS = [/^\d{8}[A-Z]$/, /^(19|20)\d{2}\d{5}[A-Z]$/, /^[TSR]\d{2}[A-Z]{2}\d{4}[A-Z]$/];

/**
 * Reads what an organiser typed as a PayNow proxy (docs/payments.md#paynow): a Singapore mobile
 * (8 digits starting 8 or 9, with or without +65, spaces and dashes ignored) comes out as
 * '+65XXXXXXXX'; a UEN in capitals. Anything else is null.
 *
 * @example parsePaynowProxy('+65 9123 4567') // { type: 'mobile', value: '+6591234567' }
 * @example parsePaynowProxy('201912345k') // { type: 'uen', value: '201912345K' }
 */
export function parsePaynowProxy(text: string): PaynowProxy | null {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  const mobile = /^(?:\+?65)?([89]\d{7})$/.exec(compact);
  if (mobile) return { type: 'mobile', value: `+65${mobile[1] ?? ''}` };
  if (UEN_PATTERNS.some((pattern) => pattern.test(compact))) return { type: 'uen', value: compact };
  return null;
}

/**
 * The organiser's Revolut.Me link for an amount (docs/payments.md#revolut): the page opens with the
 * amount (in cents, as Revolut reads it) and SGD filled in.
 */
export function revolutLink(username: string, cents: number): string {
  const handle = encodeURIComponent(username.trim().replace(/^@/, ''));
  return `https://revolut.me/${handle}?amount=${String(cents)}&currency=SGD`;
}
