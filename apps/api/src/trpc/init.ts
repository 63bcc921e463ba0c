/**
 * The one tRPC instance. Registers, in order: the error formatter (adds `domainCode`, flattened zod
 * field errors and the request id to every error's data, and replaces an internal error's message
 * with a generic one), a base middleware that turns a thrown DomainError into the mapped
 * TRPCError, and the procedure builders that narrow `ctx.user`.
 */
import { DomainError, isDomainError } from '@rideshare/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

import type { ContextInner } from './context';
import { describeInvalidInput, INTERNAL_ERROR_MESSAGE, isInternalError, toTRPCError } from './errors';

const t = initTRPC.context<ContextInner>().create({
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
