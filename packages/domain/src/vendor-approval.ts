/**
 * Vendor accounts are applications that an administrator decides (docs/vendors.md#approval).
 * Registering as a vendor asks for the role; only an approval grants it, and only an application
 * that carries the licence (a cross-border permit, the vehicle plate and its passenger seats) can be
 * approved.
 */
import { DomainError } from './errors';

export const VENDOR_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type VendorStatus = (typeof VENDOR_STATUSES)[number];

/** The countries whose authorities issue the cross-border taxi permits the product knows. */
export const PERMIT_COUNTRIES = ['SG', 'MY'] as const;
export type PermitCountry = (typeof PERMIT_COUNTRIES)[number];

/** A cross-border taxi permit: who issued it, its number, and the last day it is valid ('YYYY-MM-DD'). */
export type Permit = { country: PermitCountry; number: string; expiresOn: string };

/** The most passenger seats a vehicle may declare (a 13-seat van is the largest cross-border taxi). */
export const MAX_VEHICLE_SEATS = 13;

/** An administrator's decision on a vendor account. */
export const VENDOR_DECISIONS = ['approve', 'reject', 'suspend'] as const;
export type VendorDecision = (typeof VENDOR_DECISIONS)[number];

/** The vendor's standing as the rules read it. */
export type VendorStanding = {
  isVendor: boolean;
  vendorStatus: VendorStatus | null;
  vendorStatusReason: string | null;
};

export const VENDOR_PENDING_MESSAGE = 'Your vendor account is awaiting approval';

/**
 * What a vendor reads about its own account: awaiting approval, rejected or suspended with the
 * administrator's reason, or null once approved (and for members).
 *
 * @example vendorStatusMessage({ vendorStatus: 'rejected', vendorStatusReason: 'No permit' })
 *   // 'Your vendor application was rejected: No permit'
 */
/**
 * How long an administrator usually takes to decide a vendor application, as the pending dashboard
 * tells the applicant (docs/vendors.md#approval).
 */
export const VENDOR_REVIEW_USUAL_DAYS = 2;

export function vendorStatusMessage(
  standing: Pick<VendorStanding, 'vendorStatus' | 'vendorStatusReason'>,
): string | null {
  const reason = standing.vendorStatusReason?.trim();
  switch (standing.vendorStatus) {
    case 'pending':
      return VENDOR_PENDING_MESSAGE;
    case 'rejected':
      return reason ? `Your vendor application was rejected: ${reason}` : 'Your vendor application was rejected';
    case 'suspended':
      return reason ? `Your vendor account is suspended: ${reason}` : 'Your vendor account is suspended';
    case 'approved':
    case null:
      return null;
  }
}

/** Whether the account may act as a vendor now: a vendor whose status is approved. */
export function isApprovedVendor(standing: Pick<VendorStanding, 'isVendor' | 'vendorStatus'>): boolean {
  return standing.isVendor && standing.vendorStatus === 'approved';
}

/**
 * Only an approved vendor sees vendor lists, takes rides and quotes: members get VENDOR_ONLY, other
 * vendors VENDOR_NOT_APPROVED with their status message.
 *
 * @example assertApprovedVendor({ isVendor: true, vendorStatus: 'pending', vendorStatusReason: null })
 *   // throws VENDOR_NOT_APPROVED 'Your vendor account is awaiting approval'
 */
export function assertApprovedVendor(standing: VendorStanding): void {
  if (!standing.isVendor) throw new DomainError('VENDOR_ONLY', 'Only vendors can do this');
  const message = vendorStatusMessage(standing);
  if (message) throw new DomainError('VENDOR_NOT_APPROVED', message);
}

/** What an application carries that approval needs. */
export type VendorLicence = {
  permit: Permit | null;
  vehicleSeats: number | null;
  carNumber: string | null;
};

/**
 * What an application still lacks before it can be approved, in words: a permit, the vehicle's
 * plate, its passenger seats, or a permit still valid today (`today` as 'YYYY-MM-DD').
 *
 * @example missingForApproval({ permit: null, vehicleSeats: null, carNumber: 'SGX1' }, '2026-11-25')
 *   // ['a permit', 'the vehicle seats']
 */
export function missingForApproval(licence: VendorLicence, today: string): string[] {
  const missing: string[] = [];
  if (!licence.permit) missing.push('a permit');
  else if (licence.permit.expiresOn < today) missing.push('a permit that has not expired');
  if (!licence.carNumber) missing.push('the vehicle plate');
  if (licence.vehicleSeats === null) missing.push('the vehicle seats');
  return missing;
}

/** Where each decision may start from. */
const DECISION_FROM: Record<VendorDecision, readonly VendorStatus[]> = {
  approve: ['pending', 'rejected', 'suspended'],
  reject: ['pending'],
  suspend: ['approved', 'pending'],
};

const DECISION_TO: Record<VendorDecision, VendorStatus> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
};

const REFUSED_FROM: Record<VendorDecision, string> = {
  approve: 'This vendor is already approved',
  reject: 'Only a pending application can be rejected',
  suspend: 'Only an approved or pending vendor can be suspended',
};

/**
 * The status an administrator's decision leads to:
 * - approve: pending, rejected or suspended → approved, only with a complete licence
 *   (VENDOR_INCOMPLETE naming what is missing);
 * - reject: pending → rejected;
 * - suspend: approved or pending → suspended.
 * Anything else is INVALID_VENDOR_TRANSITION.
 *
 * @example decideVendorStatus('pending', 'approve', { permit: null, vehicleSeats: 4, carNumber: 'SGX1' }, '2026-11-25')
 *   // throws VENDOR_INCOMPLETE 'This application cannot be approved without a permit'
 */
export function decideVendorStatus(
  current: VendorStatus,
  decision: VendorDecision,
  licence: VendorLicence,
  today: string,
): VendorStatus {
  if (!DECISION_FROM[decision].includes(current)) {
    throw new DomainError('INVALID_VENDOR_TRANSITION', REFUSED_FROM[decision]);
  }
  if (decision === 'approve') {
    const missing = missingForApproval(licence, today);
    if (missing.length > 0) {
      throw new DomainError('VENDOR_INCOMPLETE', `This application cannot be approved without ${joinWords(missing)}`);
    }
  }
  return DECISION_TO[decision];
}

/**
 * A list in words: 'a', 'a and b', 'a, b and c'.
 *
 * @example joinWords(['a permit', 'the vehicle seats']) // 'a permit and the vehicle seats'
 */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}

/** Whether two permits differ (a new one, a removed one, or any part changed). */
export function permitChanged(before: Permit | null, after: Permit | null): boolean {
  if (!before || !after) return before !== after;
  return before.country !== after.country || before.number !== after.number || before.expiresOn !== after.expiresOn;
}

/**
 * A vendor's status after it edits its permit: an approved or rejected vendor that changes the
 * permit is pending again (the new permit must be checked); a pending or suspended one keeps its
 * status, and so does everyone when the permit is unchanged.
 *
 * @example statusAfterPermitEdit('approved', true) // 'pending'
 */
export function statusAfterPermitEdit(current: VendorStatus, changed: boolean): VendorStatus {
  if (!changed) return current;
  return current === 'approved' || current === 'rejected' ? 'pending' : current;
}

const SINGAPORE_OFFSET_MS = 8 * 60 * 60 * 1000;

/**
 * The calendar day ('YYYY-MM-DD') an instant falls on in Singapore and Malaysia (both UTC+8, no
 * daylight saving), the day permit dates are written in.
 *
 * @example singaporeDay(new Date('2026-11-24T16:00:00Z')) // '2026-11-25'
 */
export function singaporeDay(instant: Date): string {
  return new Date(instant.getTime() + SINGAPORE_OFFSET_MS).toISOString().slice(0, 10);
}
