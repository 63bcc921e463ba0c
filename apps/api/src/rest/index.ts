import type { FastifyInstance } from 'fastify';

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

/** Every documented /api path, each a thin call into the same procedures the web app uses. */
export function registerRestRoutes(
  app: FastifyInstance,
  deps: HttpContextDeps,
  options: { events?: EventRouteOptions } = {},
): void {
  registerAuthRoutes(app, deps);
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
}
