/**
 * Which Discord webhook a ride is announced through (docs/announcements.md#settings), and the
 * calls: `POST {webhook}?wait=true` answers the new message's id, `PATCH {webhook}/messages/{id}`
 * edits it. Every body carries `allowed_mentions: {parse: []}` (the domain's message does).
 */
import { createHash } from 'node:crypto';

import type { Direction, DiscordMessage } from '@rideshare/domain';

import type { Env } from '../env';

export type WebhookKey = 'main' | 'sg_fc' | 'fc_sg';

export interface Webhook {
  key: WebhookKey;
  url: string;
}

export type WebhookSettings = Pick<
  Env,
  'DISCORD_WEBHOOK_URL' | 'DISCORD_WEBHOOK_URL_SG_FC' | 'DISCORD_WEBHOOK_URL_FC_SG'
>;

/** The configured webhooks (empty: announcements are off). */
export function configuredWebhooks(env: WebhookSettings): Webhook[] {
  const hooks: Webhook[] = [];
  if (env.DISCORD_WEBHOOK_URL) hooks.push({ key: 'main', url: env.DISCORD_WEBHOOK_URL });
  if (env.DISCORD_WEBHOOK_URL_SG_FC) hooks.push({ key: 'sg_fc', url: env.DISCORD_WEBHOOK_URL_SG_FC });
  if (env.DISCORD_WEBHOOK_URL_FC_SG) hooks.push({ key: 'fc_sg', url: env.DISCORD_WEBHOOK_URL_FC_SG });
  return hooks;
}

/** Whether any ride can be announced: the web shows "Announce on Discord" only then. */
export function announcementsConfigured(env: WebhookSettings): boolean {
  return configuredWebhooks(env).length > 0;
}

/** The webhook a new ride of `direction` is posted through: its direction's own, else the main one. */
export function webhookFor(hooks: Webhook[], direction: Direction): Webhook | undefined {
  const own = direction === 'SG->FC' ? 'sg_fc' : 'fc_sg';
  return hooks.find((hook) => hook.key === own) ?? hooks.find((hook) => hook.key === 'main');
}

/** A digest of a webhook's URL (the token never goes to the database). */
export function webhookUrlHash(url: string): string {
  return createHash('sha256').update(url).digest('hex');
}

/** What Discord answered. */
export interface WebhookAnswer {
  status: number;
  /** The message's id on a 2xx. */
  messageId: string | null;
  /** Seconds to wait, on a 429. */
  retryAfterSeconds: number | null;
  /** Discord's error code (10008: the message is gone; 10015: the webhook is gone). */
  code: number | null;
}

export type WebhookCall = (
  request: { method: 'POST' | 'PATCH'; url: string; body: DiscordMessage },
  signal: AbortSignal,
) => Promise<WebhookAnswer>;

/** The URL of a call: the post (waiting for the message) or the edit of `messageId`. */
export function webhookCallUrl(webhookUrl: string, messageId: string | null): string {
  return messageId === null ? `${webhookUrl}?wait=true` : `${webhookUrl}/messages/${encodeURIComponent(messageId)}`;
}

/** The process's calls, with `fetch`. */
export const fetchWebhook: WebhookCall = async (request, signal) => {
  const res = await fetch(request.url, {
    method: request.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    signal,
  });
  let body: { id?: unknown; retry_after?: unknown; code?: unknown } = {};
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = {};
  }
  const header = Number(res.headers.get('retry-after'));
  const retryAfter =
    typeof body.retry_after === 'number' ? body.retry_after : Number.isFinite(header) && header > 0 ? header : null;
  return {
    status: res.status,
    messageId: typeof body.id === 'string' ? body.id : null,
    retryAfterSeconds: res.status === 429 ? (retryAfter ?? 5) : null,
    code: typeof body.code === 'number' ? body.code : null,
  };
};
