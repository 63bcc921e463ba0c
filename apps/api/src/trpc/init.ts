/**
 * The one tRPC instance. Registers, in order: the error formatter (adds `domainCode` and flattened
 * zod field errors to every error's data), a base middleware that turns a thrown DomainError into
 * the mapped TRPCError, and the procedure builders that narrow `ctx.user`.
 */
import { DomainError, isDomainError } from '@rideshare/domain';
import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError, z } from 'zod';

import type { ContextInner } from './context';
import { toTRPCError } from './errors';

const t = initTRPC.context<ContextInner>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zodError = cause instanceof ZodError ? cause : null;
    let message = shape.message;
    if (zodError) {
      // The first issue's message is the one a person needs to read (schemas order them as the spec does).
      message = zodError.issues[0]?.message ?? 'Invalid input';
    }
    return {
      ...shape,
      message,
      data: {
        ...shape.data,
        // Internals never leave the server.
        stack: undefined,
        domainCode: isDomainError(cause) ? cause.code : zodError ? 'VALIDATION_FAILED' : null,
        fieldErrors: zodError ? z.flattenError(zodError).fieldErrors : null,
      },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

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
