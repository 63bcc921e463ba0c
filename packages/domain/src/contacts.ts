/**
 * Who may read which phone number of a ride (docs/vendors.md#contacts): a ride's passengers' numbers
 * go to its organiser, and to its co-riders and its assigned vendor only shortly before departure;
 * their Revolut usernames to the organiser only; the organiser's numbers reach signed-in members
 * unless the organiser keeps them for the party.
 */
import type { VendorStatus } from './vendor-approval';

/** Hours before departure from which the assigned vendor sees the passengers' numbers (default). */
export const DEFAULT_VENDOR_CONTACTS_HOURS_BEFORE = 48;
/** Hours before departure from which co-riders see each other's numbers (default). */
export const DEFAULT_RIDER_CONTACTS_HOURS_BEFORE = 48;

/** With whom an organiser shares their WhatsApp and Malaysian numbers on the rides they organise. */
export const CONTACT_SHARING = ['members', 'party'] as const;
export type ContactSharing = (typeof CONTACT_SHARING)[number];
export const SHARE_CONTACTS_MESSAGE = "Share contacts with must be 'members' or 'party'";

const HOUR_MS = 3_600_000;

/**
 * The moment the assigned vendor starts seeing the passengers' numbers: `hoursBefore` hours before
 * the departure.
 *
 * @example contactsWindowOpensAt(new Date('2026-12-03T10:00:00Z'), 48) // 2026-12-01T10:00:00Z
 */
export function contactsWindowOpensAt(departure: Date | string, hoursBefore: number): Date {
  return new Date(new Date(departure).getTime() - hoursBefore * HOUR_MS);
}

/**
 * Whether the contacts window is open at `now`: from exactly `hoursBefore` hours before departure
 * on (and after departure too, while the trip is under way or settled).
 *
 * @example isContactsWindowOpen(new Date('2026-12-03T10:00:00Z'), new Date('2026-12-01T10:00:00Z'), 48) // true
 * @example isContactsWindowOpen(new Date('2026-12-03T10:00:00Z'), new Date('2026-12-01T09:59:59Z'), 48) // false
 */
export function isContactsWindowOpen(departure: Date | string, now: Date, hoursBefore: number): boolean {
  return now.getTime() >= contactsWindowOpensAt(departure, hoursBefore).getTime();
}

/** What a caller is to one ride, for the contact rules. */
export type RideRole = 'organiser' | 'vendor' | 'passenger' | 'member' | 'public';

/** Who a caller is to one ride, as the contact rules need it. */
export type RideParty = {
  viewerId: number | null | undefined;
  creatorId: number;
  vendorId: number | null;
  /** Whether the viewer has a passenger entry on the ride. */
  viewerIsPassenger: boolean;
};

/**
 * The caller's role on a ride: the organiser first, then the assigned vendor, then a passenger;
 * any other signed-in caller is a member, a signed-out one the public.
 *
 * @example rideRole({ viewerId: 4, creatorId: 3, vendorId: 4, viewerIsPassenger: false }) // 'vendor'
 */
export function rideRole(party: RideParty): RideRole {
  const { viewerId } = party;
  if (viewerId == null) return 'public';
  if (viewerId === party.creatorId) return 'organiser';
  if (viewerId === party.vendorId) return 'vendor';
  return party.viewerIsPassenger ? 'passenger' : 'member';
}

/** What decides whether a co-rider or the assigned vendor sees the passengers' numbers now. */
export interface VendorContactClock {
  departure: Date | string;
  now: Date;
  /** VENDOR_CONTACTS_HOURS_BEFORE: the assigned vendor's window. */
  hoursBefore: number;
  /** RIDER_CONTACTS_HOURS_BEFORE: the co-riders' window. */
  riderHoursBefore: number;
}

/**
 * Whether a caller sees the passengers' phone numbers (WhatsApp, Malaysian) of a ride: the
 * organiser always; a passenger (a co-rider) once the riders' window is open; the assigned vendor
 * only while approved and once the vendor's window is open; nobody else. Before their window
 * co-riders talk in the ride chat. A passenger's own numbers are theirs to read whatever this says.
 *
 * @example seesPassengerNumbers('vendor', 'approved', { departure: '2026-12-03T10:00:00Z',
 *   now: new Date('2026-11-25T10:00:00Z'), hoursBefore: 48, riderHoursBefore: 48 }) // false
 */
export function seesPassengerNumbers(
  role: RideRole,
  vendorStatus: VendorStatus | null | undefined,
  clock: VendorContactClock,
): boolean {
  if (role === 'organiser') return true;
  if (role === 'passenger') return isContactsWindowOpen(clock.departure, clock.now, clock.riderHoursBefore);
  if (role !== 'vendor' || vendorStatus !== 'approved') return false;
  return isContactsWindowOpen(clock.departure, clock.now, clock.hoursBefore);
}

/**
 * Whether a caller sees the passengers' Revolut usernames: the organiser only, who settles the
 * ride's money; never co-riders or the vendor (the vendor gets phone numbers only).
 *
 * @example seesPassengerRevolut('organiser') // true
 * @example seesPassengerRevolut('passenger') // false
 */
export function seesPassengerRevolut(role: RideRole): boolean {
  return role === 'organiser';
}

/**
 * Whether a caller sees the organiser's WhatsApp and Malaysian numbers: the ride's passengers and
 * its approved assigned vendor always (the vendor at once, to arrange the trip); other signed-in
 * members unless the organiser shares with the party only; the public never. A vendor that is no
 * longer approved sees none.
 *
 * @example seesOrganiserNumbers('member', null, 'members') // true
 * @example seesOrganiserNumbers('member', null, 'party') // false
 */
export function seesOrganiserNumbers(
  role: RideRole,
  vendorStatus: VendorStatus | null | undefined,
  sharing: ContactSharing,
): boolean {
  switch (role) {
    case 'organiser':
    case 'passenger':
      return true;
    case 'vendor':
      return vendorStatus === 'approved';
    case 'member':
      return sharing === 'members' && (vendorStatus == null || vendorStatus === 'approved');
    case 'public':
      return false;
  }
}
