/**
 * The words of a member's record (docs/record.md): `recordFacts(record, role)` picks the counts
 * that matter to the decision at hand (an organiser's late cancellations on the Ride Organizer card,
 * a rider's no-shows and late leaves on a passenger row, a vendor's on-time departures on a quote)
 * and says each as a short phrase; a member with nothing on their record reads "New member".
 */
import { isNewMember, type MemberRecord } from '@rideshare/domain';

/** Where the record is shown: which of its parts decide there. */
export type RecordRole = 'organizer' | 'rider' | 'vendor';

const counted = (count: number, one: string, many = `${one}s`) => `${String(count)} ${count === 1 ? one : many}`;

export const NEW_MEMBER = 'New member';

/** The phrases of a record for `role`; `[NEW_MEMBER]` when there is nothing on it yet. */
export function recordFacts(record: MemberRecord, role: RecordRole): string[] {
  if (isNewMember(record)) return [NEW_MEMBER];
  const facts: string[] = [];
  if (role === 'vendor' && record.asVendor) {
    facts.push(counted(record.asVendor.completed, 'trip driven', 'trips driven'));
    if (record.asVendor.onTime + record.asVendor.late > 0) {
      facts.push(`${String(record.asVendor.onTime)} on time`, `${String(record.asVendor.late)} late`);
    }
  } else {
    facts.push(counted(record.tripsCompleted, 'trip completed', 'trips completed'));
  }
  facts.push(
    counted(record.thumbs.up, 'thumb up', 'thumbs up'),
    counted(record.thumbs.down, 'thumb down', 'thumbs down'),
  );
  if (role === 'organizer' && record.asOrganizer.cancelledLate > 0) {
    facts.push(counted(record.asOrganizer.cancelledLate, 'late cancellation'));
  }
  if (role === 'organizer' && record.asOrganizer.removedLate > 0) {
    facts.push(counted(record.asOrganizer.removedLate, 'late removal'));
  }
  if (role === 'rider') {
    if (record.asRider.noShows > 0) facts.push(counted(record.asRider.noShows, 'no-show'));
    if (record.asRider.leftLate > 0) facts.push(counted(record.asRider.leftLate, 'late leave'));
  }
  return facts;
}
