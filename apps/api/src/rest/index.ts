import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { registerAuthRoutes } from './auth';

/** Every documented /api path, each a thin call into the same procedures the web app uses. */
export function registerRestRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  registerAuthRoutes(app, deps);
}
