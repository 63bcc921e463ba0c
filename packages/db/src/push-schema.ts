/** Table types of phone notifications (docs/architecture.md#push-outbox). */
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** The server's VAPID key pair (base64url), one row. */
export interface PushVapidKeyTable {
  id: Generated<number>;
  publicKey: string;
  privateKey: string;
  createdAt: CreatedAt;
}

/** One browser's push subscription, owned by the member who subscribed it last. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: CreatedAt;
}

/** A notification still to push to one subscription; written by a trigger on notifications. */
export interface PushOutboxTable {
  /** bigserial: read as text by pg, kept as a string. */
  id: ColumnType<string, never, never>;
  notificationId: number;
  subscriptionId: number;
  attempts: Generated<number>;
  /** Null: due now; otherwise the next try (a retry's backoff, or a claim's lease). */
  nextAttemptAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}
