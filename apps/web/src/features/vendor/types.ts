/**
 * `VendorRide`: one ride as the vendor dashboard receives it from `vendor.rides` and
 * `vendor.available` (a RideSummary: ISO date string, organiser's name, drop-off entries),
 * inferred from the router so a server change shows up here as a type error.
 */
import type { RouterOutputs } from '@rideshare/api';

export type VendorRide = RouterOutputs['vendor']['available'][number];
