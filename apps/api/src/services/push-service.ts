/**
 * Members' push subscriptions (docs/product.md#phone-notifications): which endpoints a browser may
 * give, and keeping each endpoint with the member who subscribed it last.
 */
import type { Database } from '@rideshare/db';
import { DomainError, type PushSubscribeInput } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import {
  deleteSubscription,
  deleteSubscriptionsBeyond,
  findSubscriptionByEndpoint,
  insertSubscription,
  updateSubscriptionKeys,
} from '../repositories/push-repository';

/** The most browsers one member receives phone notifications in; a new one replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** An address literal of this machine or a private network: no push service lives there. */
function isPrivateAddress(hostname: string): boolean {
  if (isLoopbackHost(hostname) || hostname.endsWith('.localhost')) return true;
  if (/^\[.*\]$/.test(hostname)) return /^\[(::|f[cd]|fe[89ab])/i.test(hostname);
  const parts = hostname.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part))) return false;
  const [a = 0, b = 0] = parts;
  return (
    a === 0 || a === 10 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
  );
}

/**
 * Refuses an endpoint no push service has: anything but https, and https on this machine or a
 * private network. With `allowLoopback` (a test setting) http on loopback is accepted too.
 */
export function checkPushEndpoint(endpoint: string, allowLoopback: boolean): void {
  const url = new URL(endpoint);
  if (allowLoopback && url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  if (url.protocol !== 'https:') {
    throw new DomainError('VALIDATION_FAILED', 'The push endpoint must be an https:// address of a push service');
  }
  if (isPrivateAddress(url.hostname)) {
    throw new DomainError('VALIDATION_FAILED', 'The push endpoint must be a push service on the internet');
  }
}

/** Stores (or refreshes) a browser's subscription for the member. */
export async function subscribe(
  db: Kysely<Database>,
  args: { userId: number; input: PushSubscribeInput; allowLoopback: boolean },
): Promise<void> {
  const { endpoint, keys } = args.input;
  checkPushEndpoint(endpoint, args.allowLoopback);
  await db.transaction().execute(async (trx) => {
    const existing = await findSubscriptionByEndpoint(trx, endpoint);
    if (existing?.userId === args.userId) {
      await updateSubscriptionKeys(trx, existing.id, keys);
      return;
    }
    // The browser now belongs to another member: what was queued for the last one is dropped with it.
    if (existing) await deleteSubscription(trx, { id: existing.id });
    await insertSubscription(trx, { userId: args.userId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
    await deleteSubscriptionsBeyond(trx, args.userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  });
}

/** Drops the member's own subscription of that endpoint; answers whether there was one. */
export function unsubscribe(db: Kysely<Database>, args: { userId: number; endpoint: string }): Promise<boolean> {
  return deleteSubscription(db, { userId: args.userId, endpoint: args.endpoint });
}
