/**
 * The VAPID private key never sits in a database table (docs/architecture.md#vapid-keys): without
 * keys in the environment the pair is kept beside the data folder (`<DATA_DIR>.vapid-keys`, 0600),
 * and a pair an earlier version kept in `push_vapid_keys` moves there and leaves the table, so
 * subscriptions made with it keep working.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';

import { appsPerTest } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);
const folder = mkdtempSync(join(tmpdir(), 'rideshare-vapid-'));

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

const tableRows = () => t.db.selectFrom('pushVapidKeys').selectAll().execute();

describe('the VAPID key pair', () => {
  it('is made in a 0600 file beside the data folder, never in the database', async () => {
    const app = await appWith({ DATA_DIR: join(folder, 'fresh') });
    const res = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const file = join(folder, 'fresh.vapid-keys');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const pair = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    expect(res.json()).toEqual({ publicKey: pair.publicKey });
    expect(await tableRows()).toEqual([]);
  });

  it('moves a pair an earlier version kept in the database out to the file, and empties the table', async () => {
    const legacy = webpush.generateVAPIDKeys();
    await t.db
      .insertInto('pushVapidKeys')
      .values({ id: 1, ...legacy })
      .execute();
    const app = await appWith({ DATA_DIR: join(folder, 'upgraded') });
    const res = await app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.json()).toEqual({ publicKey: legacy.publicKey });
    const file = join(folder, 'upgraded.vapid-keys');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(legacy);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await tableRows()).toEqual([]);
  });
});
