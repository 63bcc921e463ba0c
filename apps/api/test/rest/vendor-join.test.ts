/**
 * A vendor account never rides as a passenger (docs/vendors.md#no-passenger): joining answers 403
 * with the reason, whatever the vendor's status, and nothing is written; a member still joins.
 */
import { describe, expect, it } from 'vitest';

import { createRide, createUser, createVendor } from '../factories';
import { appsPerTest, loginAs } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase();
const appWith = appsPerTest(() => t.db);

const REASON =
  'A vendor account drives rides and cannot join one as a passenger. To travel as a passenger, use a member account.';

async function entriesOf(rideId: number) {
  return t.db.selectFrom('ridePassengers').select('userId').where('rideId', '=', rideId).execute();
}

describe('POST /api/rides/:id/join by a vendor account', () => {
  it.each(['approved', 'pending'] as const)('refuses an %s vendor with 403 and the reason', async (status) => {
    const app = await appWith();
    const organiser = await createUser(t.db);
    const vendor = await createVendor(t.db, { vendorStatus: status });
    const ride = await createRide(t.db, organiser);
    const cookie = await loginAs(app, vendor);

    const res = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/join`,
      headers: { cookie },
      payload: { dropoffLocation: 'Pasir Ris MRT', passengerCount: 1 },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: string }>().error).toBe(REASON);
    expect((await entriesOf(ride.id)).map((row) => row.userId)).toEqual([organiser.id]);

    // The tRPC procedure says the same.
    const trpcRes = await app.inject({
      method: 'POST',
      url: '/trpc/passenger.join',
      headers: { cookie, 'content-type': 'application/json' },
      payload: { rideId: ride.id, dropoffLocation: 'Pasir Ris MRT', passengerCount: 1 },
    });
    expect(trpcRes.statusCode).toBe(403);
    expect(trpcRes.body).toContain(REASON);
  });

  it('still lets a member join', async () => {
    const app = await appWith();
    const organiser = await createUser(t.db);
    const member = await createUser(t.db);
    const ride = await createRide(t.db, organiser);
    const res = await app.inject({
      method: 'POST',
      url: `/api/rides/${String(ride.id)}/join`,
      headers: { cookie: await loginAs(app, member) },
      payload: { dropoffLocation: 'Pasir Ris MRT', passengerCount: 1 },
    });
    expect(res.statusCode).toBe(201);
  });
});
