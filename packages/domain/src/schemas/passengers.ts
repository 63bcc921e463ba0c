/** Taking a seat: joining a ride and joining its waitlist (docs/product.md#join-validation). */
import { z } from 'zod';
import { MAX_LOCATION_LENGTH, MAX_PASSENGERS, MIN_PASSENGERS } from '../constants';
import { COORDINATES_PAIR_MESSAGE, coordinatesPaired, LATITUDE_MESSAGE, LONGITUDE_MESSAGE } from '../coordinates';
import { formNumber, idInput, multiline, requiredText } from './fields';

const latitude = z
  .number({ error: LATITUDE_MESSAGE })
  .min(-90, { error: LATITUDE_MESSAGE })
  .max(90, { error: LATITUDE_MESSAGE })
  .nullish();
const longitude = z
  .number({ error: LONGITUDE_MESSAGE })
  .min(-180, { error: LONGITUDE_MESSAGE })
  .max(180, { error: LONGITUDE_MESSAGE })
  .nullish();

/** The optional `latitude` and `longitude` fields of a stop's input (validated ranges). */
export const coordinatesFields = { latitude, longitude };

const joinLocation = requiredText('Drop-off location is required', MAX_LOCATION_LENGTH, 'Drop-off location', multiline);
const AT_LEAST_ONE_PASSENGER = 'Must have at least 1 passenger';
/** A group's size on a join: a whole number from 1 to 10, one when left out. */
const groupSize = z
  .number({ error: AT_LEAST_ONE_PASSENGER })
  .int({ error: 'Number of passengers must be a whole number' })
  .min(MIN_PASSENGERS, { error: AT_LEAST_ONE_PASSENGER })
  .max(MAX_PASSENGERS, { error: `Number must be less than or equal to ${MAX_PASSENGERS}` })
  .default(1);

/** Joining a ride with one's location (pick-up for SG->FC, drop-off for FC->SG) and group size. */
export const joinRideInput = z
  .object({
    rideId: idInput,
    dropoffLocation: joinLocation,
    passengerCount: groupSize,
    /** Where the location was picked on the map, when it was (docs/vendors.md#stops-on-the-map). */
    ...coordinatesFields,
  })
  .refine(coordinatesPaired, { error: COORDINATES_PAIR_MESSAGE, path: ['longitude'] });
export type JoinRideInput = z.output<typeof joinRideInput>;

/**
 * What joining would cost (docs/payments.md#join-price): the join's own fields, the place optional
 * (left out or blank: a stop the ride already makes).
 */
export const joinPriceInput = z
  .object({
    rideId: idInput,
    dropoffLocation: z
      .string({ error: 'Drop-off location must be text' })
      .max(MAX_LOCATION_LENGTH, { error: `Drop-off location must be at most ${MAX_LOCATION_LENGTH} characters` })
      .default(''),
    passengerCount: groupSize,
    ...coordinatesFields,
  })
  .refine(coordinatesPaired, { error: COORDINATES_PAIR_MESSAGE, path: ['longitude'] });
export type JoinPriceInput = z.output<typeof joinPriceInput>;

/**
 * The join card on the ride detail page: the group may not be larger than the seats left (and never
 * more than 10), with 'Number must be less than or equal to {n}'.
 *
 * @example joinFormSchema(2).safeParse({ dropoffLocation: 'Bedok', passengerCount: 3 })
 *   // fails on passengerCount: 'Number must be less than or equal to 2'
 */
export function joinFormSchema(remaining: number) {
  const limit = Math.min(Math.max(Math.floor(remaining), 0), MAX_PASSENGERS);
  return z.object({
    dropoffLocation: joinLocation,
    passengerCount: formNumber(
      z
        .number({ error: AT_LEAST_ONE_PASSENGER })
        .int({ error: 'Number of passengers must be a whole number' })
        .min(MIN_PASSENGERS, { error: AT_LEAST_ONE_PASSENGER })
        .max(limit, { error: `Number must be less than or equal to ${limit}` }),
    ),
  });
}
export type JoinFormValues = z.input<ReturnType<typeof joinFormSchema>>;

/** Joining the waitlist takes the same fields, and the same messages, as joining the ride. */
export const joinWaitlistInput = joinRideInput;
