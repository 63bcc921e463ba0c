import type { FastifyInstance } from 'fastify';

import type { RegisteredRoute } from '../openapi/document';
import { openApiRoutes } from '../openapi/routes';
import type { HttpContextDeps } from '../trpc/context';
import { adminRoutes } from './admin';
import { alertRoutes } from './alerts';
import { authRoutes } from './auth';
import { calendarRoutes } from './calendar';
import { configRoutes } from './config';
import { discordRoutes } from './discord';
import { eventRoutes, type EventRouteOptions } from './events';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';
import { paymentRoutes } from './payments';
import { pushRoutes } from './push';
import { quoteRoutes } from './quotes';
import { recordRoutes } from './record';
import { rideRoutes } from './rides';
import { seriesRoutes } from './series';
import { registerRouteTable, type RestRoute } from './table';
import { travelRoutes } from './travel';
import { tripRoutes } from './trips';
import { userRoutes } from './users';
import { vendorRoutes } from './vendor';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api/, in order, with its declared contract (rest/contract.ts). */
    restRoutes: readonly RegisteredRoute[];
  }
}

/**
 * The route table: every documented /api path, one row each (rest/table.ts), grouped by feature.
 * Both the Fastify routes and the OpenAPI document are built from it (docs/api.md#adding-a-path).
 */
export const restRouteTable: readonly RestRoute[] = [
  ...authRoutes,
  ...discordRoutes,
  ...adminRoutes,
  ...rideRoutes,
  ...seriesRoutes,
  ...paymentRoutes,
  ...vendorRoutes,
  ...quoteRoutes,
  ...messageRoutes,
  ...tripRoutes,
  ...recordRoutes,
  ...userRoutes,
  ...travelRoutes,
  ...calendarRoutes,
  ...notificationRoutes,
  ...pushRoutes,
  ...alertRoutes,
  ...configRoutes,
  ...eventRoutes,
  ...openApiRoutes,
];

/**
 * Every documented /api path, each a thin call into the same procedures the web app uses, and the
 * OpenAPI document built from the same table (docs/api.md#the-openapi-document). `app.restRoutes`
 * is what Fastify really registered under /api/, kept apart from the table so a route added by
 * hand, outside it, shows up as missing from the document (test/rest/openapi.test.ts).
 */
export function registerRestRoutes(
  app: FastifyInstance,
  deps: HttpContextDeps,
  options: { events?: EventRouteOptions } = {},
): void {
  const routes: RegisteredRoute[] = [];
  app.decorate('restRoutes', routes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url, contract: route.config?.rest });
    }
  });
  registerRouteTable(app, restRouteTable, { http: deps, heartbeatMs: options.events?.heartbeatMs });
}
