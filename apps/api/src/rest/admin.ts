import type { FastifyInstance } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, query, queryNumber, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

function userIdOf(params: unknown): number {
  return parseId((params as { userId?: unknown }).userId);
}

/**
 * The administrators' vendor review: GET /api/admin/vendors?status=&page=&pageSize= and
 * POST /api/admin/vendors/:userId/approve, /reject {reason} and /suspend {reason}.
 */
export function registerAdminRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/admin/discord-webhooks',
    rest({
      procedure: 'admin.discordWebhooks',
      summary: "The Discord webhooks' state: which one answered 401/404 and is disabled (administrators)",
    }),
    viaCaller(deps, (caller) => caller.admin.discordWebhooks()),
  );
  app.get(
    '/api/admin/vendors',
    rest({ procedure: 'admin.vendorApplications', summary: 'Vendor applications, by status, paged (administrators)' }),
    viaCaller(deps, (caller, req) => {
      const { status, page, pageSize } = query(req);
      return caller.admin.vendorApplications(
        untrusted({
          status: status === '' ? undefined : status,
          page: queryNumber(page),
          pageSize: queryNumber(pageSize),
        }),
      );
    }),
  );
  app.post(
    '/api/admin/vendors/:userId/approve',
    rest({ procedure: 'admin.approveVendor', summary: 'Approve a vendor (administrators)' }),
    viaCaller(deps, (caller, req) => caller.admin.approveVendor({ userId: userIdOf(req.params) })),
  );
  app.post(
    '/api/admin/vendors/:userId/reject',
    rest({ procedure: 'admin.rejectVendor', summary: 'Reject a vendor application, with a reason (administrators)' }),
    viaCaller(deps, (caller, req) =>
      caller.admin.rejectVendor(untrusted({ reason: bodyObject(req).reason, userId: userIdOf(req.params) })),
    ),
  );
  app.post(
    '/api/admin/vendors/:userId/suspend',
    rest({ procedure: 'admin.suspendVendor', summary: 'Suspend an approved vendor, with a reason (administrators)' }),
    viaCaller(deps, (caller, req) =>
      caller.admin.suspendVendor(untrusted({ reason: bodyObject(req).reason, userId: userIdOf(req.params) })),
    ),
  );
}
