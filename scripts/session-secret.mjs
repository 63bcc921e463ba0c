// The session secret `npm start` makes once and keeps, for a local run without SESSION_SECRET.
// It is kept beside the data folder, never inside it: the embedded engine's SQL can read files of its
// own folder (pg_read_file), so a secret there would be one query away from anyone who can run SQL.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** Where the secret of the data folder `dataDir` lives: `<parent>/<folder name>.session-secret`. */
export function sessionSecretPath(dataDir) {
  const dir = resolve(dataDir);
  return join(dirname(dir), `${basename(dir)}.session-secret`);
}

/**
 * The secret for `dataDir`, made (32 random bytes, hex, mode 0600) when there is none. A secret an
 * earlier version kept inside the folder (`.session-secret`) is moved out, so signed-in browsers
 * stay signed in.
 */
export function localSessionSecret(dataDir) {
  const dir = resolve(dataDir);
  const file = sessionSecretPath(dir);
  const legacy = join(dir, '.session-secret');
  mkdirSync(dirname(file), { recursive: true });
  if (existsSync(legacy)) {
    if (!existsSync(file)) {
      try {
        renameSync(legacy, file);
      } catch {
        // Another file system: copy, then remove the original.
        copyFileSync(legacy, file);
      }
    }
    rmSync(legacy, { force: true });
  }
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  return readFileSync(file, 'utf8').trim();
}
