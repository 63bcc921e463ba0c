/**
 * Creating, editing, cancelling and deleting a ride. Each runs in one transaction: lock (or insert)
 * the ride, decide with the domain, write, recompute the derived fields from the entries, and read
 * the answer (the ride as its writer now sees it) before the commit. The `…In` steps do the work
 * inside a transaction the caller holds: a weekly series runs many of them in its one transaction.
 */
import type { Database } from '@rideshare/db';
import {
  ADDITIONAL_STOP_FEE,
  assertCanCancelRide,
  assertCanCreateRide,
  assertCanDeleteRide,
  assertCanUpdateRide,
  formatCents,
  DEFAULT_CROSSING,
  DEFAULT_RIDE_COST,
  heldSeats,
  isLateNotice,
  nextSequenceNumber,
  notFound,
  organizerEntryOf,
  pickupLocationOf,
  type RideDeleteFacts,
  type RidePayloadInput,
} from '@rideshare/domain';
import type { Kysely, Transaction } from 'kysely';

import { publishRideEvent } from '../events/publish';
import { bumpCalendarSequence } from '../repositories/calendar-repository';
import { countLateLeaves, countLateRemovals } from '../repositories/leave-repository';
import { insertPassenger, updatePassengerEntry } from '../repositories/passenger-repository';
import {
  deleteRide,
  driverContactExists,
  insertRide,
  markRideCancelled,
  updateRide,
} from '../repositories/ride-repository';
import { findPaymentRide, type PaymentRide } from '../repositories/payment-repository';
import { listWaitlist } from '../repositories/waitlist-repository';
import { applyPriceChange, splitIfLocked, totalCentsOf } from './payment-split';
import { tellAlertOwners } from './alert-service';
import { notifyAboutRide, waitingMembers } from './ride-notifications';
import { countRideCreated } from './ride-limits';
import { lockRideWithEntries, partyMemberIds, partyOfEntries } from './ride-party';
import { rideStateOf, saveDerivedFields } from './ride-writes';
import { partyChanged } from './travel-service';
import { rideAnswerIn, type AnswerFor, type RideDetailAnswer } from './ride-detail-service';
import { offerFreedSeats } from './waitlist-service';

async function assertDriverContact(trx: Transaction<Database>, id: number | null | undefined): Promise<void> {
  if (id != null && !(await driverContactExists(trx, id))) {
    throw notFound('driverContact');
  }
}

/**
 * Creates a ride (members only, not vendors; the date must be ahead). The organiser becomes its
 * first passenger entry, at their location (pick-up for SG->FC, first drop-off for FC->SG) with
 * their group size. Further drop-off entries in the payload are not stored: every location on a
 * ride belongs to a passenger entry, and `dropoffLocations` is always rebuilt from the entries.
 * Without a `cost` or `stopPrice` the ride costs SGD 80 and SGD 5 a stop (docs/product.md#costs-and-constants). Each ride
 * counts against the member's daily cap (docs/series.md#rate-limit). Answers the new ride's id.
 */
export async function createRideIn(trx: Transaction<Database>, args: CreateRide): Promise<number> {
  const { creator, input, now } = args;
  assertCanCreateRide({ isVendor: creator.isVendor, date: input.date, now });
  const organizer = organizerEntryOf(input);
  // Counted in the writing transaction: a refused or failed ride (or series) takes its count back.
  await countRideCreated(trx, { userId: creator.id, now, limit: args.ridesPerDay });
  await assertDriverContact(trx, input.driverContactId);
  const rideId = await insertRide(trx, {
    creatorId: creator.id,
    direction: input.direction,
    date: input.date,
    maxPassengers: input.maxPassengers,
    pickupLocation: pickupLocationOf(input),
    driverContactId: input.driverContactId ?? null,
    cost: input.cost ?? DEFAULT_RIDE_COST,
    stopPrice: input.stopPrice ?? ADDITIONAL_STOP_FEE,
    minPassengers: input.minPassengers ?? null,
    crossing: input.crossing ?? DEFAULT_CROSSING,
    announce: input.announce ?? true,
  });
  await insertPassenger(trx, {
    rideId,
    userId: creator.id,
    dropoffLocation: organizer.location,
    passengerCount: organizer.passengerCount,
    dropoffSequence: null,
  });
  await saveDerivedFields(trx, { id: rideId, creatorId: creator.id, direction: input.direction });
  await publishRideEvent(trx, 'ride.created', rideId);
  await tellAlertOwners(trx, rideId, now);
  return rideId;
}

type CreateRide = {
  creator: { id: number; isVendor: boolean };
  input: RidePayloadInput;
  now: Date;
  ridesPerDay: number;
};

/**
 * `createRideIn` in its own transaction; answers the new ride as its organiser sees it. A vendor or a
 * date already past is refused before any connection is taken.
 */
export function createRide(db: Kysely<Database>, args: CreateRide & { answer: AnswerFor }): Promise<RideDetailAnswer> {
  assertCanCreateRide({ isVendor: args.creator.isVendor, date: args.input.date, now: args.now });
  return db.transaction().execute(async (trx) => {
    const rideId = await createRideIn(trx, args);
    return rideAnswerIn(trx, rideId, { ...args.answer, now: args.now });
  });
}

/**
 * Edits a ride: its organiser only, never a past ride, the new date ahead. The maximum can never
 * drop below the seats taken (others' groups plus the organiser's new group size) plus the seats
 * live waitlist offers hold (so a held group can always accept). The direction
 * is fixed once anybody else joined (RIDE_HAS_PASSENGERS). The organiser's own entry takes the
 * new location and group size. A `cost` or `stopPrice` left out stays as it was.
 */
export async function editRideIn(trx: Transaction<Database>, args: EditRide): Promise<void> {
  const { actorId, rideId, input, now } = args;
  const organizer = organizerEntryOf(input);
  const { ride, entries } = await lockRideWithEntries(trx, rideId);
  const priceBefore = await findPaymentRide(trx, ride.id);
  const own = entries.find((entry) => entry.userId === ride.creatorId);
  const others = entries.filter((entry) => entry.userId !== ride.creatorId);
  // Seats held by live offers stay held: the maximum must leave room for those groups to accept.
  const held = heldSeats(await listWaitlist(trx, ride.id), now);
  assertCanUpdateRide({
    ride: rideStateOf(ride, entries),
    actorId,
    next: {
      direction: input.direction,
      date: input.date,
      maxPassengers: input.maxPassengers,
      organizerPassengerCount: organizer.passengerCount,
    },
    othersJoined: others.length,
    othersSeats: others.reduce((sum, entry) => sum + entry.passengerCount, 0),
    heldSeats: held,
    now,
  });
  await assertDriverContact(trx, input.driverContactId);
  // Only reachable with nobody else on the ride: a drop-off order means nothing after a turn-around.
  const directionChanged = input.direction !== ride.direction;
  await bumpCalendarSequence(trx, ride.id, { ...input, pickupLocation: pickupLocationOf(input) });
  await updateRide(trx, ride.id, {
    direction: input.direction,
    date: input.date,
    maxPassengers: input.maxPassengers,
    pickupLocation: pickupLocationOf(input),
    driverContactId: input.driverContactId,
    cost: input.cost,
    stopPrice: input.stopPrice,
    minPassengers: input.minPassengers,
    crossing: input.crossing,
    ...(directionChanged ? { sequenceLocked: false } : {}),
  });
  if (own) {
    await updatePassengerEntry(trx, own.id, {
      dropoffLocation: organizer.location,
      passengerCount: organizer.passengerCount,
      ...(directionChanged ? { dropoffSequence: null } : {}),
    });
  } else {
    // Rides from before the organiser was an entry get their entry on the first edit.
    await insertPassenger(trx, {
      rideId: ride.id,
      userId: ride.creatorId,
      dropoffLocation: organizer.location,
      passengerCount: organizer.passengerCount,
      dropoffSequence: directionChanged ? null : nextSequenceNumber(entries),
    });
  }
  await saveDerivedFields(trx, { id: ride.id, creatorId: ride.creatorId, direction: input.direction });
  await settleEditedPrice(trx, { rideId: ride.id, before: priceBefore, now, confirmed: args.confirmAmounts === true });
  await publishRideEvent(trx, 'ride.edited', ride.id);
  if (own && own.passengerCount !== organizer.passengerCount) {
    await partyChanged(
      trx,
      ride,
      entries.map((entry) => entry.userId),
    );
  }
  // Passengers and the assigned vendor (whose driver would come at the old time) hear about a new
  // departure time only (detail: the previous one).
  if (input.date.getTime() !== ride.date.getTime()) {
    await notifyAboutRide(
      trx,
      partyMemberIds(await partyOfEntries(trx, ride, others), [ride.creatorId, actorId]),
      { id: ride.id, direction: input.direction, date: input.date },
      'ride_edited',
      ride.date.toISOString(),
    );
  }
  await offerFreedSeats(trx, ride, now);
  await tellAlertOwners(trx, ride.id, now);
}

type EditRide = { actorId: number; rideId: number; input: RidePayloadInput; now: Date; confirmAmounts?: boolean };

/**
 * A locked ride's shares after an edit (docs/payments.md#price-changes): a new total (cost, stop
 * price or stops) is a price change by the organiser, which needs their confirmation when it raises
 * a rider's share; otherwise (the organiser's own seats) the shares settle, nobody's rising.
 */
async function settleEditedPrice(
  trx: Transaction<Database>,
  args: { rideId: number; before: PaymentRide | null; now: Date; confirmed: boolean },
): Promise<void> {
  const { before } = args;
  if (!before || before.priceLockedAt === null) return;
  const after = await findPaymentRide(trx, args.rideId);
  if (after && totalCentsOf(after) !== totalCentsOf(before)) {
    await applyPriceChange(trx, {
      rideId: args.rideId,
      previousTotalCents: totalCentsOf(before),
      now: args.now,
      reason: `Ride price changed by the organizer (${formatCents(totalCentsOf(before))} → ${formatCents(totalCentsOf(after))} in all)`,
      confirmed: args.confirmed,
    });
    return;
  }
  await splitIfLocked(trx, args.rideId, { kind: 'settle' }, args.now);
}

/** `editRideIn` in its own transaction; answers the ride as its organiser now sees it. */
export function editRide(db: Kysely<Database>, args: EditRide & { answer: AnswerFor }): Promise<RideDetailAnswer> {
  return db.transaction().execute(async (trx) => {
    await editRideIn(trx, args);
    return rideAnswerIn(trx, args.rideId, { ...args.answer, now: args.now });
  });
}

/**
 * What decides whether the locked ride may be deleted (domain `deleteRefusal`): who else is on it,
 * who waits for it, and its late leaves and late removals.
 */
export async function rideDeleteFacts(
  trx: Transaction<Database>,
  locked: Awaited<ReturnType<typeof lockRideWithEntries>>,
): Promise<RideDeleteFacts> {
  const { ride, entries } = locked;
  return {
    ride,
    othersJoined: entries.filter((entry) => entry.userId !== ride.creatorId).length,
    waiting: (await listWaitlist(trx, ride.id)).length,
    lateLeaves: await countLateLeaves(trx, ride.id),
    lateRemovals: await countLateRemovals(trx, ride.id),
  };
}

/**
 * Deletes a ride: its organiser only, and only while it concerns nobody else and is on nobody's
 * record (domain `assertCanDeleteRide`, docs/record.md#deleting): no passenger's entry, waiting
 * place, driver's job or record is ever silently lost.
 */
export async function removeRideIn(
  trx: Transaction<Database>,
  args: { actorId: number; rideId: number },
): Promise<void> {
  const locked = await lockRideWithEntries(trx, args.rideId);
  const { ride } = locked;
  assertCanDeleteRide({ ...(await rideDeleteFacts(trx, locked)), ride, actorId: args.actorId });
  await deleteRide(trx, ride.id);
  await publishRideEvent(trx, 'ride.deleted', ride.id);
}

/** `removeRideIn` in its own transaction. */
export function removeRide(db: Kysely<Database>, args: { actorId: number; rideId: number }): Promise<void> {
  return db.transaction().execute((trx) => removeRideIn(trx, args));
}

/**
 * Cancels a ride: its organiser only, once, while it is still ahead and not completed (domain
 * `assertCanCancelRide`). The ride keeps every entry and its vendor; it takes the status
 * 'cancelled' with the reason and the time, which every ride answer then carries. The passengers,
 * the assigned vendor and the members waiting in its line are told (with the reason).
 */
export async function cancelRideIn(trx: Transaction<Database>, args: CancelRide): Promise<void> {
  const { actorId, rideId, reason, now } = args;
  const { ride, entries } = await lockRideWithEntries(trx, rideId);
  assertCanCancelRide({ ride: rideStateOf(ride, entries), actorId, now });
  // Judged now, with the riders on it now: they may leave the cancelled ride later (docs/record.md#cancelled-late).
  const late = isLateNotice(now, ride.date) && entries.some((entry) => entry.userId !== ride.creatorId);
  await markRideCancelled(trx, ride.id, { reason, at: now, late });
  await bumpCalendarSequence(trx, ride.id);
  await publishRideEvent(trx, 'ride.cancelled', ride.id);
  // Everyone waiting in line hears it too; the line stays, but a cancelled ride makes no offers.
  await notifyAboutRide(
    trx,
    [
      ...new Set([
        ...partyMemberIds(await partyOfEntries(trx, ride, entries)),
        ...(await waitingMembers(trx, ride.id, now)),
      ]),
    ].filter((id) => id !== ride.creatorId && id !== actorId),
    ride,
    'ride_cancelled',
    reason,
  );
}

type CancelRide = { actorId: number; rideId: number; reason: string; now: Date };

/** `cancelRideIn` in its own transaction; answers the ride, now cancelled, as its organiser sees it. */
export function cancelRide(db: Kysely<Database>, args: CancelRide & { answer: AnswerFor }): Promise<RideDetailAnswer> {
  return db.transaction().execute(async (trx) => {
    await cancelRideIn(trx, args);
    return rideAnswerIn(trx, args.rideId, { ...args.answer, now: args.now });
  });
}
