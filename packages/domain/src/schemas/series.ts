/** A weekly series' inputs: creating one, editing or cancelling "this and following" rides (docs/series.md). */
import { z } from 'zod';

import { expandSeriesDates } from '../series';
import { idInput, isCalendarDate, seatCount } from './fields';
import { cancelReasonField, organizerFitsRide, ridePayloadInput } from './rides';

export const SERIES_TIME_MESSAGE = 'Time must be HH:mm, 24-hour Singapore time';
const WEEKDAYS_MESSAGE = 'Weekdays must be a list of days from 1 (Monday) to 7 (Sunday)';

const seriesTime = z
  .string({ error: SERIES_TIME_MESSAGE })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: SERIES_TIME_MESSAGE });

const calendarDate = (label: string) => {
  const message = `${label} must be a date written YYYY-MM-DD`;
  return z.string({ error: message }).refine(isCalendarDate, { error: message });
};

const weekdays = z
  .array(
    z
      .number({ error: WEEKDAYS_MESSAGE })
      .int({ error: WEEKDAYS_MESSAGE })
      .min(1, WEEKDAYS_MESSAGE)
      .max(7, WEEKDAYS_MESSAGE),
    {
      error: WEEKDAYS_MESSAGE,
    },
  )
  .min(1, { error: 'Choose at least one weekday' })
  .max(7, { error: WEEKDAYS_MESSAGE })
  .refine((days) => new Set(days).size === days.length, { error: 'Each weekday may be chosen once' });

/** The create-ride fields without their one date: a series gives each ride its own. */
const { date: _date, ...seriesRideFields } = ridePayloadInput.shape;

/**
 * Creating a weekly series: the create-ride fields plus the weekdays (1 Monday … 7 Sunday), one
 * Singapore time and the first and last calendar days. Refused when the days make no ride, more
 * than 24 rides, or span more than the most weeks allowed
 * (docs/series.md#limits), with the message naming why.
 */
export const createSeriesInput = z
  .object({
    ...seriesRideFields,
    weekdays,
    time: seriesTime,
    fromDate: calendarDate('Start date'),
    untilDate: calendarDate('Until date'),
  })
  .refine(organizerFitsRide.check, organizerFitsRide.params)
  .superRefine((plan, ctx) => {
    const dates = expandSeriesDates(plan);
    if (!dates.ok) ctx.addIssue({ code: 'custom', message: dates.message, path: [dates.field], input: plan });
  });
export type CreateSeriesInput = z.output<typeof createSeriesInput>;

/** The ride fields an edit of "this and following" rides may change; left out, each ride keeps its own. */
const editableFields = {
  direction: seriesRideFields.direction.optional(),
  maxPassengers: seriesRideFields.maxPassengers.optional(),
  organizerPassengerCount: seatCount('Passengers at your location must be a whole number from 1 to 10').optional(),
  pickupLocation: seriesRideFields.pickupLocation.optional(),
  dropoffLocations: seriesRideFields.dropoffLocations.optional(),
  driverContactId: seriesRideFields.driverContactId,
  cost: seriesRideFields.cost,
  stopPrice: seriesRideFields.stopPrice,
  /** A new departure time, each ride keeping its own day. */
  time: seriesTime.optional(),
};
const EDITABLE_KEYS = Object.keys(editableFields);

/**
 * Editing `fromRideId` and every later ride of series `id` (docs/series.md#this-and-following): at
 * least one field, each applied to every one of those rides under the one-ride edit rules.
 */
export const editSeriesInput = z
  .object({ id: idInput, fromRideId: idInput, ...editableFields })
  .refine((input) => EDITABLE_KEYS.some((key) => input[key as keyof typeof input] !== undefined), {
    error: `Give at least one field to change: ${EDITABLE_KEYS.join(', ')}`,
  });
export type EditSeriesInput = z.output<typeof editSeriesInput>;

/** Cancelling `fromRideId` and every later ride of series `id`, with the reason everyone reads. */
export const cancelSeriesInput = z.object({ id: idInput, fromRideId: idInput, reason: cancelReasonField });
export type CancelSeriesInput = z.output<typeof cancelSeriesInput>;
