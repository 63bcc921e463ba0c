import type { Kysely } from 'kysely';

import {
  addAccountNotificationKinds,
  addNotificationKinds,
  removeAccountNotificationKinds,
  removeNotificationKinds,
} from './notification-kinds';

/** Every administrator is told of each new vendor application (docs/vendors.md#approval); it names no ride. */
const KINDS = ['vendor_application'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await addNotificationKinds(db, KINDS);
  await addAccountNotificationKinds(db, KINDS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await removeAccountNotificationKinds(db, KINDS);
  await removeNotificationKinds(db, KINDS);
}
