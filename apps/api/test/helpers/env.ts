import { parseEnv, type Env } from '../../src/env';

export const TEST_ADMIN_USERNAME = 'rideshare_admin';

/** A valid test configuration; cheap argon2 cost keeps the suite fast (production uses the default). */
export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789',
    ADMIN_DISCORD_USERNAME: TEST_ADMIN_USERNAME,
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}
