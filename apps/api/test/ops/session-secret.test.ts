/**
 * The session secret `npm start` keeps for a local run lives beside the embedded database's folder,
 * never inside it: SQL on the embedded engine reads files of its own folder (pg_read_file), so a
 * secret there would be readable by anyone who can run a query. A secret an earlier version left in
 * the folder is moved out, unchanged (signed-in browsers stay signed in). Embedded engine only.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { connectDatabase } from '@rideshare/db';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { localSessionSecret, sessionSecretPath } from '../../../../scripts/session-secret.mjs';

const embeddedMode = inject('dbMode') === 'embedded';
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(!embeddedMode)('the local session secret (embedded engine)', () => {
  it('is kept outside the data folder, where no SQL reaches it; one left inside is moved out', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'rideshare-secret-'));
    folders.push(parent);
    const dataDir = join(parent, 'data');
    const handle = await connectDatabase({ dataDir });
    try {
      // What is inside the folder, SQL can read:
      writeFileSync(join(dataDir, 'probe.txt'), 'visible');
      const read = await sql<{ text: string }>`select pg_read_file('probe.txt') as text`.execute(handle.db);
      expect(read.rows).toEqual([{ text: 'visible' }]);
      // An earlier version's secret, inside the folder.
      const earlier = 'e'.repeat(64);
      writeFileSync(join(dataDir, '.session-secret'), earlier, { mode: 0o600 });

      expect(localSessionSecret(dataDir)).toBe(earlier);
      const file = sessionSecretPath(dataDir);
      expect(file).toBe(join(parent, 'data.session-secret'));
      expect(existsSync(join(dataDir, '.session-secret'))).toBe(false);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const listed = await sql<{ name: string }>`select pg_ls_dir('.') as name`.execute(handle.db);
      expect(listed.rows.map((row) => row.name)).not.toContain('.session-secret');
      await expect(sql`select pg_read_file('.session-secret')`.execute(handle.db)).rejects.toThrow();
      await expect(sql`select pg_read_file(${file})`.execute(handle.db)).rejects.toThrow();
      await expect(sql`select pg_read_file('../data.session-secret')`.execute(handle.db)).rejects.toThrow();
    } finally {
      await handle.close();
    }
    // Kept across runs; a new folder gets a new random one.
    expect(localSessionSecret(dataDir)).toBe('e'.repeat(64));
    const other = join(parent, 'other');
    const fresh = localSessionSecret(other);
    expect(fresh).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(sessionSecretPath(other), 'utf8')).toBe(fresh);
  }, 60_000);
});
