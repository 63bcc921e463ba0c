import { useEffect } from 'react';

import { forgetKeptRide } from './service-worker';

/**
 * Only the rides the member is on stay readable offline (docs/product.md#offline-rides): once the
 * page knows the viewer is not on this ride (`onRide` false; null while unknown), the worker drops
 * its kept copy.
 */
export function useKeptRide(rideId: number, onRide: boolean | null): void {
  useEffect(() => {
    if (onRide === false) forgetKeptRide(rideId);
  }, [rideId, onRide]);
}
