/**
 * What opening the database does to the process's memory settings, observed in a fresh process
 * (docs/benchmarks.md#memory): opening the embedded engine makes V8 compile WebAssembly with its
 * baseline compiler only (so PGlite's module is never recompiled by the optimising compiler, which
 * kept tens of MB resident), and starts Postgres with the app's memory settings; a process on a
 * Postgres server leaves V8 as it is. A tiny module's hot function shows which: V8 reports whether
 * a function runs baseline (Liftoff) code through its test-only natives.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { inject } from 'vitest';
import { describe, expect, it } from 'vitest';

import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase({ reset: false });
const apiDir = fileURLToPath(new URL('../..', import.meta.url));

// (module (func (export "inc") (param i32) (result i32) local.get 0 i32.const 1 i32.add))
const WASM = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 6, 1, 96, 1, 127, 1, 127, 3, 2, 1, 0, 7, 7, 1, 3, 105, 110, 99, 0, 0, 10, 9, 1, 7, 0,
  32, 0, 65, 1, 106, 11,
];

/**
 * Opens the database (DB_URL, else a throwaway embedded one), compiles the module, calls its
 * function hot until V8 has optimised it or 10 s have passed, and prints what it saw.
 */
const CHILD = `
import { connectDatabase } from '@rideshare/db';
const url = process.env.DB_URL;
const handle = await connectDatabase(url ? { databaseUrl: url, poolSize: 1 } : { dataDir: 'memory://' });
const { rows } = await handle.pool.query(
  "select name, setting, unit from pg_settings where name in ('shared_buffers', 'work_mem', 'maintenance_work_mem', 'temp_buffers', 'wal_buffers') order by name",
);
const { instance } = await WebAssembly.instantiate(new Uint8Array(${JSON.stringify(WASM)}));
const inc = instance.exports.inc;
let x = 0;
const until = Date.now() + 10000;
// Called first: a function is compiled when it first runs.
do {
  for (let i = 0; i < 1e6; i += 1) x = inc(x);
  await new Promise((resolve) => setTimeout(resolve, 10));
} while (%IsLiftoffFunction(inc) && Date.now() < until);
process.stdout.write(JSON.stringify({ kind: handle.kind, baselineOnly: %IsLiftoffFunction(inc), calls: x, settings: rows }));
await handle.close();
`;

interface ChildReport {
  kind: 'server' | 'embedded';
  baselineOnly: boolean;
  calls: number;
  settings: { name: string; setting: string; unit: string | null }[];
}

function runChild(env: Record<string, string>): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', CHILD],
      { cwd: apiDir, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/tmp', ...env } },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`the child exited with ${String(code)}:\n${err}`));
      else resolve(JSON.parse(out) as ChildReport);
    });
  });
}

const embedded = inject('dbMode') === 'embedded';

describe(`opening the ${embedded ? 'embedded engine' : 'Postgres server'}`, () => {
  it(
    embedded
      ? 'compiles WebAssembly with the baseline compiler only and starts Postgres sized for one process'
      : 'leaves V8 optimising WebAssembly as usual',
    async () => {
      const report = await runChild(embedded ? {} : { DB_URL: t.tdb.connectionString });
      expect(report.kind).toBe(embedded ? 'embedded' : 'server');
      expect(report.calls).toBeGreaterThan(0);
      if (embedded) {
        expect(report.baselineOnly).toBe(true);
        // pg_settings counts shared_buffers, temp_buffers and wal_buffers in 8 kB pages.
        expect(report.settings).toEqual([
          { name: 'maintenance_work_mem', setting: String(16 * 1024), unit: 'kB' },
          { name: 'shared_buffers', setting: String(16 * 128), unit: '8kB' },
          { name: 'temp_buffers', setting: String(2 * 128), unit: '8kB' },
          { name: 'wal_buffers', setting: String(128), unit: '8kB' },
          { name: 'work_mem', setting: String(4 * 1024), unit: 'kB' },
        ]);
      } else {
        expect(report.baselineOnly).toBe(false);
      }
    },
    60_000,
  );
});
