/** Table types of the ride chat (docs/messages.md). */
import type { MessageAuthorRole } from '@rideshare/domain';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One message of a ride's thread; a deleted one has no body. */
export interface RideMessageTable {
  id: Generated<number>;
  rideId: number;
  authorId: number;
  authorRole: MessageAuthorRole;
  body: string | null;
  createdAt: CreatedAt;
  deletedAt: NullableTime;
  deletedBy: ColumnType<number | null, number | null | undefined, number | null>;
}

/** How far a member has read a ride's thread, and when their phone was last told of it. */
export interface RideMessageReadTable {
  rideId: number;
  userId: number;
  lastReadId: Generated<number>;
  pushedAt: NullableTime;
}

/** A member's report of a message to the administrator; one per member and message. */
export interface RideMessageReportTable {
  id: Generated<number>;
  messageId: number;
  reporterId: number;
  reason: string;
  /** The message's text when it was reported: the administrator still reads it once the message is deleted. */
  messageBody: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
  dismissedAt: NullableTime;
}
