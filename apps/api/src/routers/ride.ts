import {
  assertCanCreateRide,
  assertCanDeleteRide,
  assertCanUpdateRide,
  nextSequenceNumber,
  organizerEntryOf,
  pickupLocationOf,
  rideListFiltersInput,
  ridePayloadInput,
  weekWindow,
} from '@rideshare/domain';
import type { Database } from '@rideshare/db';
import type { Transaction } from 'kysely';
import { z } from 'zod';

import { insertPassenger, updatePassengerEntry } from '../repositories/passenger-repository';
import {
  deleteRide,
  driverContactExists,
  findRideDetail,
  insertRide,
  listAllRides,
  listRidesJoinedBy,
  listRidesOrganizedBy,
  listRidesPage,
  updateRide,
  type RideDetail,
  type RideSummary,
} from '../repositories/ride-repository';
import type { ContextInner } from '../trpc/context';
import { notFound } from '../trpc/errors';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import { idInput, lockRideWithEntries, rideStateOf, saveDerivedFields } from './ride-writes';

/** The ride list's filters (domain defaults) plus paging; every field may be left out. */
export const rideListInput = rideListFiltersInput
  .unwrap()
  .extend({
    page: z.number({ error: 'Page must be a whole number of at least 1' }).int().min(1).default(1),
    pageSize: z.number({ error: 'Page size must be a whole number from 1 to 100' }).int().min(1).max(100).default(20),
  })
  .prefault({});

export interface RideListPage {
  items: RideSummary[];
  total: number;
  page: number;
  pageSize: number;
}

const byIdInput = z.object({ id: idInput });
/** The ride payload with the ride's id (REST: the path id wins over any id in the body). */
const updateRideInput = ridePayloadInput.safeExtend({ id: idInput });

/** One ride with its organiser; contact numbers only for a signed-in caller. */
async function loadRideDetail(ctx: ContextInner, id: number): Promise<RideDetail> {
  const ride = await findRideDetail(ctx.db, id, { withContacts: ctx.user !== null });
  if (!ride) notFound('Ride');
  return ride;
}

async function assertDriverContact(trx: Transaction<Database>, id: number | null | undefined): Promise<void> {
  if (id != null && !(await driverContactExists(trx, id))) notFound('Driver contact');
}

/** Creating rides has its own, tighter rate limit (RATE_LIMIT_RIDE_CREATE_PER_HOUR). */
const createProcedure = protectedProcedure.use(rateLimited('rideCreate'));

export const rideRouter = router({
  /**
   * The home page list: filtered (time, direction), sorted (rides still to come before past ones,
   * then by date) and paged in SQL; `total` counts every matching ride.
   */
  list: publicProcedure.input(rideListInput).query(async ({ ctx, input }): Promise<RideListPage> => {
    const now = ctx.now();
    const { page, pageSize, ...filters } = input;
    const { items, total } = await listRidesPage(ctx.db, { filters, page, pageSize, now, week: weekWindow(now) });
    return { items, total, page, pageSize };
  }),

  /** Every ride, soonest first: the documented GET /api/rides answer. */
  all: publicProcedure.query(({ ctx }) => listAllRides(ctx.db)),

  /** One ride with its organiser as `creator` (their numbers only for signed-in callers). */
  byId: publicProcedure.input(byIdInput).query(({ ctx, input }) => loadRideDetail(ctx, input.id)),

  /**
   * Creates a ride (members only, not vendors; the date must be ahead). The organiser becomes its
   * first passenger entry, at their location (pick-up for SG->FC, first drop-off for FC->SG) with
   * their group size; the derived fields are computed from that entry in the same transaction.
   * Further drop-off entries in the payload are not stored: every location on a ride belongs to
   * a passenger entry, and `dropoffLocations` is always rebuilt from the entries.
   */
  create: createProcedure.input(ridePayloadInput).mutation(async ({ ctx, input }) => {
    assertCanCreateRide({ isVendor: ctx.user.isVendor, date: input.date, now: ctx.now() });
    const organizer = organizerEntryOf(input);
    const creatorId = ctx.user.id;
    const id = await ctx.db.transaction().execute(async (trx) => {
      await assertDriverContact(trx, input.driverContactId);
      const rideId = await insertRide(trx, {
        creatorId,
        direction: input.direction,
        date: input.date,
        maxPassengers: input.maxPassengers,
        pickupLocation: pickupLocationOf(input),
        driverContactId: input.driverContactId ?? null,
      });
      await insertPassenger(trx, {
        rideId,
        userId: creatorId,
        dropoffLocation: organizer.location,
        passengerCount: organizer.passengerCount,
        dropoffSequence: null,
      });
      await saveDerivedFields(trx, { id: rideId, creatorId, direction: input.direction });
      return rideId;
    });
    return loadRideDetail(ctx, id);
  }),

  /**
   * Edits a ride: its organiser only, never a past ride, the new date ahead. The maximum can never
   * drop below the seats taken (others' groups plus the organiser's new group size). The direction
   * is fixed once anybody else joined (RIDE_HAS_PASSENGERS). The organiser's own entry takes the
   * new location and group size, and the derived fields are recomputed in the same transaction.
   */
  update: protectedProcedure.input(updateRideInput).mutation(async ({ ctx, input }) => {
    const organizer = organizerEntryOf(input);
    const actorId = ctx.user.id;
    const now = ctx.now();
    await ctx.db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.id);
      const own = entries.find((entry) => entry.userId === ride.creatorId);
      const others = entries.filter((entry) => entry.userId !== ride.creatorId);
      assertCanUpdateRide({
        ride: rideStateOf(ride, entries),
        actorId,
        next: {
          direction: input.direction,
          date: input.date,
          maxPassengers: input.maxPassengers,
          organizerPassengerCount: organizer.passengerCount,
        },
        othersJoined: others.length,
        othersSeats: others.reduce((sum, entry) => sum + entry.passengerCount, 0),
        now,
      });
      await assertDriverContact(trx, input.driverContactId);
      // Only reachable with nobody else on the ride: a drop-off order means nothing after a turn-around.
      const directionChanged = input.direction !== ride.direction;
      await updateRide(trx, ride.id, {
        direction: input.direction,
        date: input.date,
        maxPassengers: input.maxPassengers,
        pickupLocation: pickupLocationOf(input),
        driverContactId: input.driverContactId,
        ...(directionChanged ? { sequenceLocked: false } : {}),
      });
      if (own) {
        await updatePassengerEntry(trx, own.id, {
          dropoffLocation: organizer.location,
          passengerCount: organizer.passengerCount,
          ...(directionChanged ? { dropoffSequence: null } : {}),
        });
      } else {
        // Rides from before the organiser was an entry get their entry on the first edit.
        await insertPassenger(trx, {
          rideId: ride.id,
          userId: ride.creatorId,
          dropoffLocation: organizer.location,
          passengerCount: organizer.passengerCount,
          dropoffSequence: directionChanged ? null : nextSequenceNumber(entries),
        });
      }
      await saveDerivedFields(trx, { id: ride.id, creatorId: ride.creatorId, direction: input.direction });
    });
    return loadRideDetail(ctx, input.id);
  }),

  /**
   * Deletes a ride: its organiser only. Decision: a ride anybody else has joined is refused with
   * RIDE_HAS_PASSENGERS ('This ride has passengers who joined. Remove them before deleting it.'),
   * so no passenger's entry is ever silently lost; the organiser removes them first.
   */
  delete: protectedProcedure.input(byIdInput).mutation(async ({ ctx, input }) => {
    const actorId = ctx.user.id;
    await ctx.db.transaction().execute(async (trx) => {
      const { ride, entries } = await lockRideWithEntries(trx, input.id);
      const othersJoined = entries.filter((entry) => entry.userId !== ride.creatorId).length;
      assertCanDeleteRide({ ride, actorId, othersJoined });
      await deleteRide(trx, ride.id);
    });
    return { id: input.id, message: 'Ride deleted successfully' };
  }),

  /** Rides the caller joined as a passenger but did not organise (one query). */
  joined: protectedProcedure.query(({ ctx }) => listRidesJoinedBy(ctx.db, ctx.user.id)),

  /** Rides the caller organised (one query). */
  organized: protectedProcedure.query(({ ctx }) => listRidesOrganizedBy(ctx.db, ctx.user.id)),
});
