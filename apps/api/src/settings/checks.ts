import { z } from 'zod';

/** Pieces the settings share: value parsers, and the checks of settings read together (env.ts). */

/** `true`/`false`, `1`/`0`, `yes`/`no`. */
export const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A whole-number setting from `min` to `max` with one message naming it for every way of missing
 * (`unit`: 'hours', 'days', or '' for a plain count).
 */
export function wholeSetting(name: string, min: number, max: number, unit = '') {
  const message = `${name} must be a whole number${unit ? ` of ${unit}` : ''} from ${String(min)} to ${String(max)}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** A DNS host name of two labels or more (no address literal, no port). */
export const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

/** The webhook settings, the one for both directions first. */
export const DISCORD_WEBHOOK_SETTINGS = [
  'DISCORD_WEBHOOK_URL',
  'DISCORD_WEBHOOK_URL_SG_FC',
  'DISCORD_WEBHOOK_URL_FC_SG',
] as const;

const DISCORD_WEBHOOK = /^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\/\d+\/[\w-]+$/;
const LOOPBACK_WEBHOOK = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\/[\w\-/]+$/;

/** Why a webhook URL is refused, or null (unset, or acceptable). */
export function discordWebhookProblem(value: string | undefined, allowLoopback: boolean): string | null {
  if (value === undefined) return null;
  if (DISCORD_WEBHOOK.test(value)) return null;
  if (allowLoopback && LOOPBACK_WEBHOOK.test(value)) return null;
  return allowLoopback
    ? 'must be a Discord webhook URL (https://discord.com/api/webhooks/ID/TOKEN) or an http://127.0.0.1:PORT/… address'
    : 'must be a Discord webhook URL: https://discord.com/api/webhooks/ID/TOKEN (or https://discordapp.com/api/webhooks/…)';
}

export function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A comma-separated list of origins (scheme://host[:port], nothing after), or undefined on error. */
export function originList(value: string | undefined, name: string, ctx: z.RefinementCtx): string[] | undefined {
  const origins: string[] = [];
  for (const part of splitList(value)) {
    let url: URL | null = null;
    try {
      url = new URL(part);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `'${part}' is not an origin such as https://rides.example.com (scheme and host, no path)`,
      });
      return undefined;
    }
    origins.push(url.origin);
  }
  return origins;
}
