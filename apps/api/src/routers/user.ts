import { updateProfileInput } from '@rideshare/domain';

import { updateOwnProfile } from '../services/user-service';
import { notFound } from '../trpc/errors';
import { protectedProcedure, router } from '../trpc/init';

export const userRouter = router({
  /**
   * Updates your own profile. Blank clears a field (null), a missing key leaves it unchanged, and
   * any other key (isVendor, discordUsername, password) is dropped by the input schema, never applied.
   */
  update: protectedProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
    const user = await updateOwnProfile(ctx.db, { actorId: ctx.user.id, input });
    if (!user) notFound('User', input.id);
    return user;
  }),
});
