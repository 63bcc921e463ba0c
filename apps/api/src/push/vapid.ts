/**
 * The server's VAPID identity (docs/architecture.md#push-outbox): the pair from the environment
 * (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY) when set; otherwise the pair kept in the database, made
 * by whichever instance needed it first. Browsers tie a subscription to the public key, so the
 * pair must outlive restarts.
 */
import type { Db } from '@rideshare/db';
import webpush from 'web-push';

import type { Env } from '../env';
import { findVapidKeys, insertVapidKeysOnce } from '../repositories/push-repository';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who runs the server, for push services: a mailto: or https: URL. */
  subject: string;
}

type VapidEnv = Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'PUBLIC_URL'>;

/** VAPID_SUBJECT, else an https PUBLIC_URL, else a placeholder address. */
export function vapidSubject(env: VapidEnv): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  if (env.PUBLIC_URL?.startsWith('https://')) return env.PUBLIC_URL;
  return 'mailto:rideshare@example.invalid';
}

export async function vapidKeys(db: Db, env: VapidEnv): Promise<VapidKeys> {
  const subject = vapidSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  let stored = await findVapidKeys(db);
  if (!stored) {
    await insertVapidKeysOnce(db, webpush.generateVAPIDKeys());
    stored = await findVapidKeys(db);
  }
  if (!stored) throw new Error('the VAPID key pair could not be stored');
  return { ...stored, subject };
}
