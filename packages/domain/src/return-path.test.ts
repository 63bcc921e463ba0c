import { describe, expect, it } from 'vitest';

import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it.each([
    ['/rides/12', '/rides/12'],
    ['/rides/12?tab=passengers', '/rides/12?tab=passengers'],
    ['/rides/12/join#form', '/rides/12/join#form'],
    ['/home', '/home'],
    ['/', '/'],
  ])('keeps the same-site path %s', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['a protocol-relative URL', '//evil.example/rides'],
    ['a backslash trick', '/\\evil.example'],
    ['a backslash later on', '/rides\\..\\x'],
    ['an absolute URL', 'https://evil.example/rides/1'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path', 'rides/12'],
    ['a tab inside (browsers strip it: "/\\t/evil" is "//evil")', '/\t/evil.example'],
    ['a line break', '/rides/1\nSet-Cookie: x'],
    ['the login page itself', '/auth'],
    ['the login page with a query', '/auth?next=/home'],
    ['an empty text', ''],
    ['a number', 12],
    ['null', null],
    ['an object', { pathname: '/rides/1' }],
    ['a very long text', `/${'a'.repeat(3000)}`],
  ])('refuses %s, answering the fallback', (_label, value) => {
    expect(safeReturnPath(value)).toBe('/');
    expect(safeReturnPath(value, '/home')).toBe('/home');
  });

  it('keeps dot segments and encoded slashes: they still resolve on this site', () => {
    expect(safeReturnPath('/rides/../profile')).toBe('/rides/../profile');
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});
