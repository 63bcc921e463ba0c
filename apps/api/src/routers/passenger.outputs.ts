import { z } from 'zod';

import { rideDetailOutput } from './ride.outputs';
import { contactNumbers, coordinatesOutput, outputObject } from './shared.outputs';

export const passengerEntryOutput = outputObject({
  id: z.number(),
  rideId: z.number(),
  userId: z.number(),
  dropoffLocation: z.string(),
  dropoffSequence: z.number().nullable(),
  passengerCount: z.number(),
  coordinates: coordinatesOutput.nullable(),
  user: z
    .object({
      id: z.number(),
      name: z.string().nullable(),
      fullName: z.string().nullable(),
      discordUsername: z.string(),
      discordVerified: z.boolean(),
      ...contactNumbers,
      revolutUsername: z.string().nullable(),
    })
    .nullable(),
});

export const passengerRemovedOutput = outputObject({
  message: z.string(),
  passengerId: z.number(),
  ride: rideDetailOutput,
  /** SGD the party still owes after leaving a locked ride (0 once paid); null when nothing was locked (docs/payments.md#still-owed). */
  stillOwed: z.number().nullable(),
  /** The organiser's name while something is still owed. */
  owedTo: z.string().nullable(),
});
