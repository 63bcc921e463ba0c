// `npm start`: install, build the web app and the server, then run it on the embedded database
// (or on DATABASE_URL when set). The server prints the URL when it is up.
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

import { ensureInstalled, pnpm, root } from './lib.mjs';
import { memorySettingsFor } from './memory-settings.mjs';
import { localSessionSecret } from './session-secret.mjs';

ensureInstalled();
pnpm(['turbo', 'run', 'build', '--filter=@rideshare/api', '--filter=@rideshare/web']);

const env = { NODE_ENV: process.env.NODE_ENV ?? 'production' };
// Production refuses plain HTTP unless told it is on purpose. `npm start` is the local run on
// http://127.0.0.1, so it says so, unless a PUBLIC_URL (https, for a real deployment) is given.
if (!process.env.PUBLIC_URL && !process.env.ALLOW_INSECURE_PUBLIC_URL) env.ALLOW_INSECURE_PUBLIC_URL = 'true';
// Production refuses to start without a session secret. For a local run we make one once and keep
// it beside the data folder (`data.session-secret`, mode 0600; never inside it, where the embedded
// database's SQL could read it), so sessions survive restarts without anyone configuring anything.
if (!process.env.SESSION_SECRET) {
  const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
  // Private: it holds the database (the server tightens an existing folder to 0700 too).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  env.SESSION_SECRET = localSessionSecret(dataDir);
  env.DATA_DIR = dataDir;
}
// The image's memory settings (infra/Dockerfile; docs/benchmarks.md, Memory), read from the same
// place the benchmark reads them: V8 collects before its old space passes its limit, and glibc
// shares two allocation arenas between threads instead of keeping argon2's blocks per thread. Either
// can be overridden from the environment.
Object.assign(env, memorySettingsFor(root, process.env));
pnpm(['--filter', '@rideshare/api', 'start'], { env });
