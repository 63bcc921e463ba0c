/** Profile inputs: one's own profile, a vendor's permit, vehicle and driver (docs/product.md#profile). */
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PHONE_LENGTH, MAX_USERNAME_LENGTH, MAX_VENDOR_FIELD_LENGTH } from '../constants';
import { CONTACT_SHARING, SHARE_CONTACTS_MESSAGE } from '../contacts';
import { MAX_VEHICLE_SEATS, PERMIT_COUNTRIES, type Permit } from '../vendor-approval';
import { idInput, isCalendarDate, nameField, nullableText, patchText, requiredText } from './fields';
import { paynowProxyPatch } from './payments';

/** Registration's required-for-vendors messages (docs/product.md#register-validation), also used by a vendor's profile edit. */
export const VENDOR_MESSAGES = {
  companyName: 'Company name is required for vendors',
  driverName: 'Driver name is required for vendors',
  driverContact: 'Driver contact is required for vendors',
  carNumber: 'Car number is required for vendors',
} as const;

export const driverDetailsInput = z.object({
  name: nullableText(MAX_NAME_LENGTH, 'Driver name', nameField),
  contact: nullableText(MAX_VENDOR_FIELD_LENGTH, 'Driver contact'),
  carNumber: nullableText(MAX_VENDOR_FIELD_LENGTH, 'Car number'),
});

/** The longest permit number accepted. */
export const MAX_PERMIT_NUMBER_LENGTH = 40;
const PERMIT_EXPIRY_MESSAGE = 'Permit expiry must be a date (YYYY-MM-DD)';
const VEHICLE_SEATS_MESSAGE = `Vehicle seats must be a whole number from 1 to ${String(MAX_VEHICLE_SEATS)}`;

/** A cross-border taxi permit as a vendor enters it (docs/vendors.md#licence). */
export const permitInput = z.object({
  country: z.enum(PERMIT_COUNTRIES, { error: 'Permit country must be SG or MY' }),
  number: requiredText('Permit number is required', MAX_PERMIT_NUMBER_LENGTH, 'Permit number'),
  expiresOn: z.string({ error: PERMIT_EXPIRY_MESSAGE }).trim().refine(isCalendarDate, { error: PERMIT_EXPIRY_MESSAGE }),
}) satisfies z.ZodType<Permit>;

/** The vehicle's passenger seats, 1..13. */
export const vehicleSeatsField = z
  .number({ error: VEHICLE_SEATS_MESSAGE })
  .int({ error: VEHICLE_SEATS_MESSAGE })
  .min(1, { error: VEHICLE_SEATS_MESSAGE })
  .max(MAX_VEHICLE_SEATS, { error: VEHICLE_SEATS_MESSAGE });

/** A vendor's driver as stored with their account (needed for MDAC/SGAC compliance). */
export type DriverDetails = { name: string; contact: string; carNumber: string };

/**
 * Updating one's profile. Every field is optional: missing means unchanged, blank means cleared
 * (null). Unknown keys (say, `isVendor` or `password`) are silently dropped, never applied.
 */
export const profileUpdateInput = z.object({
  name: patchText(MAX_NAME_LENGTH, 'Name', nameField),
  whatsappNumber: patchText(MAX_PHONE_LENGTH, 'WhatsApp number'),
  malaysianNumber: patchText(MAX_PHONE_LENGTH, 'Malaysian phone number'),
  revolutUsername: patchText(MAX_USERNAME_LENGTH, 'Revolut username'),
  /** Vendors only (domain `assertVendorProfileChanges`); required once given. */
  companyName: patchText(MAX_VENDOR_FIELD_LENGTH, 'Company name', nameField),
  /** Vendors only; all three parts required once given. */
  driverDetails: driverDetailsInput.nullable().optional(),
  /** Vendors only; null removes it. Changing it sends an approved vendor back to pending. */
  permit: permitInput.nullable().optional(),
  /** Vendors only; null removes it. */
  vehicleSeats: vehicleSeatsField.nullable().optional(),
  /** With whom one's numbers are shared on the rides one organises (docs/vendors.md#contacts). */
  shareContactsWith: z.enum(CONTACT_SHARING, { error: SHARE_CONTACTS_MESSAGE }).optional(),
  /** A Singapore mobile or a UEN, private: only used to build PayNow codes (docs/payments.md#paynow). */
  paynowProxy: paynowProxyPatch,
});
export type ProfileUpdateInput = z.output<typeof profileUpdateInput>;

/** Updating a profile names whose profile (`id`); the fields follow {@link profileUpdateInput}. */
export const updateProfileInput = profileUpdateInput.extend({ id: idInput });
export type UpdateProfileInput = z.output<typeof updateProfileInput>;
