import { untrusted } from './adapter';
import { route } from './table';

/**
 * The border checklist's paths (docs/border.md#api): the caller's own travel profile, and their
 * checklist for a ride. The item in the path is checked by the procedure (400 naming it).
 */
export const travelRoutes = [
  route({
    method: 'GET',
    path: '/api/users/me/travel-profile',
    procedure: 'travel.profile',
    summary: 'Your travel profile (document category, passport expiry)',
  }),
  route({
    method: 'PUT',
    path: '/api/users/me/travel-profile',
    procedure: 'travel.updateProfile',
    summary: 'Set your travel profile',
    input: (r) => untrusted({ documentCategory: r.body.documentCategory, passportExpiresOn: r.body.passportExpiresOn }),
  }),
  route({
    method: 'GET',
    path: '/api/rides/:id/checklist',
    procedure: 'travel.checklist',
    summary: 'Your border checklist for a ride',
    input: (r) => ({ rideId: r.id() }),
  }),
  route({
    method: 'POST',
    path: '/api/rides/:id/checklist/:item',
    procedure: 'travel.tick',
    summary: 'Tick (or untick) a checklist item',
    input: (r) => untrusted({ rideId: r.id(), item: r.param('item'), done: r.body.done }),
  }),
];
