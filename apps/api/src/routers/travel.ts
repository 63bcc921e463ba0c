import { checklistInput, checklistTickInput, travelProfileInput } from '@rideshare/domain';

import { readTravelProfile, riderChecklist, saveTravelProfile, tickChecklistItem } from '../services/travel-service';
import { protectedProcedure, router } from '../trpc/init';
import { checklistOutput, travelProfileOutput } from './travel.outputs';

/** The border checklist (docs/border.md): your private travel profile and your checklist per ride. */
export const travelRouter = router({
  /** Your travel profile `{documentCategory, passportExpiresOn}` (both null before it is saved); only ever yours. */
  profile: protectedProcedure.output(travelProfileOutput).query(({ ctx }) => readTravelProfile(ctx.db, ctx.user.id)),

  /** Saves your travel profile; a passport date before today or over ten years ahead is a 400. */
  updateProfile: protectedProcedure
    .input(travelProfileInput)
    .output(travelProfileOutput)
    .mutation(({ ctx, input }) => saveTravelProfile(ctx.db, { userId: ctx.user.id, profile: input, now: ctx.now() })),

  /** Your checklist for a ride you organise or ride on: 403 for others, 409 once cancelled. */
  checklist: protectedProcedure
    .input(checklistInput)
    .output(checklistOutput)
    .query(({ ctx, input }) => riderChecklist(ctx.db, { rideId: input.rideId, userId: ctx.user.id, now: ctx.now() })),

  /** Ticks or unticks a self-declared item of your checklist; answers the checklist. */
  tick: protectedProcedure
    .input(checklistTickInput)
    .output(checklistOutput)
    .mutation(({ ctx, input }) => tickChecklistItem(ctx.db, { ...input, userId: ctx.user.id, now: ctx.now() })),
});
