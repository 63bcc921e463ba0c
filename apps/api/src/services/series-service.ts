/**
 * Weekly series (docs/series.md): creating every ride of one, and editing or cancelling "this and
 * following" rides. Each is one transaction that runs the one-ride services for every ride, so
 * every one-ride rule, event and notification applies unchanged, and the first refusal undoes all.
 * Each answers the series as it then is, read in that same transaction.
 */
import type { Database } from '@rideshare/db';
import {
  assertCanCancelRide,
  assertCanCreateRide,
  deleteRefusal,
  atSingaporeTime,
  type CreateSeriesInput,
  DomainError,
  type EditSeriesInput,
  expandSeriesDates,
  formatRideDate,
  isDomainError,
  notFound,
  organizerFitsRide,
  RateLimitedError,
  type RidePayloadInput,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import {
  findSeries,
  insertSeries,
  linkRidesToSeries,
  lockMemberSeries,
  listSeriesRideRows,
  readRideEditBase,
  readSeriesAnswer,
  type SeriesAnswer,
  type SeriesRideRow,
} from '../repositories/series-repository';
import { assertSeriesAllowed } from './ride-limits';
import { cancelRideIn, createRideIn, editRideIn, removeRideIn, rideDeleteFacts } from './ride-service';
import { lockRideWithEntries } from './ride-party';
import { rideStateOf } from './ride-writes';

/** The series as its organiser (a signed-in member) now sees it, read in the write's transaction. */
async function seriesIn(trx: Transaction<Database>, id: number): Promise<SeriesAnswer> {
  const series = await readSeriesAnswer(trx, id, 'member');
  if (!series) throw notFound('series');
  return series;
}

/** Runs one ride's step; a refusal names the ride it is about, so the organiser knows which one. */
async function forRide<T>(date: Date, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new RateLimitedError(`The ride on ${formatRideDate(date)}: ${error.message}`, error.retryAfterSeconds);
    }
    if (isDomainError(error))
      throw new DomainError(error.code, `The ride on ${formatRideDate(date)}: ${error.message}`);
    throw error;
  }
}

/**
 * Creates the series and every ride of it (docs/series.md#dates), each as `createRideIn` makes one
 * ride, then links them; answers the series. Any refusal creates nothing.
 */
export async function createSeries(
  db: Kysely<Database>,
  args: { creator: { id: number; isVendor: boolean }; input: CreateSeriesInput; now: Date; ridesPerDay: number },
): Promise<SeriesAnswer> {
  const { creator, now } = args;
  const { weekdays, time, fromDate, untilDate, ...ride } = args.input;
  const plan = expandSeriesDates({ weekdays, time, fromDate, untilDate }, now);
  if (!plan.ok) throw new DomainError('VALIDATION_FAILED', plan.message);
  // The one-ride rule, once before any write (every date is checked again as its ride is made).
  const [first] = plan.dates;
  if (first) assertCanCreateRide({ isVendor: creator.isVendor, date: first, now });
  return db.transaction().execute(async (trx) => {
    // At most two live series per member, counted under the member's lock (docs/series.md#rate-limit).
    await lockMemberSeries(trx, creator.id);
    await assertSeriesAllowed(trx, creator.id, now);
    const seriesId = await insertSeries(trx, { creatorId: creator.id, weekdays, time, fromDate, untilDate });
    const rideIds: number[] = [];
    for (const date of plan.dates) {
      rideIds.push(
        await forRide(date, () =>
          createRideIn(trx, { creator, input: { ...ride, date }, now, ridesPerDay: args.ridesPerDay }),
        ),
      );
    }
    await linkRidesToSeries(trx, seriesId, rideIds);
    return seriesIn(trx, seriesId);
  });
}

/**
 * The series' rides from `fromRideId` on, soonest first, once the series is locked and the actor
 * is its organiser (docs/series.md#this-and-following).
 */
async function ridesFrom(
  trx: Transaction<Database>,
  args: { actorId: number; seriesId: number; fromRideId: number },
): Promise<SeriesRideRow[]> {
  const series = await findSeries(trx, args.seriesId, { forUpdate: true });
  if (!series) throw notFound('series');
  if (series.creatorId !== args.actorId) {
    throw new DomainError('NOT_CREATOR', 'Only the ride organizer can change this series');
  }
  const rides = await listSeriesRideRows(trx, series.id);
  const index = rides.findIndex((ride) => ride.id === args.fromRideId);
  if (index < 0) throw new DomainError('VALIDATION_FAILED', 'That ride is not part of this series');
  return rides.slice(index);
}

/** A ride's edit payload: the fields given, and for the rest what the ride has now. */
async function editedPayload(
  trx: Transaction<Database>,
  ride: SeriesRideRow,
  change: Omit<EditSeriesInput, 'id' | 'fromRideId'>,
): Promise<RidePayloadInput> {
  const base = await readRideEditBase(trx, ride.id);
  const { ride: locked, entries } = await lockRideWithEntries(trx, ride.id);
  const own = entries.find((entry) => entry.userId === locked.creatorId);
  const ownLocation = own?.dropoffLocation ?? base.pickupLocation;
  const direction = change.direction ?? base.direction;
  const organizerPassengerCount = change.organizerPassengerCount ?? own?.passengerCount ?? 1;
  const date = change.time ? atSingaporeTime(base.date, change.time) : base.date;
  const payload: RidePayloadInput = {
    direction,
    date: date ?? base.date,
    maxPassengers: change.maxPassengers ?? base.maxPassengers,
    organizerPassengerCount,
    // The organiser's entry is the pick-up going to Forest City and the first drop-off coming back.
    pickupLocation: change.pickupLocation ?? ownLocation,
    dropoffLocations: change.dropoffLocations ?? [{ location: ownLocation, passengerCount: organizerPassengerCount }],
    driverContactId: change.driverContactId === undefined ? base.driverContactId : change.driverContactId,
    cost: change.cost ?? base.cost,
    stopPrice: change.stopPrice ?? base.stopPrice,
  };
  if (!organizerFitsRide.check(payload)) throw new DomainError('VALIDATION_FAILED', organizerFitsRide.params.error);
  return payload;
}

/**
 * Edits `fromRideId` and every later ride of the series not cancelled, each with `editRideIn`'s
 * rules; one refusal changes none (docs/series.md#this-and-following).
 */
export async function editSeries(
  db: Kysely<Database>,
  args: { actorId: number; input: EditSeriesInput; now: Date },
): Promise<SeriesAnswer> {
  const { actorId, now } = args;
  const { id, fromRideId, ...change } = args.input;
  return db.transaction().execute(async (trx) => {
    const rides = (await ridesFrom(trx, { actorId, seriesId: id, fromRideId })).filter(
      (ride) => ride.status !== 'cancelled',
    );
    if (rides.length === 0) throw new DomainError('RIDE_CANCELLED', 'Every ride from this one on is cancelled');
    for (const ride of rides) {
      await forRide(ride.date, async () => {
        const input = await editedPayload(trx, ride, change);
        await editRideIn(trx, { actorId, rideId: ride.id, input, now });
      });
    }
    return seriesIn(trx, id);
  });
}

/**
 * Cancels `fromRideId` and every later ride of the series not already cancelled, each under the
 * one-ride cancel rules: a ride with anybody to tell (another passenger, someone waiting, a vendor)
 * is cancelled and they are told; a ride only its organiser is on is deleted
 * (docs/series.md#this-and-following). One refusal changes none.
 */
export async function cancelSeries(
  db: Kysely<Database>,
  args: { actorId: number; seriesId: number; fromRideId: number; reason: string; now: Date },
): Promise<SeriesAnswer> {
  const { actorId, reason, now } = args;
  return db.transaction().execute(async (trx) => {
    const rides = (await ridesFrom(trx, args)).filter((ride) => ride.status !== 'cancelled');
    if (rides.length === 0) {
      throw new DomainError('RIDE_CANCELLED', 'Every ride from this one on is already cancelled');
    }
    for (const ride of rides) {
      await forRide(ride.date, async () => {
        const locked = await lockRideWithEntries(trx, ride.id);
        assertCanCancelRide({ ride: rideStateOf(locked.ride, locked.entries), actorId, now });
        // Deleted only when a one-ride delete would be; anything that concerns someone is cancelled.
        if (deleteRefusal(await rideDeleteFacts(trx, locked))) {
          await cancelRideIn(trx, { actorId, rideId: ride.id, reason, now });
        } else {
          await removeRideIn(trx, { actorId, rideId: ride.id });
        }
      });
    }
    return seriesIn(trx, args.seriesId);
  });
}
