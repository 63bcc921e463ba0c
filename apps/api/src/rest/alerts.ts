import { untrusted } from './adapter';
import { route } from './table';

/** GET /api/alerts, POST /api/alerts and DELETE /api/alerts/:id (docs/alerts.md#api). */
export const alertRoutes = [
  route({ method: 'GET', path: '/api/alerts', procedure: 'alert.list', summary: 'Your ride alerts' }),
  route({
    method: 'POST',
    path: '/api/alerts',
    procedure: 'alert.create',
    summary: 'Add a ride alert',
    status: 201,
    input: ({ body }) =>
      untrusted({
        direction: body.direction,
        fromDate: body.fromDate,
        toDate: body.toDate,
        weekdays: body.weekdays,
        earliestTime: body.earliestTime,
        latestTime: body.latestTime,
      }),
  }),
  route({
    method: 'DELETE',
    path: '/api/alerts/:id',
    procedure: 'alert.delete',
    summary: 'Delete one of your ride alerts',
    input: (r) => ({ id: r.id() }),
  }),
];
