import { queryNumber, untrusted } from './adapter';
import { route } from './table';

/** GET /api/notifications?page=&pageSize= and POST /api/notifications/read {ids?}. */
export const notificationRoutes = [
  route({
    method: 'GET',
    path: '/api/notifications',
    procedure: 'notification.list',
    summary: 'Your notifications, paged',
    input: (r) => untrusted({ page: queryNumber(r.query.page), pageSize: queryNumber(r.query.pageSize) }),
  }),
  route({
    method: 'POST',
    path: '/api/notifications/read',
    procedure: 'notification.markRead',
    summary: 'Mark notifications read (all, or the ids given)',
    input: (r) => untrusted({ ids: r.body.ids }),
  }),
];
