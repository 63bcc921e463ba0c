/**
 * One price story on every screen (docs/payments.md#price-story): the card, the join page, the ride
 * page and the calendar event all say the ride's price through `priceStory`, so they never disagree.
 */
import { formatSgd, perPersonIfFull, perPersonNow, type RideCostFigures } from './cost';
import type { RideStatus } from './constants';

export type PriceStory =
  /** A cancelled ride shows no price. */
  | { kind: 'none'; text: null }
  /** Before the lock: the moving estimate, "about SGD 26.67 each now, SGD 20.00 if full". */
  | { kind: 'estimate'; now: number; ifFull: number; text: string }
  /** After the lock, to a party with a row: "Your share SGD 40.00". */
  | { kind: 'share'; amount: number; text: string }
  /** After the lock, to someone not on the ride: what joining now costs one seat, "SGD 24.00 if you join". */
  | { kind: 'join'; amount: number; text: string }
  /** After the lock, when no join figure is known (a full ride, an older answer): "Price locked". */
  | { kind: 'locked'; text: string };

export type PriceStoryRide = RideCostFigures & {
  status: RideStatus;
  priceLockedAt: string | Date | null;
  /**
   * After the lock: what one more seat at a stop the ride already makes would owe now, in SGD, by
   * the same split a join makes (the ride's `joinPrice`; null or left out when none is known).
   */
  joinPrice?: number | null;
  /** The departure: a ride that has left offers no join price (only with `now`). */
  date?: string | Date;
};

/**
 * The ride's price as the viewer should read it. `myShare` is the viewer's own locked amount in
 * SGD (null when they have none on this ride). With `now`, a ride that has left (or been completed)
 * names no join price.
 *
 * @example priceStory({ cost: 80, additionalStops: 0, currentPassengers: 3, maxPassengers: 4,
 *   status: 'open', priceLockedAt: null }, null).text // 'about SGD 26.67 each now, SGD 20.00 if full'
 */
export function priceStory(ride: PriceStoryRide, myShare: number | null, now?: Date): PriceStory {
  if (ride.status === 'cancelled') return { kind: 'none', text: null };
  if (ride.priceLockedAt === null) {
    const now = perPersonNow(ride);
    const ifFull = perPersonIfFull(ride);
    return {
      kind: 'estimate',
      now,
      ifFull,
      text: `about ${formatSgd(now, 2)} each now, ${formatSgd(ifFull, 2)} if full`,
    };
  }
  if (myShare !== null) return { kind: 'share', amount: myShare, text: `Your share ${formatSgd(myShare, 2)}` };
  const joinPrice = ride.joinPrice ?? null;
  const left = now !== undefined && ride.date !== undefined && new Date(ride.date).getTime() <= now.getTime();
  const joinable = ride.status !== 'completed' && !left && ride.currentPassengers < ride.maxPassengers;
  if (joinPrice !== null && joinable) {
    return { kind: 'join', amount: joinPrice, text: `${formatSgd(joinPrice, 2)} if you join` };
  }
  return { kind: 'locked', text: 'Price locked' };
}
