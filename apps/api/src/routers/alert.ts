import { z } from 'zod';
import { alertCreateInput, alertIdInput } from '@rideshare/domain';

import { listAlertsOf, type AlertItem } from '../repositories/alert-repository';
import { createAlert, removeAlert } from '../services/alert-service';
import { protectedProcedure, rateLimited, router } from '../trpc/init';
import { alertOutput } from './alert.outputs';
import { removedOutput } from './shared.outputs';

/** Creating and deleting alerts share a write limit (RATE_LIMIT_ALERT_PER_HOUR). */
const alertWrite = protectedProcedure.use(rateLimited('alert'));

/** The caller's ride alerts (docs/alerts.md#api): only ever their own. */
export const alertRouter = router({
  /** The caller's alerts, soonest window first, live and ended alike. */
  list: protectedProcedure
    .output(z.array(alertOutput))
    .query(({ ctx }): Promise<AlertItem[]> => listAlertsOf(ctx.db, ctx.user.id)),

  /** A new alert: 400 for a bad or past window or one over 90 days, 409 past 10 live alerts. */
  create: alertWrite
    .input(alertCreateInput)
    .output(alertOutput)
    .mutation(({ ctx, input }) => createAlert(ctx.db, { user: ctx.user, input, now: ctx.now() })),

  /** Deletes one of the caller's alerts; another member's is 404. */
  delete: alertWrite
    .input(alertIdInput)
    .output(removedOutput)
    .mutation(async ({ ctx, input }) => {
      await removeAlert(ctx.db, { userId: ctx.user.id, id: input.id });
      return { id: input.id, message: 'Alert deleted' };
    }),
});
