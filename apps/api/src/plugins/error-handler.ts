/**
 * One JSON error shape for everything outside tRPC: `{ error: message }`. Client mistakes that
 * Fastify catches itself (malformed JSON, wrong content type, oversized body) keep their 4xx status
 * and a readable message; a database with no connection free in time is 503 with Retry-After
 * (docs/operations.md#overload); anything unexpected is logged with the request id and answered 500
 * without internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

import { busyRefusal, INTERNAL_ERROR_MESSAGE } from '../trpc/errors';
import { loggedPath } from './observability';

/** The answer to a request body that is not JSON (REST paths take JSON only). */
export const UNSUPPORTED_MEDIA_TYPE_MESSAGE =
  'Unsupported content type: send the request body as JSON (Content-Type: application/json)';

const friendlyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid Content-Length header',
};

/** The answer to a path with a broken percent escape (`/api/rides/%zz`), which the router refuses. */
export const BAD_URL_MESSAGE = 'The request path is not a valid URL: a % must start an escape such as %20';

/**
 * Fastify's own refusals before any route runs (a path with a broken escape): the same `{ error }`
 * shape as every other answer, not the framework's.
 */
export function answerFrameworkError(error: FastifyError, reply: FastifyReply): void {
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.code(status).send({ error: error.code === 'FST_ERR_BAD_URL' ? BAD_URL_MESSAGE : error.message });
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // The session store found every database connection in use: overloaded, not broken.
      const busy = busyRefusal(error);
      if (busy) {
        request.log.warn({ method: request.method, url: loggedPath(request.url) }, 'database busy');
        return reply.code(503).header('retry-after', String(busy.retryAfterSeconds)).send({ error: busy.message });
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error(
          { err: error, method: request.method, url: loggedPath(request.url), params: request.params },
          'request failed',
        );
        return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE });
      }
      const message = (error.code && friendlyMessages[error.code]) ?? error.message;
      return reply.code(status).send({ error: message });
    });
  },
  { name: 'error-handler' },
);
