/**
 * Every refusal a rule can give, as a stable code plus a human message. The API maps each code to
 * an HTTP/tRPC status (a new code fails its typecheck until mapped); the web app shows the message.
 */
export const DOMAIN_ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'USERNAME_TAKEN',
  'RATE_LIMITED',
  'NOT_FOUND',
  'NOT_CREATOR',
  'VENDOR_ONLY',
  'VENDORS_CANNOT_CREATE',
  'NOT_ADMIN',
  'NOT_OWN_PROFILE',
  'WRONG_PASSWORD',
  'RIDE_FULL',
  'RIDE_PAST',
  'ALREADY_JOINED',
  'CREATOR_CANNOT_JOIN',
  'NOT_ELIGIBLE',
  'CANNOT_REMOVE_ORGANIZER',
  'NOT_PASSENGER_OF_RIDE',
  'NOT_ALLOWED_TO_REMOVE',
  'SEQUENCE_LOCKED',
  'SEQUENCE_NOT_SUPPORTED',
  'INVALID_SEQUENCE',
  'STOPS_ALREADY_ONE',
  'MAX_BELOW_TAKEN',
  'RIDE_HAS_PASSENGERS',
  'RIDE_NOT_OPEN',
  'ALREADY_ASSIGNED',
  'RIDE_CANCELLED',
  'RESET_CODE_INVALID',
  'SERVER_BUSY',
  'NOT_ASSIGNED_VENDOR',
  'RIDE_NOT_ASSIGNED',
  'UNASSIGN_TOO_LATE',
  'RIDE_NOT_DEPARTED',
  'ALREADY_WAITING',
  'NOT_WAITING',
  'SEATS_AVAILABLE',
  'NO_OFFER',
  'OFFER_EXPIRED',
  'LIVE_STREAM_ENDED',
  'VENDOR_NOT_APPROVED',
  'VENDOR_INCOMPLETE',
  'INVALID_VENDOR_TRANSITION',
  'PICKUP_NOT_ALLOWED',
  'PERMIT_EXPIRES',
  'VEHICLE_TOO_SMALL',
  'QUOTE_NOT_LIVE',
  'NOT_QUOTE_OWNER',
  'QUOTES_HIDDEN',
  'VENDOR_CANNOT_TAKE',
  'NOT_IN_PARTY',
  'CHECKLIST_ITEM_NOT_APPLICABLE',
  'CHECKLIST_NOT_OPEN',
  'ALERT_LIMIT_REACHED',
  'PRICE_NOT_LOCKED',
  'PAYMENT_CONFIRMED',
  'NOTHING_TO_REFUND',
  'NOTHING_TO_WAIVE',
  'AMOUNTS_UNCONFIRMED',
  'REJOIN_TOO_SOON',
  'SERIES_LIMIT_REACHED',
  'CHAT_CLOSED',
  'TRIP_STAGE_NOT_FORWARD',
  'OUTSIDE_TRIP_WINDOW',
  'UNDO_NOT_ALLOWED',
  'NOT_TRIP_CREW',
  'SHARE_LIMIT_REACHED',
  'CANNOT_RATE',
  'SUBJECT_NOT_IN_PARTY',
  'RIDE_NOT_COMPLETED',
  'RATING_CLOSED',
  'RIDE_KEPT',
  'TRIP_TOO_EARLY',
  'RIDE_CLOSED',
  'PASSWORD_SIGNUP_OFF',
  'DISCORD_CLAIM_REFUSED',
  'DISCORD_NOT_LINKED',
  'PASSWORD_REQUIRED',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

const CODE_SET: ReadonlySet<string> = new Set(DOMAIN_ERROR_CODES);

/**
 * Tells whether a string is one of the known domain error codes.
 *
 * @example isDomainErrorCode('RIDE_FULL') // true
 */
export function isDomainErrorCode(value: unknown): value is DomainErrorCode {
  return typeof value === 'string' && CODE_SET.has(value);
}

/**
 * A business rule said no: `code` says which rule (for status mapping and client logic), `message`
 * says it in words the user can read.
 *
 * @example throw new DomainError('RIDE_FULL', 'Ride is full');
 */
export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}

/**
 * What an id that names nothing answers, one text per kind of record: the same REST call or
 * procedure never answers two spellings, whichever path inside it found the record missing.
 */
export const NOT_FOUND_MESSAGES = {
  ride: 'Ride not found',
  user: 'User not found',
  passenger: 'Passenger not found',
  payment: 'No payment for that passenger on this ride',
  quote: 'Quote not found',
  series: 'Series not found',
  vendorApplication: 'Vendor application not found',
  driverContact: 'Driver contact not found',
  alert: 'Alert not found',
  message: 'Message not found',
  report: 'Report not found',
  calendarFeed: 'Calendar feed not found',
  thumb: 'Thumb not found',
  tripLink: 'This trip link does not exist or has ended',
} as const;

export type NotFoundKind = keyof typeof NOT_FOUND_MESSAGES;

/**
 * The NOT_FOUND refusal for a kind of record.
 *
 * @example throw notFound('ride'); // NOT_FOUND 'Ride not found'
 */
export function notFound(kind: NotFoundKind): DomainError {
  return new DomainError('NOT_FOUND', NOT_FOUND_MESSAGES[kind]);
}

/**
 * A RATE_LIMITED refusal that also says when to come back (seconds): answered 429 with a
 * Retry-After header, over tRPC and REST alike.
 *
 * @example throw new RateLimitedError('Too many attempts. Try again in 5 minutes.', 300);
 */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super('RATE_LIMITED', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Recognises a domain refusal, also one created by another copy of this package (bundlers can
 * duplicate modules, which breaks a bare `instanceof`).
 *
 * @example if (isDomainError(err)) showToast(err.message);
 */
export function isDomainError(error: unknown): error is DomainError {
  if (error instanceof DomainError) return true;
  if (!(error instanceof Error) || error.name !== 'DomainError') return false;
  return isDomainErrorCode((error as { code?: unknown }).code);
}
