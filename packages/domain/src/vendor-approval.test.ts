import { describe, expect, it } from 'vitest';

import { permitInput, registerInput, vehicleSeatsField, vendorReasonInput } from './schemas';
import { expectDomainError } from './test-helpers';
import {
  assertApprovedVendor,
  decideVendorStatus,
  isApprovedVendor,
  missingForApproval,
  permitChanged,
  singaporeDay,
  statusAfterPermitEdit,
  vendorStatusMessage,
  type VendorDecision,
  type VendorLicence,
  type VendorStatus,
} from './vendor-approval';
import { assertVendorProfileChanges } from './vendor-lifecycle';

const TODAY = '2026-11-25';
const PERMIT = { country: 'SG', number: 'CBT-001', expiresOn: '2027-06-30' } as const;
const COMPLETE: VendorLicence = { permit: PERMIT, vehicleSeats: 6, carNumber: 'SGX1234A' };

describe('vendorStatusMessage', () => {
  it.each([
    ['pending', null, 'Your vendor account is awaiting approval'],
    ['rejected', 'No permit on file', 'Your vendor application was rejected: No permit on file'],
    ['rejected', '  ', 'Your vendor application was rejected'],
    ['suspended', 'Complaints', 'Your vendor account is suspended: Complaints'],
    ['suspended', null, 'Your vendor account is suspended'],
    ['approved', null, null],
    [null, null, null],
  ] as const)('%s (%s) -> %s', (vendorStatus, vendorStatusReason, expected) => {
    expect(vendorStatusMessage({ vendorStatus, vendorStatusReason })).toBe(expected);
  });
});

describe('assertApprovedVendor', () => {
  it('lets an approved vendor through', () => {
    expect(() => {
      assertApprovedVendor({ isVendor: true, vendorStatus: 'approved', vendorStatusReason: null });
    }).not.toThrow();
    expect(isApprovedVendor({ isVendor: true, vendorStatus: 'approved' })).toBe(true);
  });

  it.each([
    [false, null, null, 'VENDOR_ONLY', 'Only vendors can do this'],
    [true, 'pending', null, 'VENDOR_NOT_APPROVED', 'Your vendor account is awaiting approval'],
    [true, 'rejected', 'Expired permit', 'VENDOR_NOT_APPROVED', 'Your vendor application was rejected: Expired permit'],
    [true, 'suspended', 'Unsafe driving', 'VENDOR_NOT_APPROVED', 'Your vendor account is suspended: Unsafe driving'],
  ] as const)('isVendor %s, %s -> %s', (isVendor, vendorStatus, vendorStatusReason, code, message) => {
    expectDomainError(() => assertApprovedVendor({ isVendor, vendorStatus, vendorStatusReason }), code, message);
    expect(isApprovedVendor({ isVendor, vendorStatus })).toBe(false);
  });
});

describe('missingForApproval', () => {
  it.each([
    ['complete', COMPLETE, []],
    [
      'nothing',
      { permit: null, vehicleSeats: null, carNumber: null },
      ['a permit', 'the vehicle plate', 'the vehicle seats'],
    ],
    ['no seats', { ...COMPLETE, vehicleSeats: null }, ['the vehicle seats']],
    [
      'expired yesterday',
      { ...COMPLETE, permit: { ...PERMIT, expiresOn: '2026-11-24' } },
      ['a permit that has not expired'],
    ],
    ['expires today (still valid)', { ...COMPLETE, permit: { ...PERMIT, expiresOn: TODAY } }, []],
  ] as const)('%s', (_label, licence, expected) => {
    expect(missingForApproval(licence as VendorLicence, TODAY)).toEqual(expected);
  });
});

describe('decideVendorStatus', () => {
  it.each<[VendorStatus, VendorDecision, VendorStatus]>([
    ['pending', 'approve', 'approved'],
    ['rejected', 'approve', 'approved'],
    ['suspended', 'approve', 'approved'],
    ['pending', 'reject', 'rejected'],
    ['approved', 'suspend', 'suspended'],
    ['pending', 'suspend', 'suspended'],
  ])('%s --%s--> %s', (from, decision, to) => {
    expect(decideVendorStatus(from, decision, COMPLETE, TODAY)).toBe(to);
  });

  it.each<[VendorStatus, VendorDecision, string]>([
    ['approved', 'approve', 'This vendor is already approved'],
    ['approved', 'reject', 'Only a pending application can be rejected'],
    ['rejected', 'reject', 'Only a pending application can be rejected'],
    ['suspended', 'reject', 'Only a pending application can be rejected'],
    ['suspended', 'suspend', 'Only an approved or pending vendor can be suspended'],
    ['rejected', 'suspend', 'Only an approved or pending vendor can be suspended'],
  ])('refuses %s --%s--> (%s)', (from, decision, message) => {
    expectDomainError(() => decideVendorStatus(from, decision, COMPLETE, TODAY), 'INVALID_VENDOR_TRANSITION', message);
  });

  it('refuses to approve an application without its licence, naming what is missing', () => {
    expectDomainError(
      () => decideVendorStatus('pending', 'approve', { permit: null, vehicleSeats: null, carNumber: 'SGX1' }, TODAY),
      'VENDOR_INCOMPLETE',
      'This application cannot be approved without a permit and the vehicle seats',
    );
    expectDomainError(
      () => decideVendorStatus('pending', 'approve', { ...COMPLETE, vehicleSeats: null }, TODAY),
      'VENDOR_INCOMPLETE',
      'This application cannot be approved without the vehicle seats',
    );
    expectDomainError(
      () => decideVendorStatus('pending', 'approve', { permit: null, vehicleSeats: null, carNumber: null }, TODAY),
      'VENDOR_INCOMPLETE',
      'This application cannot be approved without a permit, the vehicle plate and the vehicle seats',
    );
  });

  it('rejects and suspends whatever the licence holds', () => {
    const none = { permit: null, vehicleSeats: null, carNumber: null };
    expect(decideVendorStatus('pending', 'reject', none, TODAY)).toBe('rejected');
    expect(decideVendorStatus('pending', 'suspend', none, TODAY)).toBe('suspended');
  });
});

describe('permit edits', () => {
  it.each([
    [null, null, false],
    [null, PERMIT, true],
    [PERMIT, null, true],
    [PERMIT, { ...PERMIT }, false],
    [PERMIT, { ...PERMIT, number: 'CBT-002' }, true],
    [PERMIT, { ...PERMIT, country: 'MY' as const }, true],
    [PERMIT, { ...PERMIT, expiresOn: '2028-01-01' }, true],
  ])('%o -> %o changed: %s', (before, after, expected) => {
    expect(permitChanged(before, after)).toBe(expected);
  });

  it.each<[VendorStatus, boolean, VendorStatus]>([
    ['approved', true, 'pending'],
    ['rejected', true, 'pending'],
    ['pending', true, 'pending'],
    ['suspended', true, 'suspended'],
    ['approved', false, 'approved'],
    ['rejected', false, 'rejected'],
  ])('%s, permit changed %s -> %s', (current, changed, expected) => {
    expect(statusAfterPermitEdit(current, changed)).toBe(expected);
  });

  it('lets only vendors set a permit or seats, and stores null as removal', () => {
    expectDomainError(
      () => assertVendorProfileChanges(false, { permit: PERMIT }),
      'VALIDATION_FAILED',
      'A permit can only be set on a vendor account',
    );
    expectDomainError(
      () => assertVendorProfileChanges(false, { vehicleSeats: 4 }),
      'VALIDATION_FAILED',
      'Vehicle seats can only be set on a vendor account',
    );
    expect(assertVendorProfileChanges(true, { permit: null, vehicleSeats: 4 })).toEqual({
      permit: null,
      vehicleSeats: 4,
    });
    expect(assertVendorProfileChanges(true, {})).toEqual({});
  });
});

describe('licence inputs', () => {
  it.each([
    [{ country: 'SG', number: ' CBT-1 ', expiresOn: '2027-02-28' }, true],
    [{ country: 'MY', number: 'X', expiresOn: '2028-02-29' }, true],
    [{ country: 'TH', number: 'X', expiresOn: '2027-02-28' }, false],
    [{ country: 'SG', number: '', expiresOn: '2027-02-28' }, false],
    [{ country: 'SG', number: 'X', expiresOn: '2027-02-30' }, false],
    [{ country: 'SG', number: 'X', expiresOn: '28/02/2027' }, false],
  ])('permit %o valid: %s', (value, valid) => {
    expect(permitInput.safeParse(value).success).toBe(valid);
  });

  it('reads the permit messages a person understands', () => {
    const result = permitInput.safeParse({ country: 'SG', number: 'X', expiresOn: 'soon' });
    expect(result.error?.issues[0]?.message).toBe('Permit expiry must be a date (YYYY-MM-DD)');
  });

  it.each([
    [1, true],
    [13, true],
    [0, false],
    [14, false],
    [4.5, false],
  ])('vehicle seats %s valid: %s', (value, valid) => {
    expect(vehicleSeatsField.safeParse(value).success).toBe(valid);
  });

  it('keeps the permit and seats for vendors only at registration', () => {
    const base = {
      discordUsername: 'tan_transport',
      password: 'longenough',
      companyName: 'Tan Transport',
      driverDetails: { name: 'Tan', contact: '+6591234567', carNumber: 'SGX1' },
      permit: PERMIT,
      vehicleSeats: 6,
    };
    expect(registerInput.parse({ ...base, isVendor: true })).toMatchObject({ permit: PERMIT, vehicleSeats: 6 });
    expect(registerInput.parse({ ...base, isVendor: false })).toMatchObject({ permit: null, vehicleSeats: null });
    expect(registerInput.parse({ ...base, isVendor: true, permit: undefined, vehicleSeats: undefined })).toMatchObject({
      permit: null,
      vehicleSeats: null,
    });
  });

  it('needs a reason to reject or suspend', () => {
    expect(vendorReasonInput.safeParse({ userId: 3, reason: '  ' }).error?.issues[0]?.message).toBe(
      'A reason is required',
    );
  });
});

describe('singaporeDay', () => {
  it.each([
    ['2026-11-24T15:59:59.999Z', '2026-11-24'],
    ['2026-11-24T16:00:00.000Z', '2026-11-25'],
    ['2026-12-31T20:00:00.000Z', '2027-01-01'],
  ])('%s -> %s', (instant, day) => {
    expect(singaporeDay(new Date(instant))).toBe(day);
  });
});
