import type { Db } from '@rideshare/db';
import {
  audienceOf,
  rideRole,
  seesOrganiserNumbers,
  seesRideContacts,
  visibleCreator,
  visibleDriver,
  type VendorStatus,
} from '@rideshare/domain';
import { sql, type SqlBool } from 'kysely';

import { isPassengerOnRide, selectRideSummaries } from './select';
import { toRideSummary, toRideWaitlist, type RideCreator, type RideDetail, type WaitlistMineRow } from './wire';

/**
 * One ride with its organiser, driver and waitlist as `viewer` may see them (one query): the
 * audience rules, the organiser's sharing choice for the organiser's numbers (domain
 * `seesOrganiserNumbers`) and the ride party's (domain `seesRideContacts`) for the driver card. Waitlist offers are live or lapsed as of `now` (domain `isOfferLive`).
 */
export async function findRideDetail(
  db: Db,
  id: number,
  viewer: { id: number; vendorStatus?: VendorStatus | null } | null,
  now: Date,
): Promise<RideDetail | null> {
  const viewerId = viewer?.id ?? null;
  // A waiting row is in line unless its offer has lapsed (now at or past the expiry).
  const inLine = (alias: string) =>
    sql<SqlBool>`(${sql.ref(`${alias}.offer_expires_at`)} is null or ${sql.ref(`${alias}.offer_expires_at`)} > ${now})`;
  const row = await selectRideSummaries(db)
    .leftJoin('users as vendor', 'vendor.id', 'rides.vendorId')
    .select([
      'creator.id as creatorUserId',
      'creator.whatsappNumber as creatorWhatsappNumber',
      'creator.malaysianNumber as creatorMalaysianNumber',
      'creator.shareContactsWith as creatorShareContactsWith',
      'vendor.id as vendorUserId',
      'vendor.companyName as vendorCompanyName',
      'vendor.driverDetails as vendorDriverDetails',
      isPassengerOnRide(viewerId).as('viewerIsPassenger'),
      sql<number>`(select count(*)::int from ride_waitlist w where w.ride_id = rides.id and ${inLine('w')})`.as(
        'waitlistCount',
      ),
      sql<number>`(select coalesce(sum(w.passenger_count), 0)::int from ride_waitlist w
        where w.ride_id = rides.id and w.offer_expires_at > ${now})`.as('waitlistHeldSeats'),
      sql<WaitlistMineRow | null>`(select jsonb_build_object(
          'position', (select count(*)::int from ride_waitlist w where w.ride_id = me.ride_id and w.id <= me.id and ${inLine('w')}),
          'passengerCount', me.passenger_count,
          'offerExpiresAt', me.offer_expires_at)
        from ride_waitlist me
        where me.ride_id = rides.id and me.user_id = ${viewerId}::integer and ${inLine('me')})`.as('waitlistMine'),
    ])
    .where('rides.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const audience = audienceOf(viewer);
  const party = {
    viewerId,
    creatorId: row.creatorId,
    vendorId: row.vendorId,
    viewerIsPassenger: Boolean(row.viewerIsPassenger),
  };
  const seesContacts = seesRideContacts(party);
  // The organiser's numbers: members unless kept for the party (docs/vendors.md#contacts).
  const seesOrganiser = seesOrganiserNumbers(
    rideRole(party),
    viewer?.vendorStatus ?? null,
    row.creatorShareContactsWith ?? 'members',
  );
  const creator: RideCreator | null =
    row.creatorUserId !== null
      ? visibleCreator(
          {
            id: row.creatorUserId,
            name: row.creatorOwnName,
            discordUsername: row.creatorDiscordUsername,
            discordVerified: row.creatorDiscordVerified === true,
            whatsappNumber: row.creatorWhatsappNumber,
            malaysianNumber: row.creatorMalaysianNumber,
          },
          audience,
          seesOrganiser,
        )
      : null;
  const vendor =
    row.vendorUserId !== null ? { companyName: row.vendorCompanyName, driverDetails: row.vendorDriverDetails } : null;
  const waitlist = toRideWaitlist(row.waitlistCount, row.waitlistHeldSeats, row.waitlistMine);
  return {
    ...toRideSummary(row, audience, seesContacts),
    // The detail reads the clock: only live offers hold seats.
    heldSeats: waitlist.heldSeats,
    creator,
    driver: visibleDriver(vendor, seesContacts),
    waitlist,
  };
}
