/** Table types of a member's record (docs/record.md). */
import type { ThumbValue } from '@rideshare/domain';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One thumb: per ride, rater and subject, changed in place; removed by an administrator. */
export interface RideRatingTable {
  id: Generated<number>;
  rideId: number;
  raterId: number;
  subjectId: number;
  value: ThumbValue;
  note: string | null;
  createdAt: CreatedAt;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
  removedAt: NullableTime;
  removedBy: ColumnType<number | null, number | null | undefined, number | null>;
}

/** When a member was last told of a new thumb. */
export interface ThumbNoticeTable {
  userId: number;
  toldAt: ColumnType<Date, Date | string, Date | string>;
}

/** The organiser taking a rider off a ride; `late` within 24 hours of departure (docs/record.md#removed-late). */
export interface RideRemovalTable {
  id: Generated<number>;
  rideId: number;
  organizerId: number;
  /** Null once the removed member's account is gone. */
  userId: ColumnType<number | null, number | null | undefined, number | null>;
  removedAt: ColumnType<Date, Date | string, Date | string>;
  late: boolean;
}
