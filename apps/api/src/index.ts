// Type-only entry for the web app and scripts: `import type { AppRouter } from '@rideshare/api'`.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import type { AppRouter } from './routers/app-router';

export type { AppRouter } from './routers/app-router';
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type { PublicUser } from './repositories/user-repository';
export type { RideCreator, RideDetail, RideSummary } from './repositories/ride-repository';
export type { PassengerEntry, PassengerUser } from './repositories/passenger-repository';
/** What the benchmark harness reads from GET /__bench/memory. */
export type { MemoryReport } from './plugins/bench';
