/**
 * Process entry: parse the environment, open the database (embedded unless DATABASE_URL is set),
 * migrate, build the app, listen, and close gracefully on SIGTERM/SIGINT.
 */
import { connectDatabase, migrateToLatest } from '@rideshare/db';

import { buildApp } from './app';
import { EnvError, parseEnv, type Env } from './env';

async function main(): Promise<void> {
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

  const handle = await connectDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DB_POOL_SIZE,
  });
  if (env.MIGRATE_ON_START) await migrateToLatest(handle.db);

  const app = await buildApp({
    env,
    db: handle.db,
    logger: {
      level: env.LOG_LEVEL,
      redact: {
        paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password', '*.newPassword', '*.currentPassword'],
        censor: '[redacted]',
      },
    },
  });

  let shuttingDown = false;
  const shutdown = (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    // Stops accepting connections, waits for in-flight requests, then closes the pool.
    void app
      .close()
      .then(() => handle.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => {
    shutdown('SIGTERM');
  });
  process.on('SIGINT', () => {
    shutdown('SIGINT');
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  const shownHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const address = env.PUBLIC_URL ?? `http://${shownHost}:${String(app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : env.PORT)}`;
  const dbLabel = handle.kind === 'embedded' ? `embedded database in ${env.DATA_DIR}` : 'Postgres server';
  console.log(`RideShare is running at ${address} (${dbLabel})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
