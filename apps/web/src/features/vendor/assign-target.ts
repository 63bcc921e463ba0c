/**
 * /vendor?rideId={id}: which ride the link asks to assign, and why it cannot be assigned when it is
 * not among the available rides.
 *
 * - `assignBlocker(ride, vendorId, now)`: null when the vendor may take the ride (the domain's
 *   `assertCanAssign`); otherwise what to tell them: already theirs (`mine`, find it under My
 *   Rides), taken by another vendor, departed, or no longer offered.
 */
import { assertCanAssign, isDomainError, type RideState } from '@rideshare/domain';

export interface AssignBlocker {
  message: string;
  /** The ride is already assigned to this vendor. */
  mine: boolean;
}

export function assignBlocker(
  ride: RideState & { vendorId: number | null },
  vendorId: number,
  now: Date,
): AssignBlocker | null {
  if (ride.status === 'assigned' && ride.vendorId === vendorId) {
    return { message: 'This ride is already assigned to you. You will find it under My Rides.', mine: true };
  }
  try {
    assertCanAssign({ ride, isVendor: true, now });
    return null;
  } catch (err) {
    if (!isDomainError(err)) throw err;
    if (err.code === 'ALREADY_ASSIGNED') {
      // The domain's words cover every non-open status; say which one it is.
      const message = ride.status === 'assigned' ? `${err.message} to another vendor.` : 'This ride is completed.';
      return { message, mine: false };
    }
    return { message: `${err.message}.`, mine: false };
  }
}
