/**
 * Reading the signed-in member when no database connection comes free in time is an overload
 * (docs/operations.md#overload): the context answers 503 SERVER_BUSY with Retry-After, as a
 * procedure would, not an internal error.
 */
import type { Database } from '@rideshare/db';
import { TRPCError } from '@trpc/server';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Driver,
} from 'kysely';
import { describe, expect, it } from 'vitest';

import { RideListCache } from '../cache/ride-list-cache';
import { parseEnv } from '../env';
import { createContextFromRequest } from './context';
import { retryAfterOf } from './errors';

/** A database whose pool never hands out a connection: pg-pool's own timeout, at once. */
function saturatedDatabase(failure: Error): Kysely<Database> {
  const driver: Driver = {
    init: () => Promise.resolve(),
    acquireConnection: (): Promise<DatabaseConnection> => Promise.reject(failure),
    beginTransaction: () => Promise.resolve(),
    commitTransaction: () => Promise.resolve(),
    rollbackTransaction: () => Promise.resolve(),
    releaseConnection: () => Promise.resolve(),
    destroy: () => Promise.resolve(),
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

/** A request whose session names member 7. */
function signedInRequest(): CreateFastifyContextOptions['req'] {
  const session = { get: (key: string) => (key === 'userId' ? 7 : undefined), sessionId: 'sid' };
  return { session, headers: {}, ip: '127.0.0.1', id: 'req-1' } as unknown as CreateFastifyContextOptions['req'];
}

function contextOn(db: Kysely<Database>) {
  const env = parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 'test-session-secret-that-is-long-enough-0123456789' });
  const deps = { db, env, rideListCache: new RideListCache() };
  return createContextFromRequest(deps, { req: signedInRequest() });
}

describe('the request context on a saturated database', () => {
  it('refuses 503 SERVER_BUSY with Retry-After while reading the member', async () => {
    const error = await contextOn(saturatedDatabase(new Error('timeout exceeded when trying to connect'))).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is busy. Please try again in a moment.',
    });
    expect(retryAfterOf(error as TRPCError)).toBe(2);
  });

  it('lets any other database failure through as it is', async () => {
    const outage = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    await expect(contextOn(saturatedDatabase(outage))).rejects.toBe(outage);
  });
});
