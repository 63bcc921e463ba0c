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
  vendorStatus: vendorStatus.nullable(),
  vendorStatusReason: z.string().nullable(),
  permit: permitOutput.nullable(),
  vehicleSeats: z.number().nullable(),
  shareContactsWith: z.enum(CONTACT_SHARING),
  paynowProxy: z.string().nullable(),
  /** The username is the linked Discord account's own (docs/sign-in.md#verified). */
  discordVerified: z.boolean(),
  discordLinked: z.boolean(),
  /** The linked Discord account's name when the username is not it (the profile offers a claim). */
  discordName: z.string().nullable(),
  hasPassword: z.boolean(),
});

export const calendarFeedStateOutput = outputObject({ active: z.boolean(), createdAt: z.string().nullable() });

export const calendarFeedUrlOutput = outputObject({ url: z.string(), createdAt: z.string() });

export const calendarFeedOffOutput = outputObject({ active: z.literal(false) });
