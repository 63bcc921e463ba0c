import type { Kysely } from 'kysely';

import { addNotificationKinds, removeNotificationKinds } from './notification-kinds';

// The route order's notices (docs/product.md#late-joiners): the organiser is asked to place a late
// joiner; the party is told when a locked order changes.
const ORDER_KINDS = ['order_place_newcomer', 'order_changed'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await addNotificationKinds(db, ORDER_KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeNotificationKinds(db, ORDER_KINDS);
}
