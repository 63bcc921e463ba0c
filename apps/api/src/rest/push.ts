import { untrusted } from './adapter';
import { route } from './table';

/** GET /api/push/key, POST and DELETE /api/push/subscriptions (docs/product.md#phone-notifications). */
export const pushRoutes = [
  route({
    method: 'GET',
    path: '/api/push/key',
    procedure: 'push.key',
    summary: "The server's public key for phone notifications",
  }),
  route({
    method: 'POST',
    path: '/api/push/subscriptions',
    procedure: 'push.subscribe',
    summary: 'Subscribe this device to phone notifications',
    status: 201,
    input: (r) => untrusted(r.body),
  }),
  route({
    method: 'DELETE',
    path: '/api/push/subscriptions',
    procedure: 'push.unsubscribe',
    summary: 'Unsubscribe a device',
    input: (r) => untrusted(r.body),
  }),
];
