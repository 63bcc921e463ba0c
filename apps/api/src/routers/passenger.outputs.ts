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
  /** Where the stop was picked on the map, or null (docs/vendors.md#stops-on-the-map). */
  coordinates: coordinatesOutput.nullable(),
  user: outputObject({
    id: z.number(),
    name: z.string().nullable(),
    /** Same as `name`: the field older clients read (docs/product.md#ride-passenger). */
    fullName: z.string().nullable(),
    discordUsername: z.string(),
    /** The username is the passenger's verified Discord name (docs/sign-in.md#verified). */
    discordVerified: z.boolean(),
    ...contactNumbers,
    revolutUsername: z.string().nullable(),
  }).nullable(),
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
