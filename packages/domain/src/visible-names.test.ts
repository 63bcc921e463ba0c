import { describe, expect, it } from 'vitest';

import { isVisibleName, registerInput, profileUpdateInput } from './index';

describe('isVisibleName', () => {
  it.each(['Ali Tan', '李小龍', 'Zoë', 'O\u2019Brien', 'Acme 2', '7'])('accepts %s', (name) => {
    expect(isVisibleName(name)).toBe(true);
  });

  it.each([
    ['a word joiner', 'Ali\u2060ce'],
    ['a soft hyphen', 'Ali\u00adce'],
    ['the Hangul filler', '\u3164'],
    ['the half-width Hangul filler', 'Bob\uffa0'],
    ['the Braille blank', '\u2800'],
    ['a tag character', 'Bob\u{E0041}'],
    ['a private-use character', 'Bob\ue000'],
    ['a lone surrogate', 'Bob\ud800'],
    ['a variation selector', 'Bob\ufe0f'],
    ['a zero-width joiner', 'Bo\u200db'],
    ['punctuation alone', '...'],
  ])('refuses %s', (_label, name) => {
    expect(isVisibleName(name)).toBe(false);
  });
});

describe('name fields', () => {
  it('normalise to NFKC and refuse invisible names with the field named', () => {
    const patched = profileUpdateInput.safeParse({ name: 'Ａｌｉ' });
    expect(patched.success && patched.data.name).toBe('Ali');
    const hidden = profileUpdateInput.safeParse({ name: 'Ali\u2060ce' });
    expect(hidden.success).toBe(false);
    expect(hidden.error?.issues[0]?.message).toBe(
      'Name must be visible letters or digits: invisible or blank characters are not allowed',
    );
    const company = profileUpdateInput.safeParse({ companyName: '\u3164\u3164' });
    expect(company.success).toBe(false);
    expect(
      registerInput.safeParse({ discordUsername: 'ali.tan', password: 'long enough pw 1', name: '\u2800' }).success,
    ).toBe(false);
  });
});
