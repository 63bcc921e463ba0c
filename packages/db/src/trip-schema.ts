/** Table types of the day of the trip (docs/trip-day.md). */
import type { TripPosterRole, TripStage } from '@rideshare/domain';
import type { ColumnType, Generated } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type SetTime = ColumnType<Date, Date | string | undefined, Date | string>;

/** A stage a ride reached, at most one row per ride and stage; undo deletes the newest. */
export interface RideTripStageTable {
  id: Generated<number>;
  rideId: number;
  stage: TripStage;
  /** Null once the poster's account is gone. */
  postedBy: ColumnType<number | null, number | null | undefined, number | null>;
  postedByRole: TripPosterRole;
  postedAt: CreatedAt;
}

/** A rider's "running late" notice; one per ride and rider, a second replaces the first. */
export interface RideLateNoticeTable {
  rideId: number;
  userId: number;
  minutes: number;
  sentAt: SetTime;
}

/** A party (ride_passengers row) marked as not showing up; undoing it deletes the row. */
export interface RideNoShowTable {
  rideId: number;
  passengerId: number;
  /** The rider of that party. */
  userId: number;
  markedBy: ColumnType<number | null, number | null | undefined, number | null>;
  markedAt: CreatedAt;
}

/** A link family can follow; only the token's SHA-256 (hex) is kept. Revoking deletes the row. */
export interface RideTripShareTable {
  id: Generated<number>;
  rideId: number;
  userId: number;
  tokenHash: string;
  createdAt: CreatedAt;
}

/** When a rider last had a phone notification of one trip kind about one ride (docs/trip-day.md#notices). */
export interface TripPushTable {
  rideId: number;
  userId: number;
  /** A stage ('departed', …) or 'no-show'. */
  kind: string;
  pushedAt: ColumnType<Date, Date | string, Date | string>;
}
