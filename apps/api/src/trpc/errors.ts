import { DomainError, isDomainError, type DomainErrorCode } from '@rideshare/domain';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { z, type ZodError } from 'zod';

/**
 * Every domain refusal maps to one tRPC code (and so one HTTP status). Declared with `satisfies`
 * so a new domain code fails the typecheck until it is mapped here.
 */
const domainErrorStatus = {
  VALIDATION_FAILED: 'BAD_REQUEST',
  UNAUTHENTICATED: 'UNAUTHORIZED',
  INVALID_CREDENTIALS: 'UNAUTHORIZED',
  USERNAME_TAKEN: 'CONFLICT',
  RATE_LIMITED: 'TOO_MANY_REQUESTS',
  NOT_FOUND: 'NOT_FOUND',
  NOT_CREATOR: 'FORBIDDEN',
  VENDOR_ONLY: 'FORBIDDEN',
  VENDORS_CANNOT_CREATE: 'FORBIDDEN',
  NOT_ADMIN: 'FORBIDDEN',
  NOT_OWN_PROFILE: 'FORBIDDEN',
  WRONG_PASSWORD: 'BAD_REQUEST',
  RIDE_FULL: 'CONFLICT',
  RIDE_PAST: 'CONFLICT',
  ALREADY_JOINED: 'CONFLICT',
  CREATOR_CANNOT_JOIN: 'FORBIDDEN',
  NOT_ELIGIBLE: 'FORBIDDEN',
  CANNOT_REMOVE_ORGANIZER: 'FORBIDDEN',
  NOT_PASSENGER_OF_RIDE: 'NOT_FOUND',
  NOT_ALLOWED_TO_REMOVE: 'FORBIDDEN',
  SEQUENCE_LOCKED: 'CONFLICT',
  SEQUENCE_NOT_SUPPORTED: 'BAD_REQUEST',
  INVALID_SEQUENCE: 'BAD_REQUEST',
  STOPS_ALREADY_ONE: 'CONFLICT',
  MAX_BELOW_TAKEN: 'CONFLICT',
  RIDE_HAS_PASSENGERS: 'CONFLICT',
  RIDE_NOT_OPEN: 'CONFLICT',
  ALREADY_ASSIGNED: 'CONFLICT',
  RIDE_CANCELLED: 'CONFLICT',
  RESET_CODE_INVALID: 'BAD_REQUEST',
  // The argon2 line is full: a deliberate 503 with Retry-After, not a crash.
  SERVER_BUSY: 'SERVICE_UNAVAILABLE',
  NOT_ASSIGNED_VENDOR: 'FORBIDDEN',
  RIDE_NOT_ASSIGNED: 'CONFLICT',
  UNASSIGN_TOO_LATE: 'CONFLICT',
  RIDE_NOT_DEPARTED: 'CONFLICT',
  ALREADY_WAITING: 'CONFLICT',
  NOT_WAITING: 'NOT_FOUND',
  SEATS_AVAILABLE: 'CONFLICT',
  NO_OFFER: 'CONFLICT',
  OFFER_EXPIRED: 'CONFLICT',
  // The server ended a live event stream (shutdown, or a client too slow to keep up): a 503-coded
  // end that tRPC's subscription link treats as "reconnect", not as a failure.
  LIVE_STREAM_ENDED: 'SERVICE_UNAVAILABLE',
  VENDOR_NOT_APPROVED: 'FORBIDDEN',
  VENDOR_INCOMPLETE: 'CONFLICT',
  INVALID_VENDOR_TRANSITION: 'CONFLICT',
  PICKUP_NOT_ALLOWED: 'CONFLICT',
  PERMIT_EXPIRES: 'CONFLICT',
  VEHICLE_TOO_SMALL: 'CONFLICT',
  QUOTE_NOT_LIVE: 'CONFLICT',
  NOT_QUOTE_OWNER: 'FORBIDDEN',
  QUOTES_HIDDEN: 'FORBIDDEN',
  VENDOR_CANNOT_TAKE: 'CONFLICT',
  NOT_IN_PARTY: 'FORBIDDEN',
  CHECKLIST_ITEM_NOT_APPLICABLE: 'BAD_REQUEST',
  CHECKLIST_NOT_OPEN: 'CONFLICT',
  ALERT_LIMIT_REACHED: 'CONFLICT',
  REJOIN_TOO_SOON: 'CONFLICT',
  SERIES_LIMIT_REACHED: 'CONFLICT',
  PRICE_NOT_LOCKED: 'CONFLICT',
  PAYMENT_CONFIRMED: 'CONFLICT',
  NOTHING_TO_REFUND: 'CONFLICT',
  NOTHING_TO_WAIVE: 'CONFLICT',
  AMOUNTS_UNCONFIRMED: 'CONFLICT',
  CHAT_CLOSED: 'CONFLICT',
  TRIP_STAGE_NOT_FORWARD: 'CONFLICT',
  OUTSIDE_TRIP_WINDOW: 'CONFLICT',
  UNDO_NOT_ALLOWED: 'CONFLICT',
  NOT_TRIP_CREW: 'FORBIDDEN',
  SHARE_LIMIT_REACHED: 'CONFLICT',
  CANNOT_RATE: 'FORBIDDEN',
  SUBJECT_NOT_IN_PARTY: 'BAD_REQUEST',
  RIDE_NOT_COMPLETED: 'CONFLICT',
  RATING_CLOSED: 'CONFLICT',
  RIDE_KEPT: 'CONFLICT',
  TRIP_TOO_EARLY: 'CONFLICT',
  RIDE_CLOSED: 'CONFLICT',
  PASSWORD_SIGNUP_OFF: 'FORBIDDEN',
  DISCORD_CLAIM_REFUSED: 'CONFLICT',
  DISCORD_NOT_LINKED: 'CONFLICT',
  PASSWORD_REQUIRED: 'CONFLICT',
} as const satisfies Record<DomainErrorCode, TRPC_ERROR_CODE_KEY>;

/**
 * The Retry-After seconds an error's cause carries (a rate limit, or a full password queue), or
 * null when it carries none.
 */
export function retryAfterOf(error: TRPCError): number | null {
  const cause: unknown = error.cause;
  if (typeof cause !== 'object' || cause === null || !('retryAfterSeconds' in cause)) return null;
  const seconds = cause.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(1, Math.ceil(seconds)) : null;
}

export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: domainErrorStatus[error.code], message: error.message, cause: error });
}

/** How long a caller refused for a busy database is told to wait. */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Every database connection stayed in use for the pool's whole wait (the embedded engine has one):
 * the server is overloaded, not broken. A SERVER_BUSY refusal (503 with Retry-After), so the
 * client backs off and tries again, instead of a 500 (docs/operations.md#overload).
 */
export class DatabaseBusyError extends DomainError {
  readonly retryAfterSeconds = DATABASE_BUSY_RETRY_AFTER_SECONDS;

  constructor() {
    super('SERVER_BUSY', 'The server is busy. Please try again in a moment.');
  }
}

/** pg-pool's failure when no connection came free within `connectionTimeoutMillis`. */
const POOL_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

/** The refusal to answer for an error that only means "the database is saturated", else null. */
export function busyRefusal(error: unknown): DatabaseBusyError | null {
  return error instanceof Error && error.message === POOL_TIMEOUT_MESSAGE ? new DatabaseBusyError() : null;
}

/** What a client reads when the server failed; the real error is logged under the request id. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/**
 * Whether an error is the server's own failure (a database outage, a bug) rather than a refusal:
 * a 5xx status with no domain error behind it. Its message may carry internals (a database
 * address, SQL, a file path), so clients get {@link INTERNAL_ERROR_MESSAGE} and the request id,
 * over tRPC and REST alike, and the log gets the cause. A deliberate 5xx refusal with a message
 * people should read is a DomainError mapped above.
 */
export function isInternalError(error: TRPCError): boolean {
  return getHTTPStatusCodeFromError(error) >= 500 && !isDomainError(error.cause);
}

/**
 * What a person reads for input a schema refused, over tRPC and REST alike: the first issue's
 * message (the domain's schemas order their checks as the spec does) and every field's issues.
 */
export function describeInvalidInput(error: ZodError): {
  message: string;
  fieldErrors: Record<string, string[] | undefined>;
} {
  return { message: error.issues[0]?.message ?? 'Invalid input', fieldErrors: z.flattenError(error).fieldErrors };
}
