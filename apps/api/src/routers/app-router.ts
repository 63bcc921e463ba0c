import { createCallerFactory, router } from '../trpc/init';
import { adminRouter } from './admin';
import { alertRouter } from './alert';
import { authRouter } from './auth';
import { calendarRouter } from './calendar';
import { configRouter } from './config';
import { notificationRouter } from './notification';
import { liveRouter } from './live';
import { messageRouter } from './message';
import { passengerRouter } from './passenger';
import { pushRouter } from './push';
import { paymentRouter } from './payment';
import { quoteRouter } from './quote';
import { recordRouter } from './record';
import { rideRouter } from './ride';
import { sequenceRouter } from './sequence';
import { seriesRouter } from './series';
import { statsRouter } from './stats';
import { travelRouter } from './travel';
import { tripRouter } from './trip';
import { userRouter } from './user';
import { vendorRouter } from './vendor';
import { waitlistRouter } from './waitlist';

/** The table of contents of the API: one namespace per area. */
export const appRouter = router({
  auth: authRouter,
  ride: rideRouter,
  series: seriesRouter,
  passenger: passengerRouter,
  sequence: sequenceRouter,
  vendor: vendorRouter,
  stats: statsRouter,
  user: userRouter,
  admin: adminRouter,
  calendar: calendarRouter,
  config: configRouter,
  notification: notificationRouter,
  waitlist: waitlistRouter,
  quote: quoteRouter,
  live: liveRouter,
  travel: travelRouter,
  push: pushRouter,
  alert: alertRouter,
  payment: paymentRouter,
  message: messageRouter,
  trip: tripRouter,
  record: recordRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
