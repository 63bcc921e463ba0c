/**
 * An id that names no ride answers one text on every path that reads or writes a ride, whichever
 * part of the server found it missing (domain `notFound`).
 */
import { NOT_FOUND_MESSAGES } from '@rideshare/domain';
import { beforeAll, describe, expect, it } from 'vitest';

import { createUser } from '../factories';
import { loginAs, useTestApp } from '../helpers/app';

const t = useTestApp({ reset: false });
const MISSING = 424242;

describe('a ride that does not exist', () => {
  let cookie = '';
  beforeAll(async () => {
    cookie = await loginAs(t.app, await createUser(t.db));
  });

  it.each([
    ['GET', `/api/rides/${String(MISSING)}`, undefined],
    ['GET', `/api/rides/${String(MISSING)}/payments`, undefined],
    ['GET', `/api/rides/${String(MISSING)}/payments.csv`, undefined],
    ['POST', `/api/rides/${String(MISSING)}/payments/mine`, { method: 'paynow' }],
    ['POST', `/api/rides/${String(MISSING)}/payments/recalculate`, {}],
    ['GET', `/api/rides/${String(MISSING)}/payments/preview?cost=90`, undefined],
    ['POST', `/api/rides/${String(MISSING)}/payments/3/confirm`, {}],
    ['GET', `/api/rides/${String(MISSING)}/checklist`, undefined],
    ['GET', `/api/rides/${String(MISSING)}/manifest`, undefined],
  ] as const)('%s %s answers 404 "Ride not found"', async (method, url, payload) => {
    const res = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toBe(NOT_FOUND_MESSAGES.ride);
  });
});
