import type { Database, Db, RideRow } from '@rideshare/db';
import {
  audienceOf,
  rideRole,
  seesOrganiserNumbers,
  seesRideContacts,
  visibleCreator,
  visibleCreatorName,
  visibleDriver,
  visibleDropoffLocations,
  type Direction,
  type DriverCard,
  type DirectionFilter,
  type DropoffLocation,
  type RideAudience,
  type RideListFilters,
  type RideStatus,
  type VendorStatus,
} from '@rideshare/domain';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type OrderByDirection,
  type SqlBool,
  type Transaction,
} from 'kysely';

/**
 * A ride as every list and detail answer shows it; dates are ISO strings on the wire. What it
 * holds depends on the audience (domain `visibility`): members get the organiser's Discord
 * username as `creatorName` when no name was given, and every passenger's location in
 * `dropoffLocations`; the public gets neither.
 */
export interface RideSummary {
  id: number;
  creatorId: number;
  /** The organiser's name (members: else their Discord username); null when there is none to show. */
  creatorName: string | null;
  direction: Direction;
  date: string;
  maxPassengers: number;
  currentPassengers: number;
  pickupLocation: string;
  dropoffLocations: DropoffLocation[];
  status: RideStatus;
  vendorId: number | null;
  driverContactId: number | null;
  cost: number;
  additionalStops: number;
  /** Price of one additional stop, SGD; total = cost + additionalStops × stopPrice. */
  stopPrice: number;
  sequenceLocked: boolean;
  /** Why the organiser cancelled the ride; null unless `status` is 'cancelled'. */
  cancelReason: string | null;
  /** When the ride was cancelled (ISO); null unless `status` is 'cancelled'. */
  cancelledAt: string | null;
  /**
   * Seats held by waitlist offers (README "Waitlist"): a newcomer counts them as taken, so a ride
   * whose free seats are all held reads Full. In lists, every offer not yet passed on (a lapsed one
   * until the sweep or the ride's next action passes it on, at most `WAITLIST_SWEEP_SECONDS`); in a
   * ride detail, live offers only, as `waitlist.heldSeats`.
   */
  heldSeats: number;
}

/** The organiser as a ride's detail shows them; username and numbers are null for the public. */
export interface RideCreator {
  id: number;
  name: string | null;
  discordUsername: string | null;
  whatsappNumber: string | null;
  malaysianNumber: string | null;
}

/**
 * A ride's waitlist as a ride detail shows it: how many groups wait and the seats live offers hold
 * (for everyone; no one's identity), and the viewer's own place in line (null when not waiting,
 * and always for signed-out visitors). Lapsed offers have left the line.
 */
export interface RideWaitlist {
  count: number;
  /** Seats held by live offers: a newcomer counts them as taken. */
  heldSeats: number;
  mine: { position: number; passengerCount: number; offerExpiresAt: string | null } | null;
}

/**
 * One ride with its organiser (docs/product.md#data `creator`; null if the user no longer exists), its
 * driver card (`driver`: null unless a vendor is assigned and the caller is of the ride's party)
 * and its waitlist.
 */
export type RideDetail = RideSummary & {
  creator: RideCreator | null;
  driver: DriverCard | null;
  waitlist: RideWaitlist;
};

/** The viewer's waitlist row as the detail query reads it (jsonb). */
interface WaitlistMineRow {
  position: number;
  passengerCount: number;
  offerExpiresAt: string | null;
}

function toRideWaitlist(count: number, held: number, mine: WaitlistMineRow | null): RideWaitlist {
  return {
    count: Number(count),
    heldSeats: Number(held),
    mine: mine
      ? {
          position: Number(mine.position),
          passengerCount: Number(mine.passengerCount),
          offerExpiresAt: mine.offerExpiresAt === null ? null : new Date(mine.offerExpiresAt).toISOString(),
        }
      : null,
  };
}

type RideWithCreator = Pick<
  RideRow,
  | 'id'
  | 'creatorId'
  | 'direction'
  | 'date'
  | 'maxPassengers'
  | 'currentPassengers'
  | 'pickupLocation'
  | 'dropoffLocations'
  | 'status'
  | 'vendorId'
  | 'driverContactId'
  | 'cost'
  | 'additionalStops'
  | 'stopPrice'
  | 'sequenceLocked'
  | 'cancelReason'
  | 'cancelledAt'
> & { creatorOwnName: string | null; creatorDiscordUsername: string | null; heldSeats: number };

/** A ride row as `audience` may see it (the domain's visibility rules decide what is left out). */
export function toRideSummary(row: RideWithCreator, audience: RideAudience): RideSummary {
  return {
    id: row.id,
    creatorId: row.creatorId,
    creatorName: visibleCreatorName(
      { name: row.creatorOwnName, discordUsername: row.creatorDiscordUsername },
      audience,
    ),
    direction: row.direction,
    date: row.date.toISOString(),
    maxPassengers: row.maxPassengers,
    currentPassengers: row.currentPassengers,
    pickupLocation: row.pickupLocation,
    dropoffLocations: visibleDropoffLocations(row, audience),
    status: row.status,
    vendorId: row.vendorId,
    driverContactId: row.driverContactId,
    cost: row.cost,
    additionalStops: row.additionalStops,
    stopPrice: row.stopPrice,
    sequenceLocked: row.sequenceLocked,
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
    heldSeats: Number(row.heldSeats),
  };
}

/**
 * The select every ride read shares: ride columns plus the organiser's name and username (one
 * join), and the seats held by waitlist offers not yet passed on (a subquery on the line's index:
 * still one statement). Not compared with a clock, so a cached list stays right until a write
 * bumps the ride-list version (offers are written under triggers that bump it).
 */
export function selectRideSummaries(db: Db) {
  return db
    .selectFrom('rides')
    .leftJoin('users as creator', 'creator.id', 'rides.creatorId')
    .select([
      'rides.id',
      'rides.creatorId',
      'rides.direction',
      'rides.date',
      'rides.maxPassengers',
      'rides.currentPassengers',
      'rides.pickupLocation',
      'rides.dropoffLocations',
      'rides.status',
      'rides.vendorId',
      'rides.driverContactId',
      'rides.cost',
      'rides.additionalStops',
      'rides.stopPrice',
      'rides.sequenceLocked',
      'rides.cancelReason',
      'rides.cancelledAt',
      'creator.name as creatorOwnName',
      'creator.discordUsername as creatorDiscordUsername',
      sql<number>`(select coalesce(sum(w.passenger_count), 0)::int from ride_waitlist w
        where w.ride_id = rides.id and w.offer_expires_at is not null)`.as('heldSeats'),
    ]);
}

type RideSummaryQuery = ReturnType<typeof selectRideSummaries>;

/** The order of every ride list: by departure, then by id, so rides leaving together keep one order. */
function byDeparture(order: OrderByDirection = 'asc') {
  return (query: RideSummaryQuery): RideSummaryQuery => query.orderBy('rides.date', order).orderBy('rides.id', order);
}

/** Rides still to come first, each part soonest first: the order of the My Rides lists (docs/product.md#list-order). */
function upcomingFirst(now: Date) {
  return (query: RideSummaryQuery): RideSummaryQuery =>
    query.orderBy(sql`(rides.date < ${now})`, 'asc').$call(byDeparture());
}

/** Every ride, soonest first, as `audience` sees it: the documented GET /api/rides answer (one query). */
export async function listAllRides(db: Db, audience: RideAudience): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).$call(byDeparture()).execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/**
 * The ride-list version: database triggers bump `app_state.rides_version` in the same transaction
 * as any write that changes what a ride list shows (rides, passenger entries, organiser names), so
 * an answer built at version v is current for as long as this still reads v, on every instance.
 */
export async function readRidesVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('appState').select('ridesVersion').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.ridesVersion);
}

/**
 * Every ride as `audience` sees it together with the ride-list version they belong to, read in one
 * repeatable-read snapshot so the version names exactly these rows (the ride-list cache's entry).
 */
export async function readRideListSnapshot(
  db: Kysely<Database>,
  audience: RideAudience,
): Promise<{ version: number; rides: RideSummary[] }> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => ({ version: await readRidesVersion(trx), rides: await listAllRides(trx, audience) }));
}

export interface RideListQuery {
  filters: RideListFilters;
  page: number;
  pageSize: number;
  now: Date;
  /** The Sunday-to-Sunday window "this week" means (domain `weekWindow`). */
  week: { start: Date; end: Date };
  audience: RideAudience;
}

export interface RideListPageRows {
  items: RideSummary[];
  total: number;
  /**
   * The earliest departure at or after `now` among the matching rides (null when none): until then
   * no matching ride turns past, so only a write or the end of the week window can change the
   * answer (the ride list cache keeps it until the first of those).
   */
  nextDeparture: Date | null;
}

/** The list filters as one WHERE condition on `rides` (shared by the page and its count). */
function listFilterCondition(query: RideListQuery) {
  return (eb: ExpressionBuilder<Database, 'rides'>) => {
    const conditions: Expression<SqlBool>[] = [];
    const direction: DirectionFilter = query.filters.direction;
    if (direction !== 'all') conditions.push(eb('rides.direction', '=', direction));
    if (query.filters.time === 'upcoming') conditions.push(eb('rides.date', '>=', query.now));
    if (query.filters.time === 'thisWeek') {
      conditions.push(eb('rides.date', '>=', query.week.start), eb('rides.date', '<', query.week.end));
    }
    return eb.and(conditions);
  };
}

/**
 * One page of the filtered ride list, ordered as the list shows it: rides still to come before past
 * ones, then by date (ascending or descending) and id. Two queries whatever the number of rides:
 * the page, and the total with the next departure.
 */
export async function listRidesPage(db: Db, query: RideListQuery): Promise<RideListPageRows> {
  const direction = query.filters.sort === 'dateDesc' ? 'desc' : 'asc';
  let page = selectRideSummaries(db).where(listFilterCondition(query));
  // 'upcoming' (the default) holds no past ride, so the "still to come first" key would be the
  // same for every row: leaving it out lets Postgres walk the (date, id) index and stop after one
  // page, instead of sorting every ride ahead (bench: 16 ms → 0.3 ms at 10,000 rides).
  if (query.filters.time !== 'upcoming') page = page.orderBy(sql`(rides.date < ${query.now})`, 'asc');
  // The page and the count are independent reads: run side by side, the answer waits for one
  // round trip instead of two.
  const [rows, count] = await Promise.all([
    page
      .$call(byDeparture(direction))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    db
      .selectFrom('rides')
      .select((eb) => [
        eb.fn.countAll<number>().as('total'),
        eb.fn.min<Date | null>('rides.date').filterWhere('rides.date', '>=', query.now).as('nextDeparture'),
      ])
      .where(listFilterCondition(query))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => toRideSummary(row, query.audience)),
    total: Number(count.total),
    nextDeparture: count.nextDeparture ?? null,
  };
}

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
    .select((eb) => [
      'creator.id as creatorUserId',
      'creator.whatsappNumber as creatorWhatsappNumber',
      'creator.malaysianNumber as creatorMalaysianNumber',
      'creator.shareContactsWith as creatorShareContactsWith',
      'vendor.id as vendorUserId',
      'vendor.companyName as vendorCompanyName',
      'vendor.driverDetails as vendorDriverDetails',
      eb
        .exists(
          eb
            .selectFrom('ridePassengers as vp')
            .select(sql`1`.as('one'))
            .whereRef('vp.rideId', '=', 'rides.id')
            .where((web) => (viewerId === null ? sql<SqlBool>`false` : web('vp.userId', '=', viewerId))),
        )
        .as('viewerIsPassenger'),
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
    ...toRideSummary(row, audience),
    // The detail reads the clock: only live offers hold seats.
    heldSeats: waitlist.heldSeats,
    creator,
    driver: visibleDriver(vendor, seesContacts),
    waitlist,
  };
}

/** Rides the user joined as a passenger but did not organise, soonest first (one query). */
export async function listRidesJoinedBy(
  db: Db,
  userId: number,
  now: Date,
  audience: RideAudience,
): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('ridePassengers as rp')
          .select(sql`1`.as('one'))
          .whereRef('rp.rideId', '=', 'rides.id')
          .where('rp.userId', '=', userId),
      ),
    )
    .where('rides.creatorId', '<>', userId)
    .$call(upcomingFirst(now))
    .execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/** Rides the user organised, those still to come first, each part soonest first (one query). */
export async function listRidesOrganizedBy(
  db: Db,
  userId: number,
  now: Date,
  audience: RideAudience,
): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).where('rides.creatorId', '=', userId).$call(upcomingFirst(now)).execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/** Rides assigned to a vendor, soonest first (one query). */
export async function listRidesAssignedTo(db: Db, vendorId: number, audience: RideAudience): Promise<RideSummary[]> {
  const rows = await selectRideSummaries(db).where('rides.vendorId', '=', vendorId).$call(byDeparture()).execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/** Open rides that have not departed yet, soonest first: what a vendor may take (one query). */
export async function listOpenFutureRides(
  db: Db,
  now: Date,
  audience: RideAudience,
  directions?: readonly Direction[],
): Promise<RideSummary[]> {
  if (directions?.length === 0) return [];
  const rows = await selectRideSummaries(db)
    .where('rides.status', '=', 'open')
    .where('rides.date', '>=', now)
    .$if(directions !== undefined, (query) => query.where('rides.direction', 'in', [...(directions ?? [])]))
    .$call(byDeparture())
    .execute();
  return rows.map((row) => toRideSummary(row, audience));
}

/** The two home-page counters in one query. */
export async function readStats(db: Db): Promise<{ totalRides: number; totalUsers: number }> {
  const row = await db
    .selectNoFrom([
      (eb) => eb.selectFrom('rides').select(eb.fn.countAll<number>().as('n')).as('totalRides'),
      (eb) => eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('totalUsers'),
    ])
    .executeTakeFirstOrThrow();
  return { totalRides: Number(row.totalRides), totalUsers: Number(row.totalUsers) };
}

/** What the write rules read from a ride they are about to change. */
export interface LockedRide {
  id: number;
  creatorId: number;
  direction: Direction;
  date: Date;
  maxPassengers: number;
  currentPassengers: number;
  status: RideStatus;
  vendorId: number | null;
  sequenceLocked: boolean;
}

/**
 * Locks the ride row until the transaction ends (`SELECT ... FOR UPDATE`), so every seat, entry,
 * sequence or assignment change on one ride runs one after the other, across processes too.
 */
export async function lockRideForUpdate(trx: Transaction<Database>, id: number): Promise<LockedRide | null> {
  const row = await trx
    .selectFrom('rides')
    .select([
      'id',
      'creatorId',
      'direction',
      'date',
      'maxPassengers',
      'currentPassengers',
      'status',
      'vendorId',
      'sequenceLocked',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        creatorId: row.creatorId,
        direction: row.direction,
        date: row.date,
        maxPassengers: row.maxPassengers,
        currentPassengers: row.currentPassengers,
        status: row.status,
        vendorId: row.vendorId,
        sequenceLocked: row.sequenceLocked,
      }
    : null;
}

export interface NewRide {
  creatorId: number;
  direction: Direction;
  date: Date;
  maxPassengers: number;
  pickupLocation: string;
  driverContactId: number | null;
  cost: number;
  stopPrice: number;
}

/** Inserts a ride with no passengers yet (its derived fields are set once its entries exist). */
export async function insertRide(trx: Transaction<Database>, ride: NewRide): Promise<number> {
  const row = await trx
    .insertInto('rides')
    .values({ ...ride, currentPassengers: 0, additionalStops: 0, dropoffLocations: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface RideChanges {
  direction: Direction;
  date: Date;
  maxPassengers: number;
  pickupLocation: string;
  /** undefined leaves the driver contact as it is. */
  driverContactId?: number | null;
  /** undefined leaves the base cost as it is. */
  cost?: number;
  /** undefined leaves the stop price as it is. */
  stopPrice?: number;
  /** Set when the direction changes: a sequence only means something for FC->SG. */
  sequenceLocked?: boolean;
}

export async function updateRide(trx: Transaction<Database>, id: number, changes: RideChanges): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export interface RideDerivedValues {
  currentPassengers: number;
  additionalStops: number;
  dropoffLocations: DropoffLocation[];
}

/** Stores the fields that summarise a ride's entries (computed by the domain from those entries). */
export async function updateRideDerived(
  trx: Transaction<Database>,
  id: number,
  derived: RideDerivedValues,
): Promise<void> {
  await trx
    .updateTable('rides')
    .set({
      currentPassengers: derived.currentPassengers,
      additionalStops: derived.additionalStops,
      dropoffLocations: JSON.stringify(derived.dropoffLocations),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteRide(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.deleteFrom('rides').where('id', '=', id).execute();
}

/**
 * open → assigned with the vendor set, and with `cost` (an accepted quote's price) as the new base
 * cost; the caller has locked the row and checked the rules.
 */
export async function assignRideToVendor(
  trx: Transaction<Database>,
  id: number,
  vendorId: number,
  cost?: number,
): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ status: 'assigned', vendorId, ...(cost === undefined ? {} : { cost }), updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Any status → cancelled, with the reason and time; the caller has locked the row and checked the rules. */
export async function markRideCancelled(
  trx: Transaction<Database>,
  id: number,
  cancellation: { reason: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('rides')
    .set({
      status: 'cancelled',
      cancelReason: cancellation.reason,
      cancelledAt: cancellation.at,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** assigned → open with no vendor; the caller has locked the row and checked the rules. */
export async function unassignRideVendor(trx: Transaction<Database>, id: number): Promise<void> {
  await trx
    .updateTable('rides')
    .set({ status: 'open', vendorId: null, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** assigned → completed (the vendor stays); the caller has locked the row and checked the rules. */
export async function markRideCompleted(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.updateTable('rides').set({ status: 'completed', updatedAt: new Date() }).where('id', '=', id).execute();
}

export async function setSequenceLocked(trx: Transaction<Database>, id: number, locked: boolean): Promise<void> {
  await trx.updateTable('rides').set({ sequenceLocked: locked, updatedAt: new Date() }).where('id', '=', id).execute();
}

export async function driverContactExists(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('driverContacts').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
