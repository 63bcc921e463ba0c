import { readStats } from '../repositories/ride-repository';
import { publicProcedure, router } from '../trpc/init';

export const statsRouter = router({
  /** The home page counters: { totalRides, totalUsers } in one query. */
  get: publicProcedure.query(({ ctx }) => readStats(ctx.db)),
});
