/**
 * Logs, request ids and health checks. `observabilityServerOptions()` goes into the Fastify
 * constructor (request ids honoured from x-request-id, one log line per request); `loggerOptions(env)`
 * is the pino configuration with redaction; `observabilityPlugin` returns the request id in a
 * response header and serves /healthz (the process is up) and /readyz (it can reach the database).
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

import type { Database } from '@rideshare/db';
import {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';

import type { Env } from '../env';
import { decisionPath } from '../http/request-path';
import { pingDatabase } from '../repositories/health-repository';

export const REQUEST_ID_HEADER = 'x-request-id';

const PROBE_PATHS = new Set(['/healthz', '/readyz']);

// A caller's id is kept only when it looks like an id, so nothing odd reaches logs or headers.
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's x-request-id when it is a plain token (a load balancer's or client's), else a UUID. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && ACCEPTABLE_REQUEST_ID.test(value) ? value : randomUUID();
}

// The personal calendar feed's URL is its secret (calendar apps cannot send a cookie).
const CALENDAR_FEED_PATH = /^\/api\/calendar\/[^/]+$/;

/**
 * A request's (canonical) path as logs show it: without the query string (it can carry codes and
 * tokens) and with a calendar feed's token replaced.
 *
 * @example loggedPath('/api/calendar/abc.ics?x=1') // '/api/calendar/[redacted].ics'
 */
export function loggedPath(url: string): string {
  if (CALENDAR_FEED_PATH.test(decisionPath(url))) return '/api/calendar/[redacted].ics';
  return url.split('?')[0] ?? '';
}

/** LOG_LEVEL values at which neither an info nor a debug line is written. */
const QUIETER_THAN_INFO: ReadonlySet<string> = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * Fastify's own request logs are two lines (incoming, completed) and a third for a 404. We keep
 * one line per request, written when the response is done, with status and duration.
 */
export class RequestLogController extends LogController {
  override incomingRequest(): void {
    // The completion line carries everything; a line per arrival doubles the volume.
  }

  override routeNotFound(): void {
    // The completion line already says 404.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const statusCode = reply.statusCode;
    // Only failures log above info: at a quieter LOG_LEVEL a good answer builds no line at all.
    if (!error && statusCode < 500 && QUIETER_THAN_INFO.has(reply.log.level)) return;
    const line = {
      method: request.method,
      url: loggedPath(request.url),
      statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // 503 is a deliberate refusal under load (a busy database or password line, a full stream
    // limit), with Retry-After: a warning, not a failure (docs/operations.md#overload).
    else if (statusCode === 503) reply.log.warn(line, 'request refused: busy');
    else if (statusCode >= 500) reply.log.error(line, 'request completed');
    // Load balancers probe every few seconds; a healthy answer is only worth a debug line.
    else if (statusCode < 400 && PROBE_PATHS.has(decisionPath(request.url))) reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}

/** Constructor options for buildApp's Fastify(): request ids and the one-line request log. */
export function observabilityServerOptions(): Pick<
  FastifyServerOptions,
  'requestIdHeader' | 'genReqId' | 'logController'
> {
  return {
    // genReqId reads the header itself so it can refuse malformed ids.
    requestIdHeader: false,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    logController: new RequestLogController(),
  };
}

/**
 * Everything that may carry a secret, at the depths where it can appear in a log object: request
 * and response headers (cookies, session ids), bodies and inputs (passwords, reset codes).
 */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'confirmPassword',
  'resetCode',
  // A reset code travels as `code`; only request bodies and procedure inputs are redacted so that
  // error codes (ECONNREFUSED, FST_ERR_…) stay readable.
  'body.code',
  'input.code',
  'sessionId',
  'sid',
  'sess',
  'session',
  '*.cookie',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.confirmPassword',
  '*.resetCode',
  '*.sessionId',
  '*.sid',
  '*.sess',
  '*.session',
  '*.*.password',
  '*.*.newPassword',
  '*.*.currentPassword',
  '*.*.passwordHash',
  // The calendar feed's token, in a failed request's params.
  'params.token',
  '*.params.token',
];

function prettyTransportAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export interface LoggerOverrides {
  /** Where lines go instead of stdout (tests capture them). */
  stream?: { write: (line: string) => void };
}

/**
 * pino options for the process: JSON lines at LOG_LEVEL with secrets redacted; human-readable in
 * development when pino-pretty happens to be installed (it is not a dependency).
 */
export function loggerOptions(env: Env, overrides: LoggerOverrides = {}): NonNullable<FastifyServerOptions['logger']> {
  const base = {
    level: env.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  if (overrides.stream) return { ...base, stream: overrides.stream };
  if (env.NODE_ENV === 'development' && prettyTransportAvailable()) {
    return {
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' } },
    };
  }
  return base;
}

class ReadinessTimeout extends Error {}

/** Runs `select 1`, failing after `timeoutMs` so a database that hangs reads as down, not as slow. */
export async function checkDatabase(db: Kysely<Database>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new ReadinessTimeout(`no answer within ${String(timeoutMs)} ms`));
    }, timeoutMs);
  });
  const query = pingDatabase(db);
  // The query may still fail after the timeout won; that later rejection is expected, not a crash.
  query.catch(() => undefined);
  try {
    await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const observabilityPlugin = fp(
  async (app: FastifyInstance, opts: { env: Env; db: Kysely<Database> }) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });

    // Draining: Fastify keeps keep-alive connections open for 72 s, and a connection still busy when
    // close() starts would otherwise stay open after its answer until then, holding the shutdown
    // past its deadline. Answers sent while closing end their connection instead.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });

    app.get('/healthz', () => ({ status: 'ok' }));

    // Nothing is cached: every probe asks the database, so readiness recovers by itself as soon as
    // the database answers again (the pool drops broken connections and opens new ones).
    app.get('/readyz', async (request, reply) => {
      try {
        await checkDatabase(opts.db, opts.env.READINESS_TIMEOUT_MS);
        return await reply.header('cache-control', 'no-store').send({ status: 'ready' });
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return await reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({ status: 'unavailable', error: 'Database unreachable' });
      }
    });
  },
  { name: 'observability' },
);
