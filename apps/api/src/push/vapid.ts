/**
 * The server's VAPID identity (docs/architecture.md#vapid-keys): the pair from the environment
 * (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) when set, as production deployments do; otherwise a pair
 * kept in a file beside the data folder (`<DATA_DIR>.vapid-keys`, mode 0600, like the session
 * secret), made by whichever process needed it first; never in the database, whose SQL anyone with
 * a query could read. A pair an earlier version kept in the database moves to that file and leaves
 * the table. Browsers tie a subscription to the public key, so the pair must outlive restarts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

import type { Db } from '@rideshare/db';
import webpush from 'web-push';

import type { Env } from '../env';
import { deleteLegacyVapidKeys, findLegacyVapidKeys, type StoredVapidKeys } from '../repositories/push-repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs the server, for push services: a mailto: or https: URL. */
  subject: string;
}

type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_URL' | 'DATA_DIR'>;

/** VAPID_SUBJECT, else an https PUBLIC_URL, else a placeholder address. */
export function vapidSubject(env: VapidEnv): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL?.startsWith('https://')) return env.PUBLIC_URL;
  return 'mailto:rideshare@example.invalid';
}

/** Where the pair of the data folder `dataDir` lives: `<parent>/<folder name>.vapid-keys`; none for `memory://`. */
export function vapidKeyPath(dataDir: string): string | null {
  if (dataDir.startsWith('memory://')) return null;
  const dir = resolve(dataDir);
  return join(dirname(dir), `${basename(dir)}.vapid-keys`);
}

function readPair(path: string): StoredVapidKeys {
  const pair = JSON.parse(readFileSync(path, 'utf8')) as Partial<StoredVapidKeys>;
  if (typeof pair.publicKey !== 'string' || typeof pair.privateKey !== 'string') {
    throw new Error(`${path} does not hold a VAPID key pair`);
  }
  return { publicKey: pair.publicKey, privateKey: pair.privateKey };
}

/** The file's pair, made (or moved out of the database) when there is none; the table left empty. */
async function keptPair(db: Db, path: string | null): Promise<StoredVapidKeys> {
  const legacy = await findLegacyVapidKeys(db);
  let pair: StoredVapidKeys;
  if (path === null) {
    pair = legacy ?? webpush.generateVAPIDKeys();
  } else {
    if (!existsSync(path)) {
      try {
        // 'wx': when two processes start at once, the first file stands and both read it.
        writeFileSync(path, JSON.stringify(legacy ?? webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    pair = readPair(path);
  }
  if (legacy) await deleteLegacyVapidKeys(db);
  return pair;
}

/** Each file's pair (or, for a throwaway `memory://` folder, this process's), read once. */
const pairs = new Map<string, Promise<StoredVapidKeys>>();

export async function vapidKeys(db: Db, env: VapidEnv): Promise<VapidKeys> {
  const subject = vapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const path = vapidKeyPath(env.DATA_DIR);
  const key = path ?? 'memory://';
  let pair = pairs.get(key);
  if (!pair) {
    pair = keptPair(db, path);
    pairs.set(key, pair);
    pair.catch(() => pairs.delete(key));
  }
  return { ...(await pair), subject };
}
