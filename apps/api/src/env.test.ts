import { describe, expect, it } from 'vitest';

import { parseEnv } from './env';

describe('the ride chat settings', () => {
  it('default to 20 messages a minute and 30 days of retention', () => {
    const env = parseEnv({});
    expect(env.MESSAGES_PER_MINUTE).toBe(20);
    expect(env.MESSAGE_RETENTION_DAYS).toBe(30);
    expect(parseEnv({ MESSAGES_PER_MINUTE: '5', MESSAGE_RETENTION_DAYS: '7' })).toMatchObject({
      MESSAGES_PER_MINUTE: 5,
      MESSAGE_RETENTION_DAYS: 7,
    });
  });

  it.each([
    ['MESSAGES_PER_MINUTE', '0', 'MESSAGES_PER_MINUTE must be a whole number from 1 to 1000'],
    ['MESSAGES_PER_MINUTE', 'many', 'MESSAGES_PER_MINUTE must be a whole number from 1 to 1000'],
    ['MESSAGE_RETENTION_DAYS', '1.5', 'MESSAGE_RETENTION_DAYS must be a whole number of days from 1 to 3650'],
    ['PRICE_LOCK_HOURS', '721', 'PRICE_LOCK_HOURS must be a whole number of hours from 1 to 720'],
  ])('%s=%s stops the start with a message naming it', (name, value, message) => {
    expect(() => parseEnv({ [name]: value })).toThrow(message);
  });
});
