import { createCallerFactory, router } from '../trpc/init';
import { authRouter } from './auth';

/** The table of contents of the API: one namespace per area. */
export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
