/**
 * The one price story as a line of text (docs/payments.md#price-story), shared by the ride cards,
 * the cost boxes and the join page: kept apart from the cost boxes so a list of cards loads only
 * what a line of text needs.
 */
import { Text } from '@mantine/core';
import { priceStory, type PriceStory, type RideCostFigures, type RideStatus } from '@rideshare/domain';

/** Where the ride is in its price story; left out: open and not locked. */
export interface PricedRide {
  status?: RideStatus;
  priceLockedAt?: string | null;
  /** After the lock: what one more seat would owe on joining, SGD (docs/payments.md#join-price). */
  joinPrice?: number | null;
  /** The departure (ISO): a ride that has left names no join price. */
  date?: string;
}

/** The ride's price story for the viewer (`myShare`: their own locked share, or null) at `now`. */
export function storyOf(ride: RideCostFigures & PricedRide, myShare: number | null = null, now?: Date): PriceStory {
  return priceStory(
    { ...ride, status: ride.status ?? 'open', priceLockedAt: ride.priceLockedAt ?? null },
    myShare,
    now,
  );
}

/** The story in one line ("about SGD 26.67 each now, SGD 20.00 if full", "Your share SGD 40.00"). */
export function PriceStoryLine({ story, size = 'sm' }: { story: PriceStory; size?: 'xs' | 'sm' | 'md' }) {
  if (story.text === null) return null;
  return (
    <Text size={size} fw={story.kind === 'estimate' ? 400 : 700} data-testid="price-story">
      {story.kind === 'estimate' ? `Price: ${story.text}` : story.text}
    </Text>
  );
}
