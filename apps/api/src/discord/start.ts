/** Starts the process's Discord announcer when a webhook is set (start.ts; docs/announcements.md). */
import type { Database, DbHandle } from '@rideshare/db';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { DiscordAnnouncer, type AnnouncerLog } from './announcer';
import { configuredWebhooks } from './webhooks';

/** The address ride links start with: PUBLIC_URL, else this process's own. */
export function announcementBaseUrl(env: Pick<Env, 'PUBLIC_URL' | 'HOST' | 'PORT'>): string {
  return env.PUBLIC_URL ?? `http://${env.HOST}:${String(env.PORT)}`;
}

/** The announcer, started; null when no webhook is configured (announcements off). */
export function startDiscordAnnouncer(
  db: Kysely<Database>,
  env: Env,
  listen: DbHandle['listen'],
  log: AnnouncerLog,
): DiscordAnnouncer | null {
  const webhooks = configuredWebhooks(env);
  if (webhooks.length === 0) return null;
  const announcer = new DiscordAnnouncer({
    db,
    webhooks,
    publicUrl: announcementBaseUrl(env),
    listen,
    editDelayMs: env.DISCORD_EDIT_DELAY_SECONDS * 1000,
    log,
  });
  announcer.start();
  return announcer;
}
