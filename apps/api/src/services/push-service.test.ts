import { isDomainError } from '@rideshare/domain';
import { describe, expect, it } from 'vitest';

import { checkPushEndpoint } from './push-service';

function refusal(endpoint: string, allowLoopback = false): string | null {
  try {
    checkPushEndpoint(endpoint, allowLoopback);
    return null;
  } catch (error) {
    if (isDomainError(error)) return error.message;
    throw error;
  }
}

describe('checkPushEndpoint', () => {
  it('accepts a push service over https', () => {
    expect(refusal('https://fcm.googleapis.com/fcm/send/abc')).toBeNull();
    expect(refusal('https://updates.push.services.mozilla.com/wpush/v2/x')).toBeNull();
  });

  it('refuses plain http, and loopback http unless the test setting allows it', () => {
    expect(refusal('http://push.example.com/x')).toMatch(/https/);
    expect(refusal('http://127.0.0.1:9000/x')).toMatch(/https/);
    expect(refusal('http://127.0.0.1:9000/x', true)).toBeNull();
    expect(refusal('http://localhost:9000/x', true)).toBeNull();
    expect(refusal('http://push.example.com/x', true)).toMatch(/https/);
  });

  it.each([
    'https://127.0.0.1/x',
    'https://localhost/x',
    'https://10.0.0.8/x',
    'https://192.168.1.2/x',
    'https://172.20.0.1/x',
    'https://169.254.169.254/x',
    'https://[::1]/x',
    'https://[fd00::1]/x',
  ])('refuses %s (this machine or a private network)', (endpoint) => {
    expect(refusal(endpoint)).toMatch(/internet/);
  });
});
