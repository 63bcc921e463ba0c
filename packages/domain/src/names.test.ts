import { describe, expect, it } from 'vitest';

import { displayName, thumbSubjectName } from './names';

describe('displayName', () => {
  it('is the name, trimmed, else the Discord username, else nothing', () => {
    expect(displayName({ name: ' Mei Tan ', discordUsername: 'mei' })).toBe('Mei Tan');
    expect(displayName({ name: '   ', discordUsername: 'mei' })).toBe('mei');
    expect(displayName({ name: null, discordUsername: null })).toBeUndefined();
    expect(displayName(null)).toBeUndefined();
  });
});

describe('thumbSubjectName', () => {
  it("is a vendor's company, else the member's name, else the Discord username", () => {
    expect(thumbSubjectName({ companyName: ' Ace Cars ', name: 'Raj', discordUsername: 'raj' })).toBe('Ace Cars');
    expect(thumbSubjectName({ companyName: '  ', name: 'Raj Kumar', discordUsername: 'raj' })).toBe('Raj Kumar');
    expect(thumbSubjectName({ companyName: null, name: ' ', discordUsername: 'raj' })).toBe('raj');
  });
});
