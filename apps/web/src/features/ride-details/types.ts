/**
 * Shapes the ride detail screen receives from the API, inferred from the router so a change on
 * the server shows up here as a type error.
 *
 * - `RideDetail`: `ride.byId` (a ride summary plus the organiser's contact details).
 * - `PassengerEntry`: one entry of `passenger.list` (with the passenger's contact details).
 */
import type { RouterOutputs } from '@rideshare/api';

export type RideDetail = RouterOutputs['ride']['byId'];
export type PassengerEntry = RouterOutputs['passenger']['list'][number];
