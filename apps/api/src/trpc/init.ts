/**
 * The one tRPC instance. Registers, in order: the error formatter (adds `domainCode`, flattened zod
 * field errors and the request id to every error's data, and replaces an internal error's message
 * with a generic one), a base middleware that turns a thrown DomainError into the mapped
 * TRPCError, the procedure builders that narrow `ctx.user`, and `rateLimited(bucket)` for the
 * writes with a tighter limit.
 */
import {
  assertApprovedVendor,
  DomainError,
  isDomainError,
  RateLimitedError,
  tooManyRequestsMessage,
} from '@rideshare/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import { LIVE_HEARTBEAT_MS } from '../events/constants';
import { clientAddressKey } from '../http/client-address';
import type { ContextInner, RateLimitBucket } from './context';
import { busyRefusal, describeInvalidInput, INTERNAL_ERROR_MESSAGE, isInternalError, toTRPCError } from './errors';

const t = initTRPC.context<ContextInner>().create({
  // Subscriptions (live.events) over Server-Sent Events: a ping keeps proxies from closing an idle
  // stream, and a client that hears nothing (not even a ping) for a while reconnects by itself.
  sse: {
    ping: { enabled: true, intervalMs: LIVE_HEARTBEAT_MS },
    client: { reconnectAfterInactivityMs: LIVE_HEARTBEAT_MS * 2 + 10_000 },
  },
  errorFormatter({ shape, error, ctx }) {
    const cause = error.cause;
    const invalidInput = cause instanceof ZodError ? describeInvalidInput(cause) : null;
    let message = shape.message;
    if (invalidInput) {
      message = invalidInput.message;
    } else if (isInternalError(error)) {
      // The raw message may name a database address or SQL; app.ts's onError logs it instead.
      message = INTERNAL_ERROR_MESSAGE;
    }
    return {
      ...shape,
      message,
      data: {
        ...shape.data,
        // Internals never leave the server.
        stack: undefined,
        domainCode: isDomainError(cause) ? cause.code : invalidInput ? 'VALIDATION_FAILED' : null,
        fieldErrors: invalidInput?.fieldErrors ?? null,
        // Also in the x-request-id header; absent when the context itself could not be built.
        requestId: ctx?.requestId ?? null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && isDomainError(result.error.cause)) {
    throw toTRPCError(result.error.cause);
  }
  const busy = result.ok ? null : busyRefusal(result.error.cause);
  if (busy) throw toTRPCError(busy);
  return result;
});

export const publicProcedure = t.procedure.use(domainErrors);

export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: 'You must be logged in',
      cause: new DomainError('UNAUTHENTICATED', 'You must be logged in'),
    });
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const vendorProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isVendor) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Only vendors can do this',
      cause: new DomainError('VENDOR_ONLY', 'Only vendors can do this'),
    });
  }
  return next({ ctx });
});

/**
 * A vendor whose account an administrator approved (read fresh from the user's row each request):
 * members get 403 'Only vendors can do this', other vendors 403 with their status message
 * ('Your vendor account is awaiting approval', rejected or suspended with the reason).
 */
export const approvedVendorProcedure = vendorProcedure.use(({ ctx, next }) => {
  try {
    assertApprovedVendor(ctx.user);
  } catch (error) {
    if (isDomainError(error)) throw toTRPCError(error);
    throw error;
  }
  return next({ ctx });
});

export const adminProcedure = protectedProcedure.use(({ ctx, next }) => {
  if (!ctx.user.isAdmin) {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'Only the administrator can do this',
      cause: new DomainError('NOT_ADMIN', 'Only the administrator can do this'),
    });
  }
  return next({ ctx });
});

/**
 * A tighter limit on one kind of write (register, create ride, join, assign, edit a ride, change the
 * drop-off order, cancel, mark notifications read), counted per call in the database, so
 * the REST path, a tRPC call and every call of a tRPC batch all count. Keyed on the signed-in user,
 * or on the client address when signed out (register). In-process callers (scripts, tests through
 * createContextInner) have no limiter and are not limited. Registering is keyed on the address
 * even when signed in, since the new account is what is limited.
 */
export const rateLimited = (bucket: RateLimitBucket) =>
  t.middleware(async ({ ctx, next }) => {
    if (ctx.rateLimit) {
      const key =
        bucket === 'register' || !ctx.user ? `ip:${clientAddressKey(ctx.clientIp)}` : `user:${String(ctx.user.id)}`;
      const verdict = await ctx.rateLimit(bucket, key, ctx.now());
      if (!verdict.allowed) {
        throw new RateLimitedError(tooManyRequestsMessage(verdict.retryAfterSeconds * 1000), verdict.retryAfterSeconds);
      }
    }
    return next();
  });
