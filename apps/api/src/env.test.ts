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

describe('the Sign in with Discord settings', () => {
  it('are off by default, with the Discord endpoints and password sign-up on', () => {
    const env = parseEnv({});
    expect(env.DISCORD_CLIENT_ID).toBeUndefined();
    expect(env.DISCORD_API_BASE).toBe('https://discord.com/api/v10');
    expect(env.DISCORD_AUTHORIZE_URL).toBe('https://discord.com/oauth2/authorize');
    expect(env.PASSWORD_SIGNUP).toBe(true);
    expect(parseEnv({ PASSWORD_SIGNUP: 'false' }).PASSWORD_SIGNUP).toBe(false);
  });

  it('refuse to start with the client id or the secret alone, naming the missing one', () => {
    expect(() => parseEnv({ DISCORD_CLIENT_ID: '123' })).toThrow(
      /DISCORD_CLIENT_SECRET: DISCORD_CLIENT_SECRET is missing/,
    );
    expect(() => parseEnv({ DISCORD_CLIENT_SECRET: 'shh' })).toThrow(/DISCORD_CLIENT_ID: DISCORD_CLIENT_ID is missing/);
    expect(parseEnv({ DISCORD_CLIENT_ID: '123', DISCORD_CLIENT_SECRET: 'shh' }).DISCORD_CLIENT_SECRET).toBe('shh');
  });

  it('refuse a server id that is not a Discord id, and drop a trailing slash from the API base', () => {
    expect(() => parseEnv({ DISCORD_GUILD_ID: 'community' })).toThrow(/DISCORD_GUILD_ID must be a Discord server id/);
    expect(parseEnv({ DISCORD_API_BASE: 'http://127.0.0.1:9999/api/' }).DISCORD_API_BASE).toBe(
      'http://127.0.0.1:9999/api',
    );
  });
});
