import { untrusted } from './adapter';
import { route } from './table';

/**
 * The weekly series paths (docs/series.md#api). '/api/rides/series...' are static routes, which
 * the router prefers to '/api/rides/:id...'. Path ids win over ids in a body.
 */
export const seriesRoutes = [
  route({
    method: 'POST',
    path: '/api/rides/series',
    procedure: 'series.create',
    summary: 'Create a weekly series of rides',
    status: 201,
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'GET',
    path: '/api/rides/series/:id',
    procedure: 'series.byId',
    summary: 'One series with its rides',
    input: (r) => ({ id: r.id() }),
  }),
  route({
    method: 'PATCH',
    path: '/api/rides/series/:id',
    procedure: 'series.update',
    summary: "Edit a series' rides still to come",
    input: (r) => untrusted({ ...r.body, id: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/series/:id/cancel',
    procedure: 'series.cancel',
    summary: "Cancel a series' rides still to come",
    input: (r) => untrusted({ ...r.body, id: r.id() }),
  }),
];
