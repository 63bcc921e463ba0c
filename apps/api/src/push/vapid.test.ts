import { describe, expect, it } from 'vitest';

import { parseEnv } from '../env';
import { vapidSubject } from './vapid';

const PUBLIC_KEY = `B${'A'.repeat(86)}`;
const PRIVATE_KEY = 'A'.repeat(43);

describe('VAPID settings', () => {
  it('takes both keys or neither', () => {
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY.*set together/);
    expect(() => parseEnv({ VAPID_PRIVATE_KEY: PRIVATE_KEY })).toThrow(/VAPID_PUBLIC_KEY.*set together/);
    expect(parseEnv({ VAPID_PUBLIC_KEY: PUBLIC_KEY, VAPID_PRIVATE_KEY: PRIVATE_KEY }).VAPID_PUBLIC_KEY).toBe(
      PUBLIC_KEY,
    );
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: PRIVATE_KEY })).toThrow(/VAPID_PUBLIC_KEY/);
  });

  it('names the operator by VAPID_SUBJECT, else an https PUBLIC_URL, else a stand-in', () => {
    expect(() => parseEnv({ VAPID_SUBJECT: 'ops@example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(vapidSubject(parseEnv({ VAPID_SUBJECT: 'mailto:ops@example.com' }))).toBe('mailto:ops@example.com');
    expect(vapidSubject(parseEnv({ PUBLIC_URL: 'https://rides.example.com' }))).toBe('https://rides.example.com');
    expect(vapidSubject(parseEnv({ PUBLIC_URL: 'http://localhost:3000' }))).toBe('mailto:rideshare@example.invalid');
  });
});
