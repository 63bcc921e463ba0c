/** Table types of the Discord ride announcements (docs/announcements.md). */
import type { ColumnType, Generated } from 'kysely';

type Moment = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The outbox: one row per announced ride, kept after the ride is deleted until its message is over. */
export interface RideAnnouncementTable {
  rideId: number;
  /** The webhook the message was posted through ('main', 'sg_fc', 'fc_sg'); null before the post. */
  webhook: ColumnType<string | null, string | null | undefined, string | null>;
  messageId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Changes counted; the row waits to be sent while it is above `sentVersion`. */
  version: Generated<number>;
  sentVersion: Generated<number>;
  /** When the pending change goes; null: not scheduled yet (the sender schedules it). */
  dueAt: Moment;
  /** A sender holds the claimed row until then. */
  leaseUntil: Moment;
  attempts: Generated<number>;
  /** The message was marked over: nothing more is sent. */
  over: Generated<boolean>;
  /** The last title sent, kept for the over edit of a deleted ride. */
  title: ColumnType<string | null, string | null | undefined, string | null>;
  /** Digest of the last body sent: an edit that changes nothing is skipped. */
  contentHash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One configured webhook's shared state. */
export interface DiscordWebhookTable {
  key: string;
  /** Digest of the URL: a new URL clears a disabled state. */
  urlHash: string;
  nextSendAt: ColumnType<Date, Date | string | undefined, Date | string>;
  disabledAt: Moment;
  disabledStatus: ColumnType<number | null, number | null | undefined, number | null>;
}
