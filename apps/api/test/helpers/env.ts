import { parseEnv, type Env } from '../../src/env';

/** The Discord username the tests give their administrator (granted with `isAdmin: true`). */
export const TEST_ADMIN_USERNAME = 'rideshare_admin';

/**
 * Request rate limits high enough for files that register and sign in many users from one address
 * (127.0.0.1) against one app. The sign-in throttle keeps its real defaults; the tests of the limits
 * themselves pass small values.
 */
export const GENEROUS_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_MAX: '1000000',
  RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
  RATE_LIMIT_RIDE_CREATE_PER_HOUR: '1000000',
  RATE_LIMIT_JOIN_PER_HOUR: '1000000',
  RATE_LIMIT_ASSIGN_PER_HOUR: '1000000',
  RATE_LIMIT_QUOTE_PER_HOUR: '1000000',
  RATE_LIMIT_RIDE_EDIT_PER_HOUR: '1000000',
  RATE_LIMIT_SEQUENCE_PER_HOUR: '1000000',
  RATE_LIMIT_CANCEL_PER_HOUR: '1000000',
  RATE_LIMIT_MARK_READ_PER_HOUR: '1000000',
  RATE_LIMIT_PAYMENT_PER_HOUR: '1000000',
  RATE_LIMIT_REPORT_PER_HOUR: '1000000',
  RATE_LIMIT_TRIP_PER_HOUR: '1000000',
};

/** A valid test configuration; cheap argon2 cost keeps the suite fast (production uses the default). */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'silent',
    ...GENEROUS_RATE_LIMITS,
    ...overrides,
  });
}
