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

describe('the Discord webhook settings', () => {
  const production = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'production-session-secret-0123456789abcdef',
    PUBLIC_URL: 'https://rides.example.com',
  };

  it('are off unset, and take Discord webhook URLs on either host', () => {
    expect(parseEnv(production).DISCORD_WEBHOOK_URL).toBeUndefined();
    const env = parseEnv({
      ...production,
      DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/123/abc-DEF_9',
      DISCORD_WEBHOOK_URL_FC_SG: 'https://discordapp.com/api/webhooks/456/token',
    });
    expect(env.DISCORD_WEBHOOK_URL).toBe('https://discord.com/api/webhooks/123/abc-DEF_9');
    expect(env.DISCORD_EDIT_DELAY_SECONDS).toBe(10);
  });

  it.each([
    ['DISCORD_WEBHOOK_URL', 'https://evil.example.com/api/webhooks/1/x'],
    ['DISCORD_WEBHOOK_URL', 'http://discord.com/api/webhooks/1/x'],
    ['DISCORD_WEBHOOK_URL_SG_FC', 'https://discord.com.evil.example/api/webhooks/1/x'],
    ['DISCORD_WEBHOOK_URL_FC_SG', 'http://127.0.0.1:9000/api/webhooks/1/x'],
  ])('%s=%s stops a production start, naming the setting', (name, value) => {
    expect(() => parseEnv({ ...production, [name]: value })).toThrow(`${name}: must be a Discord webhook URL`);
  });

  it('accept a loopback fake only with DISCORD_WEBHOOK_ALLOW_LOOPBACK=true, and still nothing else', () => {
    const fake = 'http://127.0.0.1:9000/api/webhooks/1/x';
    expect(
      parseEnv({ ...production, DISCORD_WEBHOOK_ALLOW_LOOPBACK: 'true', DISCORD_WEBHOOK_URL: fake }),
    ).toMatchObject({ DISCORD_WEBHOOK_URL: fake });
    expect(() =>
      parseEnv({
        ...production,
        DISCORD_WEBHOOK_ALLOW_LOOPBACK: 'true',
        DISCORD_WEBHOOK_URL: 'http://10.0.0.5:9000/api/webhooks/1/x',
      }),
    ).toThrow('DISCORD_WEBHOOK_URL: must be a Discord webhook URL');
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
