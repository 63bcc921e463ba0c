/**
 * `RideStateBadges`: the two states a rider cares about, in words (docs/product.md#at-a-glance):
 * whether a driver was found ('No driver yet', 'Driver found'; a cancelled or completed ride says
 * so instead) and the seats ('3 seats left' or 'Full', seats held for the waitlist counted as
 * taken). Neither is red: a full ride is not a failure.
 */
import { Badge } from '@mantine/core';
import { driverWords, seatsWords } from '@rideshare/domain';

const DRIVER_COLORS: Record<string, string> = { open: 'gray', assigned: 'blue', completed: 'gray', cancelled: 'red' };

export function RideStateBadges({
  ride,
  seats,
}: {
  ride: { status: string };
  /** The seats as a newcomer sees them; left out: no seat badge (a past or cancelled ride). */
  seats?: { currentPassengers: number; maxPassengers: number };
}) {
  const seatText = seats ? seatsWords(seats) : null;
  return (
    <>
      <Badge color={DRIVER_COLORS[ride.status] ?? 'gray'} variant="light" size="lg" data-driver-state={ride.status}>
        {driverWords(ride)}
      </Badge>
      {seatText ? (
        <Badge color={seatText === 'Full' ? 'orange' : 'teal'} variant="light" size="lg" data-seats-state>
          {seatText}
        </Badge>
      ) : null}
    </>
  );
}
