/**
 * API answers for component tests, typed from the router's outputs so a server change breaks them
 * at compile time. Each takes overrides for what a test cares about.
 *
 * - `makeUser(overrides?)`: a signed-in user as `auth.me` returns it (id 2, 'Alice Tan'); a vendor
 *   is approved, with an SG permit and 6 seats, unless told otherwise.
 * - `makeRideSummary(overrides?)`: a ride as the lists return it (`ride.list` items, My Rides, the
 *   vendor's lists): ride 7, SG->FC from Pasir Ris MRT, 2 of 4 seats taken, organised by user 50
 *   'Olivia Organiser', departing 3 days after TEST_NOW; SGD 80 and SGD 5 a stop, no extra stop yet.
 * - `makeRideDetail(overrides?)`: the same ride as `ride.byId` answers, with the organiser's contacts
 *   and no driver card (`driver: null`; pass `driver: makeDriverCard()` for an assigned ride).
 * - `makeDriverCard(overrides?)`: the driver card the ride's party reads once a vendor is assigned.
 * - `makePassengerEntry(id, userId, name, overrides?)`: one `passenger.list` entry on ride 7.
 * - `makeRecord(overrides?)`: a member's record as `record.get` answers it (a new member's).
 */
import type { RouterOutputs } from '@rideshare/api';

export type TestUser = NonNullable<RouterOutputs['auth']['me']>;
export type TestRideSummary = RouterOutputs['ride']['list']['items'][number];
export type TestRideDetail = RouterOutputs['ride']['byId'];
export type TestPassengerEntry = RouterOutputs['passenger']['list'][number];

const DAY = 24 * 60 * 60 * 1000;

/**
 * "Now" in every component test: a Wednesday, 10:00 in Singapore. Screens read it through the clock
 * that `renderWithProviders` and `renderApp` hand to `AppProviders` (lib/clock.ts), so no test
 * depends on the day it runs.
 */
export const TEST_NOW = new Date('2026-12-02T02:00:00.000Z');

/** The fixed clock of component tests: always {@link TEST_NOW}. */
export const testClock = (): Date => new Date(TEST_NOW);

/** An ISO date `days` after {@link TEST_NOW} (negative: before it). */
export const inDays = (days: number): string => new Date(TEST_NOW.getTime() + days * DAY).toISOString();

/** A vendor (`isVendor: true`) is approved unless `vendorStatus` says otherwise. */
export function makeUser(overrides: Partial<TestUser> = {}): TestUser {
  const isVendor = overrides.isVendor ?? false;
  return {
    id: 2,
    discordUsername: 'alice',
    name: 'Alice Tan',
    whatsappNumber: '+65 9123 4567',
    malaysianNumber: null,
    revolutUsername: 'alicet',
    isVendor: false,
    companyName: null,
    driverDetails: null,
    isAdmin: false,
    vendorStatus: isVendor ? 'approved' : null,
    vendorStatusReason: null,
    permit: isVendor ? { country: 'SG', number: 'CBT-1', expiresOn: '2030-12-31' } : null,
    vehicleSeats: isVendor ? 6 : null,
    shareContactsWith: 'members',
    paynowProxy: null,
    discordVerified: false,
    discordLinked: false,
    discordName: null,
    hasPassword: true,
    ...overrides,
  };
}

export function makeRideSummary(overrides: Partial<TestRideSummary> = {}): TestRideSummary {
  return {
    id: 7,
    creatorId: 50,
    creatorName: 'Olivia Organiser',
    creatorVerified: false,
    direction: 'SG->FC',
    date: inDays(3),
    maxPassengers: 4,
    currentPassengers: 2,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 2 }],
    // Null (as the public gets it), so a test that overrides dropoffLocations sees those stops.
    routeStops: null,
    status: 'open',
    vendorId: null,
    driverContactId: null,
    cost: 80,
    additionalStops: 0,
    stopPrice: 5,
    sequenceLocked: false,
    cancelReason: null,
    cancelledAt: null,
    seriesId: null,
    heldSeats: 0,
    minPassengers: null,
    priceLockedAt: null,
    joinPrice: null,
    crossing: 'second-link',
    tripLatest: null,
    ...overrides,
  };
}

export type TestDriverCard = NonNullable<TestRideDetail['driver']>;

export function makeDriverCard(overrides: Partial<TestDriverCard> = {}): TestDriverCard {
  return {
    companyName: 'Acme Transport',
    driverName: 'Tan Ah Kow',
    driverContact: '+65 9876 5432',
    carNumber: 'SGX1234A',
    ...overrides,
  };
}

export function makeRideDetail(overrides: Partial<TestRideDetail> = {}): TestRideDetail {
  return {
    ...makeRideSummary(),
    creator: {
      id: 50,
      name: 'Olivia Organiser',
      discordUsername: 'olivia',
      discordVerified: false,
      whatsappNumber: '+65 8000 0001',
      malaysianNumber: null,
    },
    driver: null,
    waitlist: { count: 0, heldSeats: 0, mine: null },
    readiness: null,
    ...overrides,
  };
}

export function makePassengerEntry(
  id: number,
  userId: number,
  name: string | null,
  overrides: Partial<TestPassengerEntry> = {},
): TestPassengerEntry {
  return {
    id,
    rideId: 7,
    userId,
    dropoffLocation: `${name ?? 'Somewhere'} street`,
    dropoffSequence: null,
    passengerCount: 1,
    coordinates: null,
    user: {
      id: userId,
      name,
      fullName: null,
      discordUsername: `user${String(userId)}`,
      discordVerified: false,
      whatsappNumber: null,
      malaysianNumber: null,
      revolutUsername: null,
    },
    ...overrides,
  };
}

export type TestRecord = RouterOutputs['record']['get'];

/** A member's record (`record.get`): a new member's (all zeros, no vendor part) unless overridden. */
export function makeRecord(overrides: Partial<TestRecord> = {}): TestRecord {
  return {
    tripsCompleted: 0,
    asOrganizer: { completed: 0, cancelledLate: 0, removedLate: 0 },
    asRider: { completed: 0, noShows: 0, leftLate: 0 },
    asVendor: null,
    thumbs: { up: 0, down: 0 },
    ...overrides,
  };
}

export type TestPublicConfig = RouterOutputs['config']['get'];

/** The server's public settings (`config.get`) as the browser tests' server answers them: no map style. */
export function makePublicConfig(overrides: Partial<TestPublicConfig> = {}): TestPublicConfig {
  return {
    mapStyleUrl: '',
    placeSearchUrl: 'https://search.example.test/search',
    riderContactsHoursBefore: 48,
    tripWindowHoursBefore: 3,
    discordAnnouncements: false,
    tripDepartEarlyMinutes: 30,
    discordSignIn: false,
    passwordSignup: true,
    ...overrides,
  };
}
