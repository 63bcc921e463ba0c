import { queryNumber, untrusted } from './adapter';
import { route } from './table';

/**
 * The administrators' Discord webhook state and vendor review: GET /api/admin/vendors?status=&page=&pageSize=
 * and POST /api/admin/vendors/:userId/approve, /reject {reason} and /suspend {reason}. A bad
 * `:userId` is answered as a bad `id`.
 */
export const adminRoutes = [
  route({
    method: 'GET',
    path: '/api/admin/discord-webhooks',
    procedure: 'admin.discordWebhooks',
    summary: "The Discord webhooks' state: which one answered 401/404 and is disabled (administrators)",
  }),
  route({
    method: 'GET',
    path: '/api/admin/vendors',
    procedure: 'admin.vendorApplications',
    summary: 'Vendor applications, by status, paged (administrators)',
    input: ({ query: { status, page, pageSize } }) =>
      untrusted({
        status: status === '' ? undefined : status,
        page: queryNumber(page),
        pageSize: queryNumber(pageSize),
      }),
  }),
  route({
    method: 'POST',
    path: '/api/admin/vendors/:userId/approve',
    procedure: 'admin.approveVendor',
    summary: 'Approve a vendor (administrators)',
    input: (r) => ({ userId: r.id('userId', 'id') }),
  }),
  route({
    method: 'POST',
    path: '/api/admin/vendors/:userId/reject',
    procedure: 'admin.rejectVendor',
    summary: 'Reject a vendor application, with a reason (administrators)',
    input: (r) => untrusted({ reason: r.body.reason, userId: r.id('userId', 'id') }),
  }),
  route({
    method: 'POST',
    path: '/api/admin/vendors/:userId/suspend',
    procedure: 'admin.suspendVendor',
    summary: 'Suspend an approved vendor, with a reason (administrators)',
    input: (r) => untrusted({ reason: r.body.reason, userId: r.id('userId', 'id') }),
  }),
];
