/**
 * `<TripProgressLine ride />`: on a ride card, how far a ride in progress got — "On the way ·
 * cleared Tuas 10:42" (docs/trip-day.md#list). Nothing before the first stage, once arrived, or on
 * a cancelled ride.
 */
import { Text } from '@mantine/core';
import { tripProgressText, type Crossing, type Direction, type TripStage } from '@rideshare/domain';

export interface TripProgressRide {
  direction: Direction;
  status: string;
  crossing?: Crossing;
  tripLatest?: { stage: TripStage; at: string } | null;
}

export function TripProgressLine({ ride }: { ride: TripProgressRide }) {
  if (ride.status === 'cancelled') return null;
  const text = tripProgressText(ride.tripLatest ?? null, ride.direction, ride.crossing ?? 'second-link');
  if (!text) return null;
  return (
    <Text size="sm" fw={600} c="teal.9" data-trip-progress>
      {text}
    </Text>
  );
}
