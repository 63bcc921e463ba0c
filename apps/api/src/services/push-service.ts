/**
 * Members' push subscriptions (docs/product.md#phone-notifications): which endpoints a browser may
 * give, and keeping each endpoint with the member who subscribed it last.
 */
import type { Database } from '@rideshare/db';
import type { PushSubscribeInput } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { checkPushEndpoint, type PushEndpointPolicy } from '../push/endpoint-policy';
import {
  deleteSubscription,
  deleteSubscriptionsBeyond,
  findSubscriptionByEndpoint,
  insertSubscription,
  updateSubscriptionKeys,
} from '../repositories/push-repository';

/** The most browsers one member receives phone notifications in; a new one replaces the oldest. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/** Stores (or refreshes) a browser's subscription for the member. */
export async function subscribe(
  db: Kysely<Database>,
  args: { userId: number; input: PushSubscribeInput; policy: PushEndpointPolicy },
): Promise<void> {
  const { endpoint, keys } = args.input;
  // Only a push service of the allow-list (docs/architecture.md#push-endpoints).
  checkPushEndpoint(endpoint, args.policy);
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
