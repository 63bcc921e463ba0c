/**
 * What the global setup hands to the test workers: the server's address, the administrator's
 * sign-in and the departed rides. It travels as JSON in one environment variable, set by the
 * global setup before any worker starts (workers inherit the runner's environment).
 */
import type { PastRides } from '../past-rides';

export const SERVER_ENV = 'RIDESHARE_E2E_SERVER';

export interface ServerDetails {
  baseUrl: string;
  /** The administrator's sign-in (registered, then granted the right with admin:grant). */
  adminAccount: { discordUsername: string; password: string };
  /** Departed rides assigned to a vendor of their own (see past-rides.ts). */
  pastRides: PastRides;
  /** The fake Discord the server signs in with (`POST {url}/_fake/member` says who approves next). */
  fakeDiscordUrl: string;
}

export function readServerDetails(): ServerDetails {
  const raw = process.env[SERVER_ENV];
  if (!raw)
    throw new Error(
      `${SERVER_ENV} is not set: run the browser tests with \`playwright test\` (the global setup starts the server).`,
    );
  return JSON.parse(raw) as ServerDetails;
}
