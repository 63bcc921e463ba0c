import { isDomainError } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import {
  checkPushEndpoint,
  DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES,
  isPublicAddress,
  pushConnectionLookup,
  RefusedPushAddressError,
} from './endpoint-policy';

const policy = { allowedHostSuffixes: DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES, allowLoopback: false };

function refusal(endpoint: string, allowLoopback = false): string | null {
  try {
    checkPushEndpoint(endpoint, { ...policy, allowLoopback });
    return null;
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
}

describe('checkPushEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/x',
    'https://wns2-par02p.notify.windows.com/w/?token=x',
    'https://web.push.apple.com/QO-x',
    'https://fcm.googleapis.com:443/fcm/send/abc',
  ])('accepts %s', (endpoint) => {
    expect(refusal(endpoint)).toBeNull();
  });

  it('refuses plain http, and loopback http unless the test setting allows it', () => {
    expect(refusal('http://fcm.googleapis.com/x')).toMatch(/https/);
    expect(refusal('http://127.0.0.1:9000/x')).toMatch(/https/);
    expect(refusal('http://127.0.0.1:9000/x', true)).toBeNull();
    expect(refusal('http://localhost:9000/x', true)).toBeNull();
    expect(refusal('http://push.example.com/x', true)).toMatch(/https/);
  });

  it.each([
    ['https://user:pw@fcm.googleapis.com/x', /user name or password/],
    ['https://user@fcm.googleapis.com/x', /user name or password/],
    ['https://fcm.googleapis.com:4499/x', /443/],
    ['https://localhost.:4499/x', /443/],
    ['https://localhost./x', /internet/],
    ['https://push.localhost/x', /internet/],
    ['https://127.0.0.1/x', /internet/],
    ['https://[::1]/x', /internet/],
    ['https://100.64.0.1/x', /internet/],
    ['https://metadata.google.internal/x', /known push service/],
    ['https://fcm.googleapis.com.evil.example/x', /known push service/],
    ['https://notfcm.googleapis.com.example/x', /known push service/],
    ['https://xfcm.googleapis.com/x', /known push service/],
  ])('refuses %s', (endpoint, message) => {
    expect(refusal(endpoint)).toMatch(message);
  });
});

describe('isPublicAddress', () => {
  it.each(['142.250.4.95', '17.253.144.10', '2a00:1450:4001:80b::200a'])('%s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    '127.0.0.1',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '198.18.0.1',
    '198.19.255.255',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '::1',
    '::',
    '::ffff:8.8.8.8',
    '::ffff:127.0.0.1',
    '64:ff9b::808:808',
    'fc00::1',
    'fd12::1',
    'fe80::1',
    'ff02::1',
    '2001:db8::1',
    'not an address',
  ])('%s is not', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('pushConnectionLookup', () => {
  const lookupWith = (addresses: string[], allowLoopback = false) =>
    new Promise<{ error: Error | null; address: unknown }>((resolve) => {
      const lookup = pushConnectionLookup(allowLoopback, (_name, callback) => {
        callback(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        );
      });
      lookup('push.example.test', { all: false }, (error, address) => {
        resolve({ error, address });
      });
    });

  it('answers a public address', async () => {
    expect(await lookupWith(['142.250.4.95'])).toEqual({ error: null, address: '142.250.4.95' });
  });

  it('refuses the whole answer when any address in it is not public', async () => {
    const { error } = await lookupWith(['142.250.4.95', '127.0.0.1']);
    expect(error).toBeInstanceOf(RefusedPushAddressError);
    expect(error?.message).toMatch(/127\.0\.0\.1/);
  });

  it('lets loopback through only with the test setting', async () => {
    expect((await lookupWith(['127.0.0.1'])).error).toBeInstanceOf(RefusedPushAddressError);
    expect((await lookupWith(['127.0.0.1'], true)).error).toBeNull();
  });
});
