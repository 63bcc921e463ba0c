import { route } from './table';

/** GET /api/config: `config.get`, the map and place-search settings the browser reads. */
export const configRoutes = [
  route({
    method: 'GET',
    path: '/api/config',
    procedure: 'config.get',
    summary: 'Map and place-search settings for the browser',
    answerHeaders: { 'cache-control': 'no-cache' },
  }),
];
