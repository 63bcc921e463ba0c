/**
 * Receiving Postgres NOTIFY messages (docs/architecture.md#live-events): each process holds one listening connection per
 * channel, outside the pool, so a busy pool can never starve it and a pool client is never pinned.
 *
 * - Server engine: a dedicated `pg.Client` runs `LISTEN <channel>`. When the connection fails or
 *   ends it is replaced after an exponential backoff (capped), for as long as the process runs;
 *   nothing here ever throws into the process. Notifications sent while it was away are lost, so
 *   `onReconnect` tells the caller to treat its state as stale.
 * - Embedded engine: PGlite is one Postgres session. `pglite.listen()` makes that session LISTEN,
 *   but PGlite's own callback only fires for statements run through PGlite's API: the app's
 *   statements arrive through the socket server, which passes the raw protocol through, so Postgres
 *   hands the NotificationResponse to the `pg` connection whose statement committed. The pool's
 *   clients therefore forward the notifications they receive (`forwardPoolNotifications`); both
 *   routes feed the same callback, and a notification takes exactly one of them.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface ListenOptions {
  /** Each notification's payload on the channel, in the order Postgres delivers them. */
  onPayload: (payload: string) => void;
  /**
   * The listening connection came back after it was lost: notifications sent in between were
   * missed. Not called for the first connection.
   */
  onReconnect?: () => void;
  /** A connection attempt or the connection failed; the listener retries on its own. */
  onError?: (error: unknown) => void;
  /** The first wait before retrying (ms, doubled after each failed attempt); default 250. */
  retryInitialMs?: number;
  /** The longest wait between attempts (ms); default 10 000. */
  retryMaxMs?: number;
}

export interface Listener {
  /** Resolves once the first LISTEN is in place (it keeps retrying until then). */
  ready: Promise<void>;
  /** True while the LISTEN is in place: notifications sent now will be heard. */
  readonly listening: boolean;
  /** The backend pid of the listening connection; null while disconnected and on the embedded engine. */
  readonly backendPid: number | null;
  /** Stops listening and closes the connection; no callback fires afterwards. */
  close: () => Promise<void>;
}

const ignore = (): void => undefined;

/** The delay before retry number `attempt` (1-based): initial × 2^(attempt-1), capped. */
export function retryDelayMs(attempt: number, initialMs: number, maxMs: number): number {
  return Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt - 1));
}

/** LISTEN on a Postgres server through one dedicated connection, reconnecting with backoff. */
export function listenOnServer(connectionString: string, channel: string, options: ListenOptions): Listener {
  const initialMs = options.retryInitialMs ?? 250;
  const maxMs = options.retryMaxMs ?? 10_000;
  let current: pg.Client | null = null;
  let currentPid: number | null = null;
  let closed = false;
  let connectedOnce = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let markReady: () => void = ignore;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const reportError = (error: unknown) => {
    if (!closed) options.onError?.(error);
  };

  const scheduleRetry = () => {
    if (closed || retryTimer) return;
    failures += 1;
    retryTimer = setTimeout(
      () => {
        retryTimer = undefined;
        void connect();
      },
      retryDelayMs(failures, initialMs, maxMs),
    );
    // A process that is otherwise done must not be kept alive by a pending retry.
    retryTimer.unref();
  };

  // Connections given up on: a late notification on one is not delivered twice.
  const retired = new WeakSet<pg.Client>();

  const lost = (client: pg.Client) => {
    retired.add(client);
    if (current !== client) return;
    current = null;
    currentPid = null;
    client.end().catch(ignore);
    scheduleRetry();
  };

  const connect = async () => {
    if (closed) return;
    const client = new pg.Client({ connectionString, keepAlive: true });
    // An unheard 'error' would crash the process; a lost connection is replaced instead.
    client.on('error', (error) => {
      reportError(error);
      lost(client);
    });
    client.on('end', () => {
      lost(client);
    });
    client.on('notification', (message) => {
      if (closed || retired.has(client)) return;
      if (message.channel === channel && message.payload !== undefined) options.onPayload(message.payload);
    });
    let pid: number | null = null;
    try {
      await client.connect();
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      const result = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      pid = result.rows[0]?.pid ?? null;
    } catch (error) {
      retired.add(client);
      reportError(error);
      client.end().catch(ignore);
      scheduleRetry();
      return;
    }
    if (closed) {
      await client.end().catch(ignore);
      return;
    }
    if (retired.has(client)) {
      // It dropped right after setting up.
      scheduleRetry();
      return;
    }
    current = client;
    currentPid = pid;
    failures = 0;
    if (connectedOnce) options.onReconnect?.();
    connectedOnce = true;
    markReady();
  };

  void connect();

  return {
    ready,
    get listening() {
      return current !== null;
    },
    get backendPid() {
      return currentPid;
    },
    close: async () => {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      currentPid = null;
      await client?.end().catch(ignore);
    },
  };
}

/**
 * Routes NotificationResponses arriving on the embedded engine's pool connections to the
 * listeners of their channel (see the file comment). One per embedded handle.
 */
export class PoolNotificationRouter {
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();

  /** Wires a pool client: called from the pool's 'connect' event. */
  attach(client: pg.PoolClient | pg.Client): void {
    client.on('notification', (message) => {
      if (message.payload === undefined) return;
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload);
    });
  }

  add(channel: string, handler: (payload: string) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }
}

/** LISTEN on the embedded engine: PGlite's own listen() plus the pool connections' notifications. */
export function listenEmbedded(
  pglite: PGlite,
  router: PoolNotificationRouter,
  channel: string,
  options: ListenOptions,
): Listener {
  let closed = false;
  let listening = false;
  const deliver = (payload: string) => {
    if (!closed) options.onPayload(payload);
  };
  const removeRoute = router.add(channel, deliver);
  const unlisten = pglite.listen(channel, deliver);
  // The session never disconnects, so there is no reconnect; a failed LISTEN is only reported.
  const ready = unlisten.then(
    () => {
      listening = !closed;
    },
    (error: unknown) => {
      options.onError?.(error);
    },
  );
  return {
    ready,
    get listening() {
      return listening;
    },
    backendPid: null,
    close: async () => {
      if (closed) return;
      closed = true;
      listening = false;
      removeRoute();
      const stop = await unlisten.catch(() => null);
      // PGlite may already be closing with the handle; its session ends with it anyway.
      await stop?.().catch(ignore);
    },
  };
}
