import { untrusted } from './adapter';
import { route } from './table';

/** PATCH /api/users/:id — the profile fields of docs/product.md#api-calls; the path names whose profile. */
export const userRoutes = [
  route({
    method: 'PATCH',
    path: '/api/users/:id',
    procedure: 'user.update',
    summary: 'Edit your account',
    // The path decides the id; an `id` in the body is ignored rather than trusted.
    input: (r) => untrusted({ ...r.body, id: r.id() }),
  }),
];
