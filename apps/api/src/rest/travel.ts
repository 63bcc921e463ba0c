import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { HttpContextDeps } from '../trpc/context';
import { bodyObject, parseId, untrusted, viaCaller } from './adapter';
import { rest } from './contract';

function params(req: FastifyRequest): { id?: unknown; item?: unknown } {
  return req.params as { id?: unknown; item?: unknown };
}

/**
 * The border checklist's paths (docs/border.md#api): the caller's own travel profile, and their
 * checklist for a ride. The item in the path is checked by the procedure (400 naming it).
 */
export function registerTravelRoutes(app: FastifyInstance, deps: HttpContextDeps): void {
  app.get(
    '/api/users/me/travel-profile',
    rest({ procedure: 'travel.profile', summary: 'Your travel profile (document category, passport expiry)' }),
    viaCaller(deps, (caller) => caller.travel.profile()),
  );
  app.put(
    '/api/users/me/travel-profile',
    rest({ procedure: 'travel.updateProfile', summary: 'Set your travel profile' }),
    viaCaller(deps, (caller, req) => {
      const body = bodyObject(req);
      return caller.travel.updateProfile(
        untrusted({ documentCategory: body.documentCategory, passportExpiresOn: body.passportExpiresOn }),
      );
    }),
  );
  app.get(
    '/api/rides/:id/checklist',
    rest({ procedure: 'travel.checklist', summary: 'Your border checklist for a ride' }),
    viaCaller(deps, (caller, req) => caller.travel.checklist({ rideId: parseId(params(req).id) })),
  );
  app.post(
    '/api/rides/:id/checklist/:item',
    rest({ procedure: 'travel.tick', summary: 'Tick (or untick) a checklist item' }),
    viaCaller(deps, (caller, req) =>
      caller.travel.tick(
        untrusted({ rideId: parseId(params(req).id), item: params(req).item, done: bodyObject(req).done }),
      ),
    ),
  );
}
