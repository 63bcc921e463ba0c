/**
 * Ride shapes as the rides screens receive them from the API (inferred from the router, so a
 * change on the server shows up here as a type error rather than a broken screen).
 *
 * - `RideListItem`: one ride of `ride.list` (a RideSummary: ISO date string, organiser's name).
 */
import type { RouterOutputs } from '@rideshare/api';

export type RideListItem = RouterOutputs['ride']['list']['items'][number];
