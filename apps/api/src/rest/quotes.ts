import { untrusted } from './adapter';
import { route } from './table';

/**
 * GET and POST /api/rides/:id/quotes, DELETE /api/rides/:id/quotes/:quoteId, POST
 * /api/rides/:id/quotes/:quoteId/accept, and GET /api/vendor/quotes: the quote procedures.
 */
export const quoteRoutes = [
  route({
    method: 'GET',
    path: '/api/rides/:id/quotes',
    procedure: 'quote.list',
    summary: "A ride's vendor quotes",
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/quotes',
    procedure: 'quote.create',
    summary: 'Quote a price for a ride (approved vendors)',
    status: 201,
    input: (r) => ({
      rideId: r.id(),
      price: untrusted<number>(r.body.price),
      note: untrusted<string | null | undefined>(r.body.note),
    }),
  }),
  route({
    method: 'DELETE',
    path: '/api/rides/:id/quotes/:quoteId',
    procedure: 'quote.withdraw',
    summary: 'Withdraw your quote (the vendor)',
    input: (r) => ({ rideId: r.id(), quoteId: r.id('quoteId') }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/quotes/:quoteId/accept',
    procedure: 'quote.accept',
    summary: 'Accept a quote (the organizer)',
    input: (r) => untrusted({ confirmAmounts: r.body.confirmAmounts, rideId: r.id(), quoteId: r.id('quoteId') }),
  }),
  route({ method: 'GET', path: '/api/vendor/quotes', procedure: 'quote.mine', summary: 'Your quotes (vendors)' }),
];
