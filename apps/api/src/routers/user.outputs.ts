import { CONTACT_SHARING, PERMIT_COUNTRIES } from '@rideshare/domain';
import { z } from 'zod';

import { outputObject, vendorStatus } from './shared.outputs';

export const driverDetailsOutput = outputObject({ name: z.string(), contact: z.string(), carNumber: z.string() });

export const permitOutput = outputObject({
  country: z.enum(PERMIT_COUNTRIES),
  number: z.string(),
  expiresOn: z.string(),
});

/** A member's own account, as the account and sign-in answers give it (never a password hash). */
export const publicUserOutput = outputObject({
  id: z.number(),
  discordUsername: z.string(),
  name: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  malaysianNumber: z.string().nullable(),
  revolutUsername: z.string().nullable(),
  isVendor: z.boolean(),
  companyName: z.string().nullable(),
  driverDetails: driverDetailsOutput.nullable(),
  isAdmin: z.boolean(),
  /** Null for members; a vendor's application status (pending, approved, rejected, suspended). */
  vendorStatus: vendorStatus.nullable(),
  /** The administrator's reason with a rejection or suspension. */
  vendorStatusReason: z.string().nullable(),
  /** The vendor's cross-border permit, or null when none was given. */
  permit: permitOutput.nullable(),
  /** The vehicle's passenger seats (1..13), or null when not given. */
  vehicleSeats: z.number().nullable(),
  /** With whom the member shares their numbers on rides they organise (docs/vendors.md#contacts). */
  shareContactsWith: z.enum(CONTACT_SHARING),
  /** The PayNow proxy, private to its owner: only used to build PayNow codes (docs/payments.md#paynow). */
  paynowProxy: z.string().nullable(),
  /** The username is the linked Discord account's own (docs/sign-in.md#verified). */
  discordVerified: z.boolean(),
  /** A Discord account is linked (sign in with it works). */
  discordLinked: z.boolean(),
  /** The linked Discord account's name when the username is not it (the profile offers a claim). */
  discordName: z.string().nullable(),
  /** A password is set (password sign-in works, and Discord may be unlinked). */
  hasPassword: z.boolean(),
});

export const calendarFeedStateOutput = outputObject({ active: z.boolean(), createdAt: z.string().nullable() });

export const calendarFeedUrlOutput = outputObject({ url: z.string(), createdAt: z.string() });

export const calendarFeedOffOutput = outputObject({ active: z.literal(false) });
