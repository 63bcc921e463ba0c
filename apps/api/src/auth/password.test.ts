import { describe, expect, it } from 'vitest';

import {
  createLimiter,
  hashNeedsUpgrade,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  PasswordQueueFullError,
  verifyPassword,
} from './password';

const cheap = { memoryCost: 1024, timeCost: 1 };

describe('createLimiter', () => {
  it('never runs more than its maximum at once, and runs every task in arrival order', async () => {
    const limit = createLimiter(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      active += 1;
      peak = Math.max(peak, active);
      await new Promise((resolve) => setTimeout(resolve, 5));
      active -= 1;
      return n;
    };
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => limit(task(n))));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('refuses a task when maxQueue tasks already wait, and takes one again once the line moves', async () => {
    const limit = createLimiter(1);
    const gates: (() => void)[] = [];
    const held = () =>
      new Promise<string>((resolve) => {
        gates.push(() => {
          resolve('done');
        });
      });
    const running = limit(held, { maxQueue: 1 });
    const waiting = limit(() => Promise.resolve('waited'), { maxQueue: 1 });
    await expect(limit(() => Promise.resolve('refused'), { maxQueue: 1 })).rejects.toBeInstanceOf(
      PasswordQueueFullError,
    );
    gates.shift()?.();
    await expect(running).resolves.toBe('done');
    await expect(waiting).resolves.toBe('waited');
    await expect(limit(() => Promise.resolve('accepted'), { maxQueue: 0 })).resolves.toBe('accepted');
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});

describe('password hashing under the limit', () => {
  it('hashes and verifies many passwords at once', async () => {
    expect(MAX_CONCURRENT_HASHES).toBeGreaterThanOrEqual(1);
    expect(MAX_CONCURRENT_HASHES).toBeLessThanOrEqual(4);
    const passwords = Array.from({ length: 8 }, (_, i) => `password-${String(i)}`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p, cheap)));
    const checks = await Promise.all(hashes.map((h, i) => verifyPassword(h, passwords[i] ?? '')));
    expect(checks).toEqual(passwords.map(() => true));
    expect(await verifyPassword(hashes[0] ?? '', 'wrong-password')).toBe(false);
  });

  it('tells when a stored hash was made with other settings than the configured ones', async () => {
    const hash = await hashPassword('password-x', cheap);
    expect(hashNeedsUpgrade(hash, cheap)).toBe(false);
    expect(hashNeedsUpgrade(hash, { memoryCost: 2048, timeCost: 1 })).toBe(true);
    expect(hashNeedsUpgrade(hash, { memoryCost: 1024, timeCost: 2 })).toBe(true);
    expect(hashNeedsUpgrade('$2b$10$notargon', cheap)).toBe(true);
  });
});
