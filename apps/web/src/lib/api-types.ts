/**
 * The shapes the screens receive from the API, each inferred from the router once, so a change on
 * the server shows up here as a type error rather than a broken screen. Name a router output here
 * and import it from here; no screen spells one again.
 *
 * - `RideDetail`: `ride.byId` (a ride summary plus the organiser's contact details).
 * - `RideListItem`: one ride of `ride.list` (a RideSummary: ISO date string, organiser's name).
 * - `RideCardRide`: what a ride card needs of a ride; a `ride.list` item, a My Rides entry or a
 *   ride detail all fit.
 * - `VendorRide`: one ride of the vendor dashboard (`vendor.rides`, `vendor.available`).
 * - `PassengerEntry`: one entry of `passenger.list` (with the passenger's contact details and
 *   drop-off stop, so the drop-off order panel reads it too).
 * - `RidePayments`, `PaymentRow`: a ride's payment table (`payment.list`) and one row of it.
 * - `RideQuote`, `VendorQuote`: a ride's live quotes (`quote.list`), a vendor's own (`quote.mine`).
 * - `SessionUser`: the signed-in user (`auth.me`).
 * - `NotificationItem`: one notification of the inbox (`notification.list`).
 * - `RideAlert`: one of the member's ride alerts (`alert.list`).
 * - `VendorApplication`: one vendor account on the administrator's list (`admin.vendorApplications`).
 * - `TripView`: the day of a ride's trip (`trip.get`, docs/trip-day.md).
 * - `TripShareLink`: one live link on a ride the viewer may revoke (`trip.shares`).
 */
import type { RouterOutputs } from '@rideshare/api';

export type RideDetail = RouterOutputs['ride']['byId'];
export type RideListItem = RouterOutputs['ride']['list']['items'][number];
export type VendorRide = RouterOutputs['vendor']['available'][number];
export type PassengerEntry = RouterOutputs['passenger']['list'][number];
export type RidePayments = RouterOutputs['payment']['list'];
export type PaymentRow = RidePayments['payments'][number];
export type RideQuote = RouterOutputs['quote']['list'][number];
export type VendorQuote = RouterOutputs['quote']['mine'][number];
export type SessionUser = NonNullable<RouterOutputs['auth']['me']>;
export type NotificationItem = RouterOutputs['notification']['list']['items'][number];
export type RideAlert = RouterOutputs['alert']['list'][number];
export type VendorApplication = RouterOutputs['admin']['vendorApplications']['items'][number];
export type TripView = RouterOutputs['trip']['get'];
export type TripShareLink = RouterOutputs['trip']['shares'][number];

/**
 * What a ride card needs of a ride. The left-out ones mean: not cancelled (`cancelReason`), SGD 5
 * a stop (`stopPrice`, rides from before it existed), no seats held by waitlist offers
 * (`heldSeats`), a ride on its own (`seriesId`), price not locked (`priceLockedAt`), no areas
 * named (`dropoffLocations`), the Second Link (`crossing`), no trip stage yet (`tripLatest`,
 * docs/trip-day.md#list).
 */
export type RideCardRide = Pick<
  RideListItem,
  | 'id'
  | 'creatorId'
  | 'creatorName'
  | 'creatorVerified'
  | 'direction'
  | 'date'
  | 'maxPassengers'
  | 'currentPassengers'
  | 'status'
  | 'cost'
  | 'additionalStops'
> &
  Partial<
    Pick<
      RideListItem,
      | 'cancelReason'
      | 'stopPrice'
      | 'heldSeats'
      | 'seriesId'
      | 'priceLockedAt'
      | 'dropoffLocations'
      | 'crossing'
      | 'tripLatest'
    >
  >;
