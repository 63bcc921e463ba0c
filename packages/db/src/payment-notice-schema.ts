/** Table type of the organiser's notice of a rider's payment marks (docs/payments.md#mark-notices). */
import type { ColumnType } from 'kysely';

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Per ride and rider: the notice standing for their marks, and when one last reached the phone. */
export interface PaymentMarkNoticeTable {
  rideId: number;
  riderId: number;
  notificationId: ColumnType<number | null, number | null | undefined, number | null>;
  pushedAt: NullableTime;
}
