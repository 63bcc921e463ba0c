/** A ride's own inputs: creating, editing, cancelling, the stop order and the list filters (docs/product.md#ride-form-validation). */
import { z } from 'zod';
import {
  DIRECTIONS,
  MAX_CANCEL_REASON_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_PASSENGERS,
  MAX_RIDE_COST,
  MAX_STOP_PRICE,
  MIN_RIDE_COST,
  MIN_STOP_PRICE,
} from '../constants';
import { parseRideDate } from '../direction';
import {
  DEFAULT_DIRECTION_FILTER,
  DEFAULT_SORT_ORDER,
  DEFAULT_TIME_FILTER,
  DIRECTION_FILTERS,
  MAX_SEARCH_LENGTH,
  SEARCH_TOO_LONG_MESSAGE,
  searchWords,
  SORT_ORDERS,
  TIME_FILTERS,
} from '../filters';
import { MIN_PASSENGERS_MESSAGE } from '../payments';
import { CROSSINGS } from '../trip';
import {
  formNumber,
  idInput,
  multiline,
  requiredText,
  rowId,
  safeText,
  seatCount,
  sgdAmount,
  whenFilled,
} from './fields';

/** A call about one ride. */
export const rideIdInput = z.object({ rideId: idInput });

const INVALID_DATE = 'Invalid date provided';

const direction = z.enum(DIRECTIONS, { error: 'Direction must be SG->FC or FC->SG' });
/** The bridge the ride crosses by (docs/trip-day.md#crossing). */
export const crossingField = z.enum(CROSSINGS, { error: 'Crossing must be second-link or causeway' });

/** The organiser's own group must fit in the ride. */
export const organizerFitsRide = {
  check: (ride: { organizerPassengerCount: number; maxPassengers: number }) =>
    ride.organizerPassengerCount <= ride.maxPassengers,
  params: {
    error: 'Passengers at your location cannot be more than the maximum passengers',
    path: ['organizerPassengerCount'],
  },
};

export const RIDE_COST_MESSAGE = `Cost must be a whole number from ${MIN_RIDE_COST} to ${MAX_RIDE_COST} SGD`;
export const STOP_PRICE_MESSAGE = `Price per additional stop must be a whole number from ${MIN_STOP_PRICE} to ${MAX_STOP_PRICE} SGD`;
export const rideCost = sgdAmount(MIN_RIDE_COST, MAX_RIDE_COST, RIDE_COST_MESSAGE);
export const stopPrice = sgdAmount(MIN_STOP_PRICE, MAX_STOP_PRICE, STOP_PRICE_MESSAGE);

const locationText = requiredText('Location is required', MAX_LOCATION_LENGTH, 'Location', multiline);

const rideDate = z.union([z.date(), z.string()], { error: INVALID_DATE }).transform((value, ctx) => {
  try {
    return parseRideDate(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: INVALID_DATE, input: value });
    return z.NEVER;
  }
});

const dropoffEntry = z
  .union(
    [
      locationText,
      z.object({
        location: locationText,
        passengerCount: seatCount('Passenger count must be a whole number from 1 to 10').default(1),
      }),
    ],
    { error: 'Each drop-off location must be a text or a location with a passenger count' },
  )
  .transform((entry) => (typeof entry === 'string' ? { location: entry, passengerCount: 1 } : entry));

/**
 * Creating or updating a ride. Drop-off entries may be plain strings (one passenger each); they come
 * out as `{ location, passengerCount }`. The organiser's group cannot exceed the ride's seats.
 * `cost` (SGD 1..1000) and `stopPrice` (SGD 0..100 a stop) are optional: left out, a new ride costs
 * SGD 80 and SGD 5 a stop, and an edit keeps what the ride had.
 */
export const ridePayloadInput = z
  .object({
    direction,
    maxPassengers: seatCount('Maximum passengers must be a whole number from 1 to 10'),
    date: rideDate,
    organizerPassengerCount: seatCount('Passengers at your location must be a whole number from 1 to 10').default(1),
    pickupLocation: requiredText('Pickup location is required', MAX_LOCATION_LENGTH, 'Pickup location', multiline),
    dropoffLocations: z
      .array(dropoffEntry, { error: 'Drop-off locations must be a list' })
      .min(1, { error: 'At least one drop-off location is required' })
      .max(MAX_PASSENGERS, { error: `At most ${MAX_PASSENGERS} drop-off locations are allowed` }),
    driverContactId: rowId('Driver contact id must be a positive whole number').nullish(),
    cost: rideCost.optional(),
    stopPrice: stopPrice.optional(),
    /** Optional (docs/payments.md#minimum): left out, a new ride has none and an edit keeps it; null clears it. */
    minPassengers: seatCount(MIN_PASSENGERS_MESSAGE).nullish(),
    /** Optional: left out, a new ride crosses by the Second Link and an edit keeps its crossing. */
    crossing: crossingField.optional(),
    /**
     * "Announce on Discord" (docs/announcements.md): a new ride (or series) is announced unless
     * false; an edit leaves the choice as it is.
     */
    announce: z.boolean({ error: 'Announce on Discord must be true or false' }).optional(),
  })
  .refine(organizerFitsRide.check, organizerFitsRide.params)
  .refine(
    (ride) =>
      ride.minPassengers === null || ride.minPassengers === undefined || ride.minPassengers <= ride.maxPassengers,
    {
      error: MIN_PASSENGERS_MESSAGE,
      path: ['minPassengers'],
    },
  );
export type RidePayloadInput = z.output<typeof ridePayloadInput>;

/** The ride create/edit form's own checks (field names as the form uses them). */
export const rideFormSchema = z
  .object({
    direction,
    date: z
      .string({ error: 'Date and time is required' })
      .trim()
      .min(1, { error: 'Date and time is required' })
      .refine(
        (value) => {
          try {
            parseRideDate(value);
            return true;
          } catch {
            return false;
          }
        },
        { error: INVALID_DATE, when: whenFilled },
      ),
    maxPassengers: formNumber(seatCount('Maximum passengers must be a whole number from 1 to 10')),
    organizerLocation: requiredText('Please specify your location', MAX_LOCATION_LENGTH, 'Location', multiline),
    organizerPassengerCount: formNumber(seatCount('Passengers at your location must be a whole number from 1 to 10')),
    cost: formNumber(rideCost),
    stopPrice: formNumber(stopPrice),
    minPassengers: formNumber(seatCount(MIN_PASSENGERS_MESSAGE).optional()),
  })
  .refine(organizerFitsRide.check, organizerFitsRide.params)
  .refine((ride) => ride.minPassengers === undefined || ride.minPassengers <= ride.maxPassengers, {
    error: MIN_PASSENGERS_MESSAGE,
    path: ['minPassengers'],
  });

/** The refusal of a missing or blank cancel reason (API and the Cancel Ride form alike). */
export const CANCEL_REASON_REQUIRED = 'Please give a reason for cancelling';

/**
 * Why the organiser cancels a ride: 1 to 300 characters after trimming; a text box, so line breaks
 * and tabs are kept but other control and text-direction characters are refused.
 */
export const cancelReasonField = requiredText(CANCEL_REASON_REQUIRED, MAX_CANCEL_REASON_LENGTH, 'Reason', {
  multiline: true,
});

/** Cancelling a ride: the ride's id and the reason passengers and the vendor will read. */
export const cancelRideInput = z.object({ id: idInput, reason: cancelReasonField });
export type CancelRideInput = z.output<typeof cancelRideInput>;

/** The Cancel Ride form (the modal's textarea): the same reason rule and messages. */
export const cancelRideFormSchema = z.object({ reason: cancelReasonField });
export type CancelRideFormValues = z.input<typeof cancelRideFormSchema>;

/** Setting one passenger's stop number (1-based). */
export const sequenceInput = z.object({
  sequence: z
    .number({ error: 'Sequence must be a whole number of at least 1' })
    .int({ error: 'Sequence must be a whole number of at least 1' })
    .min(1, { error: 'Sequence must be a whole number of at least 1' }),
});
export type SequenceInput = z.output<typeof sequenceInput>;

/** The ride list's filter settings; every field (and the whole object) may be left out for its default. */
export const rideListFiltersInput = z
  .object({
    time: z.enum(TIME_FILTERS).default(DEFAULT_TIME_FILTER),
    direction: z.enum(DIRECTION_FILTERS).default(DEFAULT_DIRECTION_FILTER),
    sort: z.enum(SORT_ORDERS).default(DEFAULT_SORT_ORDER),
    /** Words every listed ride must match (docs/product.md#search); '' lists every ride. */
    q: safeText(
      z.string({ error: 'Search must be text' }).max(MAX_SEARCH_LENGTH, { error: SEARCH_TOO_LONG_MESSAGE }),
      'Search',
    )
      .transform((value) => searchWords(value).join(' '))
      .default(''),
  })
  .prefault({});
export type RideListFilters = z.output<typeof rideListFiltersInput>;
