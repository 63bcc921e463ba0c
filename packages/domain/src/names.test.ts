import { describe, expect, it } from 'vitest';

import { displayName } from './names';

describe('displayName', () => {
  it('is the name, trimmed, else the Discord username, else nothing', () => {
    expect(displayName({ name: ' Mei Tan ', discordUsername: 'mei' })).toBe('Mei Tan');
    expect(displayName({ name: '   ', discordUsername: 'mei' })).toBe('mei');
    expect(displayName({ name: null, discordUsername: null })).toBeUndefined();
    expect(displayName(null)).toBeUndefined();
  });
});
