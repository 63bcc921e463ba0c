import { describe, expect, it } from 'vitest';

import { apiPathKind, canonicalPath, canonicalUrl, decisionPath } from './request-path';

describe('canonicalUrl', () => {
  it.each([
    ['/api/stats', '/api/stats'],
    ['/', '/'],
    ['/%61pi/stats', '/api/stats'],
    ['/api/%73tats', '/api/stats'],
    ['/api/%7e%2d%5F%2E', '/api/~-_.'],
    ['//api//stats//', '/api/stats'],
    ['/api/./stats', '/api/stats'],
    ['/api/%2e/stats', '/api/stats'],
    ['/api/x/../stats', '/api/stats'],
    ['/api/x/%2E%2e/stats', '/api/stats'],
    ['/../../api/stats', '/api/stats'],
    ['/api/stats/..', '/api'],
    ['/api/rides/1%2f..%2f2', '/api/rides/1%2F..%2F2'],
    ['/api/rides/%20', '/api/rides/%20'],
    ['/api/rides/%zz', '/api/rides/%zz'],
    ['/api/stats#x', '/api/stats%23x'],
    ['/api/rides/?page=1&a=/../b//', '/api/rides?page=1&a=/../b//'],
    ['/api/rides?', '/api/rides?'],
    ['http://rides.example.com/%61pi/stats?x=1', '/api/stats?x=1'],
    ['HTTPS://rides.example.com', '/'],
    ['*', '*'],
  ])('%j → %j', (url, expected) => {
    expect(canonicalUrl(url)).toBe(expected);
  });

  it('is stable: a canonical URL is its own canonical form', () => {
    for (const url of ['/%61pi//x/../stats/?q=%61', '/API/Rides/12/', '/a/%2F/b']) {
      const once = canonicalUrl(url);
      expect(canonicalUrl(once)).toBe(once);
    }
  });
});

describe('what the guards compare', () => {
  it('is the path in lower case, without the query', () => {
    expect(decisionPath('/API/Stats?x=Y')).toBe('/api/stats');
  });

  it.each([
    ['/api', { rest: true, trpc: false }],
    ['/API/rides', { rest: true, trpc: false }],
    ['/Trpc/ride.list', { rest: false, trpc: true }],
    ['/apix', { rest: false, trpc: false }],
    ['/rides/12', { rest: false, trpc: false }],
  ])('%s is %j', (url, kind) => {
    expect(apiPathKind(url)).toEqual(kind);
  });

  it('canonicalPath drops empty segments', () => {
    expect(canonicalPath('///')).toBe('/');
  });
});
