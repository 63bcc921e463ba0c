import { readStats } from '../repositories/ride-repository';
import { publicProcedure, router } from '../trpc/init';
import { statsOutput } from './stats.outputs';

export const statsRouter = router({
  /** The home page counters: { totalRides, totalUsers } in one query. */
  get: publicProcedure.output(statsOutput).query(({ ctx }) => readStats(ctx.db)),
});
