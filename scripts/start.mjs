// `npm start`, first half: install, build the web app and the server, and work out the server's
// environment (production mode, the local session secret, the memory settings). It prints that
// environment as shell assignments on stdout (everything else goes to stderr), and package.json's
// `start` evaluates them and `exec`s `node apps/api/dist/server.js`: the server then runs in place
// of the shell npm started, so one process runs beside npm itself, with no launcher, package
// manager or shell kept alive above it (docs/operations.md#set-up-two-commands).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { ensureInstalled, pnpm, root } from './lib.mjs';
import { memorySettingsFor } from './memory-settings.mjs';
import { localSessionSecret } from './session-secret.mjs';

// The build's own output is for the reader, not for the shell that reads stdout.
const toStderr = { stdout: 'stderr' };
ensureInstalled(toStderr);
pnpm(['turbo', 'run', 'build', '--filter=@rideshare/api', '--filter=@rideshare/web'], toStderr);

// The data folder, from the repository root (the server runs there too).
const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
const env = { NODE_ENV: process.env.NODE_ENV ?? 'production', DATA_DIR: dataDir };
// Production refuses plain HTTP unless told it is on purpose. `npm start` is the local run on
// http://127.0.0.1, so it says so, unless a PUBLIC_URL (https, for a real deployment) is given.
if (!process.env.PUBLIC_URL && !process.env.ALLOW_INSECURE_PUBLIC_URL) env.ALLOW_INSECURE_PUBLIC_URL = 'true';
// Production refuses to start without a session secret. For a local run we make one once and keep
// it beside the data folder (`data.session-secret`, mode 0600; never inside it, where the embedded
// database's SQL could read it), so sessions survive restarts without anyone configuring anything.
if (!process.env.SESSION_SECRET) {
  // Private: it holds the database (the server tightens an existing folder to 0700 too).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  env.SESSION_SECRET = localSessionSecret(dataDir);
}
// The image's memory settings (infra/Dockerfile; docs/benchmarks.md, Memory), read from the same
// place the benchmark reads them: V8 collects before its old space passes its limit, and glibc
// shares two allocation arenas between threads instead of keeping argon2's blocks per thread. Either
// can be overridden from the environment. Both must be in the environment the server starts with
// (glibc reads MALLOC_ARENA_MAX when the process starts), hence the shell's `exec`.
Object.assign(env, memorySettingsFor(root, process.env));

/** A value as one single-quoted shell word. */
const quoted = (value) => `'${String(value).replaceAll("'", `'\\''`)}'`;
for (const [name, value] of Object.entries(env)) process.stdout.write(`export ${name}=${quoted(value)}\n`);
