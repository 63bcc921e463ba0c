import {
  publicTripInput,
  rideIdInput,
  ridePassengerInput,
  shareLinkInput,
  shareRevokeInput,
  tripLateInput,
  tripStageInput,
} from '@rideshare/domain';

import {
  createShareLink,
  listShareLinks,
  publicTrip,
  revokeShareLink,
  revokeShareLinkById,
  type PublicTripView,
  type ShareLink,
} from '../services/trip-share-service';
import { getTrip, postStage, sendLateNotice, setNoShow, undoStage, type TripView } from '../services/trip-service';
import { protectedProcedure, publicProcedure, rateLimited, router } from '../trpc/init';
import {
  publicTripOutput,
  tripOutput,
  tripShareListOutput,
  tripShareOutput,
  tripShareRevokedOutput,
} from './trip.outputs';

/** Every trip write counts against RATE_LIMIT_TRIP_PER_HOUR (docs/write-limits.md). */
const tripWrite = protectedProcedure.use(rateLimited('trip'));

/**
 * The day of the trip (docs/trip-day.md): the party's view and its writes (401 for visitors, 403
 * for anyone outside the party), and the public view a share link opens.
 */
export const tripRouter = router({
  /** The stages, late notices and no-shows of a ride's trip. */
  get: protectedProcedure
    .input(rideIdInput)
    .output(tripOutput)
    .query(({ ctx, input }): Promise<TripView> => getTrip(ctx.db, { rideId: input.rideId, member: ctx.user })),

  /** The organizer or the assigned vendor posts a later stage, inside the trip window and on the clock's terms. */
  stage: tripWrite
    .input(tripStageInput)
    .output(tripOutput)
    .mutation(({ ctx, input }): Promise<TripView> =>
      postStage(ctx.db, {
        rideId: input.rideId,
        stage: input.stage,
        member: ctx.user,
        now: ctx.now(),
        hoursBefore: ctx.env.TRIP_WINDOW_HOURS_BEFORE,
        departEarlyMinutes: ctx.env.TRIP_DEPART_EARLY_MINUTES,
      }),
    ),

  /** Takes back the newest stage (its poster, within 10 minutes). */
  undo: tripWrite
    .input(rideIdInput)
    .output(tripOutput)
    .mutation(({ ctx, input }): Promise<TripView> =>
      undoStage(ctx.db, {
        rideId: input.rideId,
        member: ctx.user,
        now: ctx.now(),
        hoursBefore: ctx.env.TRIP_WINDOW_HOURS_BEFORE,
      }),
    ),

  /** A rider running 5, 10, 15 or 30 minutes late. */
  late: tripWrite
    .input(tripLateInput)
    .output(tripOutput)
    .mutation(({ ctx, input }): Promise<TripView> =>
      sendLateNotice(ctx.db, {
        rideId: input.rideId,
        minutes: input.minutes,
        member: ctx.user,
        now: ctx.now(),
        hoursBefore: ctx.env.TRIP_WINDOW_HOURS_BEFORE,
      }),
    ),

  /** The crew marks a party as not showing up, once the car departed. */
  markNoShow: tripWrite
    .input(ridePassengerInput)
    .output(tripOutput)
    .mutation(({ ctx, input }): Promise<TripView> =>
      setNoShow(ctx.db, { ...input, member: ctx.user, now: ctx.now(), marked: true }),
    ),

  /** The crew takes a no-show back. */
  clearNoShow: tripWrite
    .input(ridePassengerInput)
    .output(tripOutput)
    .mutation(({ ctx, input }): Promise<TripView> =>
      setNoShow(ctx.db, { ...input, member: ctx.user, now: ctx.now(), marked: false }),
    ),

  /** A member of the party makes a link family can follow. */
  share: tripWrite
    .input(rideIdInput)
    .output(tripShareOutput)
    .mutation(({ ctx, input }): Promise<ShareLink> =>
      createShareLink(ctx.db, { rideId: input.rideId, member: ctx.user, now: ctx.now(), origin: ctx.origin }),
    ),

  /** The member revokes one of their links; the ride's organizer any link on the ride. */
  revokeShare: tripWrite
    .input(shareRevokeInput)
    .output(tripShareRevokedOutput)
    .mutation(({ ctx, input }) => revokeShareLink(ctx.db, { ...input, member: ctx.user })),

  /** The live links on the ride the caller may revoke (the organizer: all of them). */
  shares: protectedProcedure
    .input(rideIdInput)
    .output(tripShareListOutput)
    .query(({ ctx, input }) => listShareLinks(ctx.db, { rideId: input.rideId, member: ctx.user, now: ctx.now() })),

  /** Revokes a link from that list by its id (its maker, or the ride's organizer). */
  revokeShareLink: tripWrite
    .input(shareLinkInput)
    .output(tripShareRevokedOutput)
    .mutation(({ ctx, input }) => revokeShareLinkById(ctx.db, { ...input, member: ctx.user })),

  /** What a share link shows, to anyone holding it. */
  public: publicProcedure
    .input(publicTripInput)
    .output(publicTripOutput)
    .query(({ ctx, input }): Promise<PublicTripView> => publicTrip(ctx.db, { token: input.token, now: ctx.now() })),
});
