import type { Db } from '@rideshare/db';
import type { Direction, DriverDetails } from '@rideshare/domain';

/** The ride, its organiser and its vendor as the driver's manifest reads them (docs/vendors.md#manifest). */
export interface ManifestRideRow {
  id: number;
  direction: Direction;
  date: Date;
  pickupLocation: string;
  creatorId: number;
  vendorId: number | null;
  /** Whether the route order is locked (unnumbered entries then wait to be placed). */
  sequenceLocked: boolean;
  organiserName: string | null;
  organiserDiscordUsername: string | null;
  organiserWhatsappNumber: string | null;
  organiserMalaysianNumber: string | null;
  vendorCompanyName: string | null;
  vendorDriverDetails: DriverDetails | null;
  vendorVehicleSeats: number | null;
}

/** One query: the ride with its organiser and assigned vendor; null for no such ride. */
export async function findManifestRide(db: Db, rideId: number): Promise<ManifestRideRow | null> {
  const row = await db
    .selectFrom('rides')
    .leftJoin('users as organiser', 'organiser.id', 'rides.creatorId')
    .leftJoin('users as vendor', 'vendor.id', 'rides.vendorId')
    .select([
      'rides.id',
      'rides.direction',
      'rides.date',
      'rides.pickupLocation',
      'rides.creatorId',
      'rides.sequenceLocked',
      'rides.vendorId',
      'organiser.name as organiserName',
      'organiser.discordUsername as organiserDiscordUsername',
      'organiser.whatsappNumber as organiserWhatsappNumber',
      'organiser.malaysianNumber as organiserMalaysianNumber',
      'vendor.companyName as vendorCompanyName',
      'vendor.driverDetails as vendorDriverDetails',
      'vendor.vehicleSeats as vendorVehicleSeats',
    ])
    .where('rides.id', '=', rideId)
    .executeTakeFirst();
  return row ?? null;
}
