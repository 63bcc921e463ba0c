import { describe, expect, it } from 'vitest';

import { discordRefusalSentence, discordStandInName, DISCORD_REFUSALS, unverifiedName } from './discord-sign-in';

describe('discordRefusalSentence', () => {
  it('answers the fixed sentence for a known key', () => {
    expect(discordRefusalSentence('member')).toBe(DISCORD_REFUSALS.member);
    expect(discordRefusalSentence('state')).toBe(DISCORD_REFUSALS.state);
  });

  it('never echoes anything else, including inherited keys', () => {
    expect(discordRefusalSentence('<b>Your account is closed</b>')).toBeNull();
    expect(discordRefusalSentence('toString')).toBeNull();
    expect(discordRefusalSentence(undefined)).toBeNull();
    expect(discordRefusalSentence(['member'])).toBeNull();
  });
});

describe('names', () => {
  it('renames a claimed holder with its id', () => {
    expect(unverifiedName('alice', 12)).toBe('alice-unverified-12');
  });

  it('gives a stand-in name, numbered past the first', () => {
    expect(discordStandInName('alice', 1)).toBe('alice-discord');
    expect(discordStandInName('alice', 2)).toBe('alice-discord-2');
  });
});
