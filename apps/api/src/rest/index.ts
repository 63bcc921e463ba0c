import type { FastifyInstance } from 'fastify';

import type { RegisteredRoute } from '../openapi/document';
import { registerOpenApiRoutes } from '../openapi/routes';

import type { HttpContextDeps } from '../trpc/context';
import { registerAdminRoutes } from './admin';
import { registerAlertRoutes } from './alerts';
import { registerAuthRoutes } from './auth';
import { registerCalendarRoutes } from './calendar';
import { registerMessageRoutes } from './messages';
import { registerNotificationRoutes } from './notifications';
import { registerEventRoutes, type EventRouteOptions } from './events';
import { registerPushRoutes } from './push';
import { registerPaymentRoutes } from './payments';
import { registerQuoteRoutes } from './quotes';
import { registerRecordRoutes } from './record';
import { registerRideRoutes } from './rides';
import { registerSeriesRoutes } from './series';
import { registerTravelRoutes } from './travel';
import { registerTripRoutes } from './trips';
import { registerVendorRoutes } from './vendor';
import { registerUserRoutes } from './users';
import { registerConfigRoutes } from './config';
import { registerDiscordRoutes } from './discord';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered under /api/, in order, with its declared contract (rest/contract.ts). */
    restRoutes: readonly RegisteredRoute[];
  }
}

/**
 * Every documented /api path, each a thin call into the same procedures the web app uses, and the
 * OpenAPI document built from the routes as they are registered (docs/api.md#the-openapi-document).
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
  registerAuthRoutes(app, deps);
  registerDiscordRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerRideRoutes(app, deps);
  registerSeriesRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerVendorRoutes(app, deps);
  registerQuoteRoutes(app, deps);
  registerMessageRoutes(app, deps);
  registerTripRoutes(app, deps);
  registerRecordRoutes(app, deps);
  registerUserRoutes(app, deps);
  registerTravelRoutes(app, deps);
  registerCalendarRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerPushRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerConfigRoutes(app, deps);
  registerEventRoutes(app, deps, options.events);
  registerOpenApiRoutes(app, deps.env, routes);
}
