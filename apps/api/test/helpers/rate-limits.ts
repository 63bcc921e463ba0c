import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A valid ride (create or edit) from Pasir Ris MRT, two days from now. */
export function ridePayload(maxPassengers = 4) {
  return {
    direction: 'SG->FC',
    maxPassengers,
    date: inDays(2),
    organizerPassengerCount: 1,
    pickupLocation: 'Pasir Ris MRT',
    dropoffLocations: [{ location: 'Pasir Ris MRT', passengerCount: 1 }],
  };
}

/** Expects a 429 with Retry-After and the message (REST `{error}` or tRPC `{error: {message}}`). */
export function expectRefusedFor(
  res: LightMyRequestResponse,
  message = /^Too many requests\. Please try again in \d+ minutes?\.$/,
) {
  expect(res.statusCode).toBe(429);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  const body = res.json<{ error: string | { message: string } }>();
  const text = typeof body.error === 'string' ? body.error : body.error.message;
  expect(text).toMatch(message);
}
