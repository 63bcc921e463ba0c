import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

const params = (req: FastifyRequest) => req.params as { id?: unknown; quoteId?: unknown };

/**
 * GET and POST /api/rides/:id/quotes, DELETE /api/rides/:id/quotes/:quoteId, POST
 * /api/rides/:id/quotes/:quoteId/accept, and GET /api/vendor/quotes: the quote procedures.
 */
export function registerQuoteRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/rides/:id/quotes',
    rest({ procedure: 'quote.list', summary: "A ride's vendor quotes" }),
    viaCaller(deps, (caller, req) => caller.quote.list({ rideId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/quotes',
    rest({ procedure: 'quote.create', summary: 'Quote a price for a ride (approved vendors)', status: 201 }),
    viaCaller(deps, (caller, req) => {
      const body = bodyObject(req);
      return caller.quote.create({
        rideId: parseId(params(req).id),
        price: untrusted<number>(body.price),
        note: untrusted<string | null | undefined>(body.note),
      });
    }),
  );
  app.delete(
    '/api/rides/:id/quotes/:quoteId',
    rest({ procedure: 'quote.withdraw', summary: 'Withdraw your quote (the vendor)' }),
    viaCaller(deps, (caller, req) =>
      caller.quote.withdraw({ rideId: parseId(params(req).id), quoteId: parseId(params(req).quoteId, 'quoteId') }),
    ),
  );
  app.post(
    '/api/rides/:id/quotes/:quoteId/accept',
    rest({ procedure: 'quote.accept', summary: 'Accept a quote (the organizer)' }),
    viaCaller(deps, (caller, req) =>
      caller.quote.accept(
        untrusted({
          confirmAmounts: bodyObject(req).confirmAmounts,
          rideId: parseId(params(req).id),
          quoteId: parseId(params(req).quoteId, 'quoteId'),
        }),
      ),
    ),
  );
  app.get(
    '/api/vendor/quotes',
    rest({ procedure: 'quote.mine', summary: 'Your quotes (vendors)' }),
    viaCaller(deps, (caller) => caller.quote.mine()),
  );
}
