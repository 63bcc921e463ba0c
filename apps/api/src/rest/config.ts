import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { viaCaller } from './adapter';
import { rest } from './contract';

/** GET /api/config: `config.get`, the map and place-search settings the browser reads. */
export function registerConfigRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/config',
    rest({ procedure: 'config.get', summary: 'Map and place-search settings for the browser' }),
    viaCaller(deps, (caller, _request, reply) => {
      void reply.header('cache-control', 'no-cache');
      return caller.config.get();
    }),
  );
}
