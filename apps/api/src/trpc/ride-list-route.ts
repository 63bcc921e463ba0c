/**
 * The home page's first request, `GET /trpc/ride.list?input=…`, answered from the ride list
 * cache's serialised bytes (docs/benchmarks.md#trpc-list): the first page of a
 * filter is kept as the exact JSON tRPC would send, and its brotli and gzip copies, so a hit costs
 * no serialisation, no compression and none of tRPC's per-request machinery (a Fetch `Request`,
 * an abort signal, a response stream). Everything else on the path (a later page, bad input, a
 * batch, a streaming client, any other method) goes to tRPC exactly as before, through the same
 * options, so the procedure and this route can never answer one request two ways.
 */
import { audienceOf } from '@rideshare/domain';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { chooseEncoding } from '../http/compression';
import { rideListInput } from '../routers/ride';
import type { AppRouter } from '../routers/app-router';
import { createContextFromRequest, type HttpContextDeps } from './context';

type TrpcOptions = FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];

const PATH = 'ride.list';

/**
 * The list's input when this request is a plain (unbatched, non-streaming) GET of a first page
 * with valid input; null for anything tRPC must answer itself.
 */
function firstPageInput(req: FastifyRequest) {
  const query = req.query as Record<string, unknown>;
  const keys = Object.keys(query);
  if (keys.some((key) => key !== 'input')) return null;
  if (req.headers['trpc-accept'] !== undefined || req.headers.accept?.includes('application/jsonl')) return null;
  let raw: unknown;
  if (query.input !== undefined) {
    if (typeof query.input !== 'string') return null;
    try {
      raw = JSON.parse(query.input);
    } catch {
      return null;
    }
  }
  const parsed = rideListInput.safeParse(raw);
  return parsed.success && parsed.data.page === 1 ? parsed.data : null;
}

/** Registers GET /trpc/ride.list (a static route, which the router prefers to tRPC's `/trpc/:path`). */
export function registerRideListRoute(app: FastifyInstance, deps: HttpContextDeps, trpcOptions: TrpcOptions): void {
  app.get(`/trpc/${PATH}`, { exposeHeadRoute: false }, async (req, reply) => {
    const input = firstPageInput(req);
    if (input) {
      const ctx = await createContextFromRequest(deps, { req });
      const { page, pageSize, ...filters } = input;
      const answer = await ctx.rideListCache.pageAnswer(
        ctx.db,
        { filters, page, pageSize, audience: audienceOf(ctx.user) },
        ctx.now(),
      );
      if (answer) {
        const vary = reply.getHeader('vary');
        // tRPC's own headers for this answer, plus the encoding it was chosen by.
        void reply
          .type('application/json')
          .header('vary', `${vary === undefined ? '' : `${String(vary)}, `}trpc-accept, accept, accept-encoding`);
        // Sent already encoded, so the compression hook leaves it as it is.
        const encoding = chooseEncoding(req, answer.body.length);
        if (!encoding) return reply.send(answer.body);
        return reply.header('content-encoding', encoding).send(await answer.encoded(encoding));
      }
    }
    await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path: PATH });
    return reply;
  });
}
