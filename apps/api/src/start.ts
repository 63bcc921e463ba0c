/**
 * The server's life: parse the environment, open the database (embedded unless DATABASE_URL is
 * set), migrate, build the app, listen, and close gracefully on SIGTERM/SIGINT (during start-up
 * too). server.ts runs it; the benchmark harness runs it with its own routes (`extend`).
 */
import { connectDatabase, DataDirLockedError, migrateToLatest, type DbHandle } from '@rideshare/db';
import type { FastifyInstance } from 'fastify';

import { buildApp } from './app';
import { EnvError, parseEnv, type Env } from './env';
import { loggerOptions } from './plugins/observability';
import { startDiscordAnnouncer } from './discord/start';
import { startPushOutbox } from './push/outbox';
import { startSweeps } from './services/sweep';

export interface StartOptions {
  /** Called for every SQL statement the database runs (the benchmark harness counts them). */
  onQuery?: () => void;
  /** Adds routes or hooks to the app before it listens (the benchmark harness's own routes). */
  extend?: (app: FastifyInstance, handle: DbHandle) => void | Promise<void>;
  /** Path prefixes the per-address request limit counts like the API's own (plugins/rate-limit.ts). */
  rateLimitedPrefixes?: readonly string[];
}

export async function startServer(options: StartOptions = {}): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // Signals are handled from the start: opening and migrating the embedded database takes seconds,
  // and a SIGTERM or Ctrl-C meanwhile must still close it cleanly (and release its folder's lock).
  // Until the server listens, a signal only asks start-up to stop after its current step.
  let stopRequested: NodeJS.Signals | null = null;
  let onSignal = (signal: NodeJS.Signals) => {
    if (stopRequested === 'SIGINT' && signal === 'SIGINT') process.exit(130);
    stopRequested = signal;
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      onSignal(signal);
    });
  }

  let handle: DbHandle;
  try {
    handle = await connectDatabase({
      databaseUrl: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      poolSize: env.DB_POOL_SIZE,
      embeddedSharedBuffersMb: env.EMBEDDED_SHARED_BUFFERS_MB,
      onQuery: options.onQuery,
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const stopBeforeListening = async (): Promise<never> => {
    console.log(`${String(stopRequested)} during start-up: closed the database without starting`);
    await handle.close();
    process.exit(0);
  };
  if (stopRequested) await stopBeforeListening();
  if (env.MIGRATE_ON_START) await migrateToLatest(handle.db);
  if (stopRequested) await stopBeforeListening();

  const app = await buildApp({
    env,
    db: handle.db,
    logger: loggerOptions(env),
    listen: handle.listen,
    rateLimitedPrefixes: options.rateLimitedPrefixes,
  });
  await options.extend?.(app, handle);
  for (const warning of env.STARTUP_WARNINGS) app.log.warn(warning);
  if (stopRequested) {
    await app.close();
    await stopBeforeListening();
  }

  // The periodic sweep's jobs, each on its own interval (services/sweep.ts): lapsed waitlist offers
  // on rides nobody touches, price locks and payment reminders, border reminders, pruning. They only
  // trigger the work: the state lives in the tables, and an advisory lock per job lets one instance
  // run it at a time (docs/architecture.md#sweep-jobs).
  const stopSweeps = startSweeps(
    handle.db,
    {
      'waitlist-offers': env.WAITLIST_SWEEP_SECONDS,
      payments: env.PAYMENT_SWEEP_SECONDS,
      'border-reminders': env.BORDER_REMINDER_SWEEP_SECONDS,
      pruning: env.PRUNE_SWEEP_SECONDS,
      'discord-announcements': env.DISCORD_SWEEP_SECONDS,
    },
    { priceLockHours: env.PRICE_LOCK_HOURS, messageRetentionDays: env.MESSAGE_RETENTION_DAYS },
    app.log,
  );
  // Phone notifications queued by committed writes go out from here (docs/architecture.md#push-outbox).
  const pushOutbox = startPushOutbox(handle.db, env, handle.listen, app.log);
  // Rides announced in the community's Discord channel, when a webhook is set (docs/announcements.md).
  const announcer = startDiscordAnnouncer(handle.db, env, handle.listen, app.log);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      // A second Ctrl-C means "now": skip the drain.
      if (signal === 'SIGINT') process.exit(130);
      return;
    }
    shuttingDown = true;
    stopSweeps();
    app.log.info({ signal }, 'shutting down: draining in-flight requests');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, 'shutdown timed out; exiting with requests unfinished');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // app.close() stops accepting connections, closes idle keep-alive ones, answers 503 (with
    // Connection: close) to new requests on busy ones, and resolves once every in-flight request has
    // been answered. Only then is the database closed (the embedded engine flushed and its folder
    // unlocked), so no handler loses its database mid-request.
    void app
      .close()
      .then(() => pushOutbox.stop())
      .then(() => announcer?.stop())
      .then(() => handle.close())
      .then(() => {
        app.log.info('shutdown complete');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  onSignal = shutdown;

  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const address =
    env.PUBLIC_URL ??
    `http://${shownHost}:${String(app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : env.PORT)}`;
  const dbLabel = handle.kind === 'embedded' ? `embedded database in ${env.DATA_DIR}` : 'Postgres server';
  console.log(`RideShare is running at ${address} (${dbLabel})`);
}
