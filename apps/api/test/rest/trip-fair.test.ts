/**
 * A record nobody can bend, and links that die with their maker's place (docs/record.md,
 * docs/trip-day.md#share): the vendor's punctuality counts only from stages the vendor posted; an
 * organiser's late removal counts as `asOrganizer.removedLate` and keeps the ride from being
 * deleted; a link stops working once its maker leaves or is taken off, and the organizer revokes
 * any link on their ride, by token or from the list of live links.
 */
import { describe, expect, it } from 'vitest';

import { addPassenger, createRide, type TestUser } from '../factories';
import { DEPARTURE, HOUR, MINUTE, useTripParty } from '../helpers/trip-party';

const p = useTripParty();
const id = (n: number) => String(n);

async function record(user: TestUser): Promise<{ asOrganizer: Record<string, number>; asVendor: unknown }> {
  const res = await p.call(p.users.mallory, 'GET', `/api/users/${id(user.id)}/record`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const remove = (user: TestUser, entryId: number, rideId = p.ride.id) =>
  p.call(user, 'DELETE', `/api/rides/${id(rideId)}/passengers/${id(entryId)}`);

describe("the vendor's punctuality", () => {
  it('counts only the departures the vendor posted: the organizer cannot make them look late', async () => {
    const { olivia, acme } = p.users;
    p.at(40 * MINUTE);
    await p.stage(olivia, 'departed');
    expect((await record(acme)).asVendor).toEqual({ completed: 0, onTime: 0, late: 0 });
    // The vendor's own late departure on another ride counts.
    const other = await createRide(p.t.db, olivia, { date: DEPARTURE, status: 'assigned', vendorId: acme.id });
    const res = await p.call(acme, 'POST', `/api/rides/${id(other.id)}/trip/stage`, { stage: 'departed' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await record(acme)).asVendor).toEqual({ completed: 0, onTime: 0, late: 1 });
  });
});

describe("the organiser's late removals", () => {
  it('count a rider taken off within 24 hours of departure in asOrganizer.removedLate; earlier ones do not', async () => {
    const { olivia, paul } = p.users;
    const later = await createRide(p.t.db, olivia, { date: new Date(DEPARTURE.getTime() + 72 * HOUR) });
    const early = await addPassenger(p.t.db, later, paul);
    expect((await remove(olivia, early.id, later.id)).statusCode).toBe(200);
    expect((await record(olivia)).asOrganizer).toEqual({ completed: 0, cancelledLate: 0, removedLate: 0 });
    expect((await remove(olivia, p.entries.paul)).statusCode).toBe(200);
    expect((await remove(olivia, p.entries.rita)).statusCode).toBe(200);
    // One ride, however many riders came off it.
    expect((await record(olivia)).asOrganizer).toEqual({ completed: 0, cancelledLate: 0, removedLate: 1 });
    // A rider leaving on their own is their late leave, not the organiser's removal.
    const third = await createRide(p.t.db, olivia, { date: DEPARTURE });
    const own = await addPassenger(p.t.db, third, paul);
    expect((await remove(paul, own.id, third.id)).statusCode).toBe(200);
    expect((await record(olivia)).asOrganizer.removedLate).toBe(1);
  });

  it('keep the ride: removing every rider late and then deleting it is refused (RIDE_KEPT), so nothing is hidden', async () => {
    const { olivia } = p.users;
    // An open ride with no driver, so only the removals keep it.
    await p.t.db.updateTable('rides').set({ status: 'open', vendorId: null }).where('id', '=', p.ride.id).execute();
    for (const entry of [p.entries.paul, p.entries.rita]) expect((await remove(olivia, entry)).statusCode).toBe(200);
    const deleted = await p.call(olivia, 'DELETE', `/api/rides/${id(p.ride.id)}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json<{ error: string }>().error).toBe(
      'You removed a rider from this ride within 24 hours of departure; it stays on your record. Cancel it instead.',
    );
    expect((await record(olivia)).asOrganizer.removedLate).toBe(1);
    // Cancelling it (with nobody left on it) is not a late cancellation, but the removals stay counted.
    expect(
      (await p.call(olivia, 'POST', `/api/rides/${id(p.ride.id)}/cancel`, { reason: 'Plans changed' })).statusCode,
    ).toBe(200);
    expect((await record(olivia)).asOrganizer).toMatchObject({ cancelledLate: 0, removedLate: 1 });
  });
});

describe('share links', () => {
  const share = async (user: TestUser) => {
    const res = await p.call(user, 'POST', 'trip/share');
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ token: string }>().token;
  };
  const follow = (token: string) => p.call(null, 'GET', `/api/trip/${token}`);

  it('stop working once their maker leaves the ride or is taken off it', async () => {
    const { olivia, paul, rita } = p.users;
    const paulLink = await share(paul);
    const ritaLink = await share(rita);
    const oliviaLink = await share(olivia);
    expect((await follow(paulLink)).statusCode).toBe(200);
    expect((await remove(paul, p.entries.paul)).statusCode).toBe(200);
    expect((await follow(paulLink)).statusCode).toBe(404);
    expect((await remove(olivia, p.entries.rita)).statusCode).toBe(200);
    expect((await follow(ritaLink)).statusCode).toBe(404);
    expect((await follow(oliviaLink)).statusCode).toBe(200);
  });

  it('stop working once their maker is no longer on the ride, however they came off it', async () => {
    const { paul } = p.users;
    const link = await share(paul);
    await p.t.db.deleteFrom('ridePassengers').where('id', '=', p.entries.paul).execute();
    expect((await follow(link)).statusCode).toBe(404);
  });

  it('stop working once their maker is a vendor no longer approved (docs/architecture.md#ride-party)', async () => {
    const { acme } = p.users;
    const link = await share(acme);
    expect((await follow(link)).statusCode).toBe(200);
    await p.t.db
      .updateTable('users')
      .set({ vendorStatus: 'suspended', vendorStatusReason: 'Audit' })
      .where('id', '=', acme.id)
      .execute();
    expect((await follow(link)).statusCode).toBe(404);
  });

  it("are revoked by the ride's organizer, any of them; a rider revokes only their own", async () => {
    const { olivia, paul, rita, acme } = p.users;
    const acmeLink = await share(acme);
    const paulLink = await share(paul);
    expect((await p.call(rita, 'DELETE', `trip/share/${paulLink}`)).statusCode).toBe(404);
    const revoked = await p.call(olivia, 'DELETE', `trip/share/${acmeLink}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toEqual({ revoked: true });
    expect((await follow(acmeLink)).statusCode).toBe(404);
    expect((await follow(paulLink)).statusCode).toBe(200);

    // The list of live links: the organizer sees every one, a rider their own; never a token.
    await share(rita);
    const list = await p.call(olivia, 'GET', 'trip/shares');
    expect(list.statusCode, list.body).toBe(200);
    const links = list.json<{ id: number; madeBy: { id: number; name: string }; mine: boolean; expiresAt: string }[]>();
    expect(links.map((link) => [link.madeBy.name, link.mine])).toEqual([
      ['Paul', false],
      ['Rita', false],
    ]);
    expect(links[0]?.expiresAt).toBe('2031-03-02T02:00:00.000Z');
    expect(list.body).not.toContain(paulLink);
    const own = (await p.call(paul, 'GET', 'trip/shares')).json<{ madeBy: { id: number }; mine: boolean }[]>();
    expect(own).toEqual([expect.objectContaining({ madeBy: expect.objectContaining({ id: paul.id }), mine: true })]);
    expect((await p.call(p.users.mallory, 'GET', 'trip/shares')).statusCode).toBe(403);
    const paulId = links[0]?.id ?? 0;
    expect((await p.call(rita, 'DELETE', `trip/shares/${id(paulId)}`)).statusCode).toBe(404);
    expect((await p.call(olivia, 'DELETE', `trip/shares/${id(paulId)}`)).statusCode).toBe(200);
    expect((await follow(paulLink)).statusCode).toBe(404);
    expect((await p.call(olivia, 'DELETE', `trip/shares/${id(paulId)}`)).statusCode).toBe(404);
  });
});
