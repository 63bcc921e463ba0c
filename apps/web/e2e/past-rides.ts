/**
 * Departed rides for the browser journeys (docs/decisions.md#decisions). The API rightly refuses to
 * create a ride in the past, so global-setup.ts builds them in two steps:
 *
 * 1. `createAssignedRides(baseUrl, admin)`, while the server runs: a vendor (with a Singapore
 *    permit, for the SG->FC rides) and an organiser register, the administrator approves the
 *    vendor, the organiser creates one ride per viewport a few days ahead and the vendor takes
 *    them, all through the public REST API, so every row is exactly what the app writes.
 * 2. `moveIntoThePast(dataDir, rideIds)`, while the server is stopped (it holds the data folder's
 *    lock while it runs): opens the same embedded database with @rideshare/db and sets the rides'
 *    departure to yesterday. Nothing else about them changes.
 *
 * The vendor and organiser are used by no other spec, so the rides show up nowhere else that a
 * spec looks. driver.spec.ts reads them through the `pastRides` fixture.
 */
import { connectDatabase } from '@rideshare/db';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PastRides {
  /** The vendor the rides are assigned to (a vendor with no other rides). */
  vendor: { discordUsername: string; password: string };
  /** One departed, assigned ride per viewport, so each journey completes its own. */
  rideIds: { desktop: number; mobile: number };
}

const VENDOR = {
  discordUsername: 'e2e_past_vendor',
  password: 'e2e-past-vendor-123',
  name: 'Paula Past',
  whatsappNumber: '+65 8765 4321',
  isVendor: true,
  companyName: 'Yesterday Cars',
  driverDetails: { name: 'Lim Boon Keng', contact: '+60 12 987 6543', carNumber: 'JHB 9876' },
  // An SG permit takes SG->FC rides (docs/vendors.md#licence-rules); the seats fit every ride.
  permit: { country: 'SG', number: 'SG-E2E-PAST', expiresOn: '9999-12-31' },
  vehicleSeats: 13,
};
const ORGANISER = {
  discordUsername: 'e2e_past_organiser',
  password: 'e2e-past-org-123',
  name: 'Olive Past',
  isVendor: false,
};

/** POSTs JSON as the app's own page would (same origin); returns the body and the session cookie. */
async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  cookie?: string,
): Promise<{ body: unknown; cookie: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      origin: baseUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Seeding past rides: POST ${path} failed: ${String(response.status)} ${text}`);
  const session = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0] ?? '')
    .join('; ');
  return { body: JSON.parse(text) as unknown, cookie: session || (cookie ?? '') };
}

async function createRide(baseUrl: string, cookie: string, location: string): Promise<number> {
  const { body } = await post(
    baseUrl,
    '/api/rides',
    {
      direction: 'SG->FC',
      date: new Date(Date.now() + 3 * DAY_MS).toISOString(),
      maxPassengers: 4,
      organizerPassengerCount: 1,
      pickupLocation: location,
      dropoffLocations: [{ location, passengerCount: 1 }],
    },
    cookie,
  );
  return (body as { id: number }).id;
}

/** `admin` is the administrator's sign-in (already granted the right). */
export async function createAssignedRides(
  baseUrl: string,
  admin: { discordUsername: string; password: string },
): Promise<PastRides> {
  const organiser = (await post(baseUrl, '/api/register', ORGANISER)).cookie;
  const registered = await post(baseUrl, '/api/register', VENDOR);
  const vendor = registered.cookie;
  const adminCookie = (await post(baseUrl, '/api/login', admin)).cookie;
  const vendorId = (registered.body as { id: number }).id;
  await post(baseUrl, `/api/admin/vendors/${String(vendorId)}/approve`, undefined, adminCookie);
  const rideIds = {
    desktop: await createRide(baseUrl, organiser, 'Jurong East MRT'),
    mobile: await createRide(baseUrl, organiser, 'Woodlands MRT'),
  };
  for (const id of Object.values(rideIds)) await post(baseUrl, `/api/rides/${String(id)}/assign`, undefined, vendor);
  return { vendor: { discordUsername: VENDOR.discordUsername, password: VENDOR.password }, rideIds };
}

/** Sets the rides' departure to yesterday, on the stopped server's data folder. */
export async function moveIntoThePast(dataDir: string, rideIds: number[]): Promise<void> {
  const handle = await connectDatabase({ dataDir });
  try {
    const moved = await handle.db
      .updateTable('rides')
      .set({ date: new Date(Date.now() - DAY_MS) })
      .where('id', 'in', rideIds)
      .where('status', '=', 'assigned')
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== rideIds.length) {
      throw new Error(`Seeding past rides: moved ${String(moved.numUpdatedRows)} of ${String(rideIds.length)} rides`);
    }
  } finally {
    await handle.close();
  }
}
