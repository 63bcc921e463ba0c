import { assertOwnProfile, updateProfileInput } from '@rideshare/domain';

import { updateUserProfile } from '../repositories/user-repository';
import { notFound } from '../trpc/errors';
import { protectedProcedure, router } from '../trpc/init';

export const userRouter = router({
  /**
   * Updates your own profile: name, WhatsApp number, Malaysian number, Revolut username. Blank
   * clears a field (null), a missing key leaves it unchanged, and any other key (isVendor,
   * discordUsername, password) is dropped by the input schema, never applied.
   */
  update: protectedProcedure.input(updateProfileInput).mutation(async ({ ctx, input }) => {
    const { id, ...changes } = input;
    assertOwnProfile(ctx.user.id, id);
    const user = await updateUserProfile(ctx.db, id, changes);
    if (!user) notFound('User', id);
    return user;
  }),
});
