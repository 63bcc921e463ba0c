/**
 * Folded notices on a real database (both engines): a fold replaces the user's unread notice of the
 * same kind about the same ride, never a read one, another kind's or another ride's; `since` limits
 * what it replaces; a quiet notice reaches no phone; folds racing for one user leave one unread row.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import {
  foldRideNotifications,
  insertNotifications,
  type FoldedNotification,
} from '../../src/repositories/notification-repository';
import { insertSubscription } from '../../src/repositories/push-repository';
import { createRide, createUser, type TestRide, type TestUser } from '../factories';
import { useTestDatabase } from '../helpers/db';
import { BrowserPushKeys } from '../helpers/push-service';

const t = useTestDatabase();

let ann: TestUser;
let bob: TestUser;
let ride: TestRide;
let other: TestRide;

const RIDE_DATE = new Date('2026-12-06T01:00:00Z');

function notice(
  detail: string,
  rideId = ride.id,
  kind: FoldedNotification['kind'] = 'ride_edited',
): FoldedNotification {
  return { kind, rideId, rideDirection: 'SG->FC', rideDate: RIDE_DATE, detail };
}

const fold = (userIds: number[], n: FoldedNotification, options?: { since?: Date; quiet?: boolean }) =>
  t.db.transaction().execute((trx) => foldRideNotifications(trx, userIds, n, options));

const inbox = (userId: number) =>
  t.db
    .selectFrom('notifications')
    .select(['kind', 'rideId', 'detail', 'readAt', 'quiet'])
    .where('userId', '=', userId)
    .orderBy('id')
    .execute();

beforeEach(async () => {
  ann = await createUser(t.db, { name: 'Ann' });
  bob = await createUser(t.db, { name: 'Bob' });
  ride = await createRide(t.db, ann);
  other = await createRide(t.db, ann);
});

describe('foldRideNotifications', () => {
  it('replaces the unread notice of the same kind and ride, for each user', async () => {
    await fold([ann.id, bob.id], notice('1 new'));
    await fold([ann.id, bob.id], notice('2 new'));
    for (const user of [ann, bob]) {
      const rows = await inbox(user.id);
      expect(rows.map((r) => r.detail)).toEqual(['2 new']);
    }
  });

  it('keeps read notices, other kinds and other rides', async () => {
    await fold([bob.id], notice('first'));
    await t.db.updateTable('notifications').set({ readAt: new Date() }).where('userId', '=', bob.id).execute();
    await t.db
      .transaction()
      .execute((trx) => insertNotifications(trx, [bob.id], notice('cancelled', ride.id, 'ride_cancelled')));
    await fold([bob.id], notice('other ride', other.id));
    await fold([bob.id], notice('second'));
    const rows = await inbox(bob.id);
    expect(rows.map((r) => [r.kind, r.rideId, r.detail, r.readAt !== null])).toEqual([
      ['ride_edited', ride.id, 'first', true],
      ['ride_cancelled', ride.id, 'cancelled', false],
      ['ride_edited', other.id, 'other ride', false],
      ['ride_edited', ride.id, 'second', false],
    ]);
  });

  it('replaces only notices written since the given time', async () => {
    await fold([bob.id], notice('old'));
    await fold([bob.id], notice('new'), { since: new Date(Date.now() + 60_000) });
    expect((await inbox(bob.id)).map((r) => r.detail)).toEqual(['old', 'new']);
    await fold([bob.id], notice('newest'), { since: new Date(0) });
    expect((await inbox(bob.id)).map((r) => r.detail)).toEqual(['newest']);
  });

  it('writes a quiet notice without a phone notification', async () => {
    const { p256dh, auth } = new BrowserPushKeys().json;
    await insertSubscription(t.db, { userId: bob.id, endpoint: 'https://push.example.com/bob', p256dh, auth });
    await fold([bob.id], notice('loud'));
    expect(await t.db.selectFrom('pushOutbox').select('id').execute()).toHaveLength(1);
    await fold([bob.id], notice('quiet'), { quiet: true });
    // The replaced notice took its unsent push with it; the quiet one adds none.
    expect(await t.db.selectFrom('pushOutbox').select('id').execute()).toEqual([]);
    expect((await inbox(bob.id)).map((r) => [r.detail, r.quiet])).toEqual([['quiet', true]]);
    await fold([bob.id], notice('loud again'));
    expect(await t.db.selectFrom('pushOutbox').select('id').execute()).toHaveLength(1);
  });

  it('leaves one unread notice when folds for the same user race', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => fold([bob.id], notice(`n${String(i)}`))));
    expect(await inbox(bob.id)).toHaveLength(1);
  });

  it('writes nothing for no users', async () => {
    await fold([], notice('nobody'));
    expect(await t.db.selectFrom('notifications').select('id').execute()).toEqual([]);
  });
});
