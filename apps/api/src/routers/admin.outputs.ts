import { z } from 'zod';

import { outputObject, pageOf, vendorStatus } from './shared.outputs';
import { driverDetailsOutput, permitOutput } from './user.outputs';

export const resetCodeOutput = outputObject({ discordUsername: z.string(), code: z.string(), expiresAt: z.string() });

export const vendorApplicationOutput = outputObject({
  id: z.number(),
  discordUsername: z.string(),
  /** The username is the applicant's verified Discord name (docs/sign-in.md#verified). */
  discordVerified: z.boolean(),
  name: z.string().nullable(),
  whatsappNumber: z.string().nullable(),
  companyName: z.string().nullable(),
  driverDetails: driverDetailsOutput.nullable(),
  permit: permitOutput.nullable(),
  vehicleSeats: z.number().nullable(),
  vendorStatus,
  vendorStatusReason: z.string().nullable(),
  /** When the account entered its current status (registered, decided, or permit changed). */
  vendorStatusChangedAt: z.string().nullable(),
});

export const vendorApplicationPageOutput = pageOf(vendorApplicationOutput);

/** admin.discordWebhooks: each configured webhook by its setting's name, and whether it is disabled. */
export const discordWebhooksOutput = z.array(
  outputObject({
    setting: z.enum(['DISCORD_WEBHOOK_URL', 'DISCORD_WEBHOOK_URL_SG_FC', 'DISCORD_WEBHOOK_URL_FC_SG']),
    disabledAt: z.string().nullable(),
    disabledStatus: z.number().nullable(),
  }),
);
