import { ratingIdInput, ratingInput, ratingRideInput, recordInput } from '@rideshare/domain';

import { listThumbsForAdmin } from '../repositories/record-repository';
import {
  giveThumb,
  memberRecord,
  myThumbs,
  receivedThumbs,
  removeThumbAsAdmin,
  rideThumbs,
} from '../services/record-service';
import { z } from 'zod';

import { adminProcedure, protectedProcedure, router } from '../trpc/init';
import {
  adminThumbOutput,
  givenThumbOutput,
  memberRecordOutput,
  receivedThumbOutput,
  rideThumbsOutput,
  thumbRemovedOutput,
} from './record.outputs';

/**
 * A member's record and the thumbs of completed rides (docs/record.md): records and counts for
 * signed-in members (401 visitors); notes for their subject and the administrators only.
 */
export const recordRouter = router({
  /** `{tripsCompleted, asOrganizer, asRider, asVendor, thumbs}` of one member (docs/record.md#definitions). */
  get: protectedProcedure
    .input(recordInput)
    .output(memberRecordOutput)
    .query(({ ctx, input }) => memberRecord(ctx.db, input.userId)),

  /** Gives or changes the caller's thumb for a member of a completed ride's party (docs/record.md#thumbs). */
  rate: protectedProcedure
    .input(ratingInput)
    .output(givenThumbOutput)
    .mutation(({ ctx, input }) => giveThumb(ctx.db, { ...input, raterId: ctx.user.id, now: ctx.now() })),

  /** The thumbs the caller gave on a ride of theirs. */
  mine: protectedProcedure
    .input(ratingRideInput)
    .output(z.array(givenThumbOutput))
    .query(({ ctx, input }) => myThumbs(ctx.db, { rideId: input.rideId, raterId: ctx.user.id })),

  /** The web app's thumbs card of a ride: whom the caller may thumb, what they gave and until when. */
  ride: protectedProcedure
    .input(ratingRideInput)
    .output(rideThumbsOutput)
    .query(({ ctx, input }) => rideThumbs(ctx.db, { rideId: input.rideId, raterId: ctx.user.id, now: ctx.now() })),

  /** The thumbs a member received, with notes and without who gave them: the member and administrators. */
  received: protectedProcedure
    .input(recordInput)
    .output(z.array(receivedThumbOutput))
    .query(({ ctx, input }) => receivedThumbs(ctx.db, { userId: input.userId, viewer: ctx.user })),

  /** The administrators' list of the newest thumbs, who gave them to whom, with notes. */
  adminList: adminProcedure.output(z.array(adminThumbOutput)).query(({ ctx }) => listThumbsForAdmin(ctx.db)),

  /** An administrator removes a thumb (and its note) that breaks the community's rules. */
  adminRemove: adminProcedure
    .input(ratingIdInput)
    .output(thumbRemovedOutput)
    .mutation(({ ctx, input }) =>
      removeThumbAsAdmin(ctx.db, { ratingId: input.ratingId, adminId: ctx.user.id, now: ctx.now() }),
    ),
});
