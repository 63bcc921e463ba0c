import type { Db } from '@rideshare/db';
import type { ViewerStanding } from '@rideshare/domain';
import { sql } from 'kysely';

/**
 * Where `userId` stands on each ride they organise, ride on, wait for or drive (one line per ride
 * on its card, domain `standingLine`; docs/product.md#at-a-glance). Three reads side by side:
 * - rides they organise or, as the vendor, drive;
 * - their passenger entries on others' rides, with the stop number and what their payment row
 *   (written once the price locks, as the payments API reads it) still has due;
 * - their waitlist rows still in line (a lapsed offer has left the line), with the place in line.
 * A ride they organise reads 'organizer' whatever else; the vendor driving it reads 'assigned'.
 */
export async function listViewerStandings(db: Db, userId: number, now: Date): Promise<ViewerStanding[]> {
  const inLine = (alias: string) =>
    sql`(${sql.ref(`${alias}.offer_expires_at`)} is null or ${sql.ref(`${alias}.offer_expires_at`)} > ${now})`;
  const [own, entries, waiting] = await Promise.all([
    db
      .selectFrom('rides')
      .select(['id', 'creatorId'])
      .where((eb) => eb.or([eb('creatorId', '=', userId), eb('vendorId', '=', userId)]))
      .execute(),
    db
      .selectFrom('ridePassengers as rp')
      .innerJoin('rides as r', 'r.id', 'rp.rideId')
      .leftJoin('ridePayments as p', 'p.passengerId', 'rp.id')
      .select(['rp.rideId', 'rp.dropoffSequence', 'p.amountDueCents', 'p.status as paymentStatus'])
      .where('rp.userId', '=', userId)
      .where('r.creatorId', '<>', userId)
      .execute(),
    db
      .selectFrom('rideWaitlist as me')
      .select([
        'me.rideId',
        'me.offerExpiresAt',
        sql<number>`(select count(*)::int from ride_waitlist w
          where w.ride_id = me.ride_id and w.id <= me.id and ${inLine('w')})`.as('position'),
      ])
      .where('me.userId', '=', userId)
      .where(sql<boolean>`${inLine('me')}`)
      .execute(),
  ]);

  const byRide = new Map<number, ViewerStanding>();
  for (const row of waiting) {
    byRide.set(
      row.rideId,
      row.offerExpiresAt
        ? { rideId: row.rideId, kind: 'offered', offerExpiresAt: new Date(row.offerExpiresAt).toISOString() }
        : { rideId: row.rideId, kind: 'waitlisted', position: Number(row.position) },
    );
  }
  for (const row of entries) {
    byRide.set(row.rideId, {
      rideId: row.rideId,
      kind: 'passenger',
      stop: row.dropoffSequence,
      amountDueCents: row.paymentStatus === 'due' ? Number(row.amountDueCents) : null,
    });
  }
  for (const ride of own) {
    byRide.set(ride.id, { rideId: ride.id, kind: ride.creatorId === userId ? 'organizer' : 'assigned' });
  }
  return [...byRide.values()];
}
