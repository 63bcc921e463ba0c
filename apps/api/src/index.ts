// Type-only entry for the web app and scripts: `import type { AppRouter } from '@rideshare/api'`.
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

import type { AppRouter } from './routers/app-router';

export type { AppRouter } from './routers/app-router';
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
