import { pushSubscribeInput, pushUnsubscribeInput } from '@rideshare/domain';

import { pushEndpointPolicy } from '../push/endpoint-policy';
import { vapidKeys } from '../push/vapid';
import { subscribe, unsubscribe } from '../services/push-service';
import { protectedProcedure, publicProcedure, router } from '../trpc/init';
import { pushKeyOutput, pushRemovedOutput, pushSubscribedOutput } from './push.outputs';

/** Phone notifications (docs/product.md#phone-notifications): the server's key and the caller's subscriptions. */
export const pushRouter = router({
  /** The VAPID public key (base64url) a browser subscribes with. */
  key: publicProcedure
    .output(pushKeyOutput)
    .query(async ({ ctx }) => ({ publicKey: (await vapidKeys(ctx.db, ctx.env)).publicKey })),

  /** Receive the caller's notifications in this browser too. */
  subscribe: protectedProcedure
    .input(pushSubscribeInput)
    .output(pushSubscribedOutput)
    .mutation(async ({ ctx, input }) => {
      await subscribe(ctx.db, { userId: ctx.user.id, input, policy: pushEndpointPolicy(ctx.env) });
      return { subscribed: true };
    }),

  /** Stop receiving them in this browser (another member's endpoint is left alone). */
  unsubscribe: protectedProcedure
    .input(pushUnsubscribeInput)
    .output(pushRemovedOutput)
    .mutation(async ({ ctx, input }) => ({
      removed: await unsubscribe(ctx.db, { userId: ctx.user.id, endpoint: input.endpoint }),
    })),
});
