/**
 * Set-up helpers for the ride detail and drop-off sequence journeys. Rides and joins are made
 * through the documented REST paths from a page's own context (so its session cookie is used);
 * what the journeys check is then done in the browser like a person.
 *
 * - `signedInPage(newPage, account, viewport?)`: a fresh page whose context is registered and
 *   signed in as `account`, with clipboard access granted. Returns `{ page, user }`.
 * - `createRideViaApi(page, ride)`: POST /api/rides; resolves with the new ride's id.
 * - `joinRideViaApi(page, rideId, location, passengerCount?)`: POST /api/rides/{id}/join.
 * - `readClipboard(page)`: the clipboard's text as the page sees it.
 * - `inDays(n)`: an ISO date n days from now.
 * - `slowMachineTimeouts(page)`, `JOURNEY_TIMEOUT_MS`: waits sized for a busy, shared machine.
 * - `setupJourneyBrowser()`: `setupBrowser()` whose pages get those waits.
 * - `latestToast(page, title)`: the newest toast with that title.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

import {
  baseUrl,
  registerViaApi,
  setupBrowser,
  toast,
  type NewPageOptions,
  type RegisteredUser,
  type TestAccount,
} from './support/browser';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Per-test budget for these multi-user journeys (several accounts, rides and pages each). */
export const JOURNEY_TIMEOUT_MS = 180_000;

/**
 * The CI machine is small and shared; a step that waits on the server may take longer than the
 * harness's default 15 s while other jobs run, without anything being wrong.
 */
export function slowMachineTimeouts(page: Page): Page {
  page.setDefaultTimeout(40_000);
  page.setDefaultNavigationTimeout(60_000);
  return page;
}

/** `setupBrowser()` (call it at the top of the file) whose pages wait as `slowMachineTimeouts` sets. */
export function setupJourneyBrowser(): ReturnType<typeof setupBrowser> {
  const browser = setupBrowser();
  return { newPage: async (options) => slowMachineTimeouts(await browser.newPage(options)) };
}

/**
 * A replaced toast may still be fading out while the next one with the same title shows: the
 * newest is the one to read.
 */
export function latestToast(page: Page, title: string): Locator {
  return toast(page, title).last();
}

export function inDays(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

export async function signedInPage(
  newPage: (options?: NewPageOptions) => Promise<Page>,
  account: TestAccount,
  viewport: NewPageOptions['viewport'] = 'desktop',
): Promise<{ page: Page; user: RegisteredUser }> {
  const page = await newPage({ viewport });
  slowMachineTimeouts(page);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const user = await registerViaApi(page, account);
  return { page, user };
}

export interface RideSetup {
  direction: 'SG->FC' | 'FC->SG';
  date?: string;
  maxPassengers?: number;
  location: string;
  organizerPassengerCount?: number;
}

export async function createRideViaApi(page: Page, ride: RideSetup): Promise<number> {
  const count = ride.organizerPassengerCount ?? 1;
  const response = await page.request.post('/api/rides', {
    data: {
      direction: ride.direction,
      date: ride.date ?? inDays(3),
      maxPassengers: ride.maxPassengers ?? 4,
      organizerPassengerCount: count,
      pickupLocation: ride.direction === 'SG->FC' ? ride.location : 'Forest City',
      dropoffLocations: [{ location: ride.location, passengerCount: count }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const body = (await response.json()) as { id: number };
  return body.id;
}

export async function joinRideViaApi(page: Page, rideId: number, location: string, passengerCount = 1): Promise<void> {
  const response = await page.request.post(`/api/rides/${String(rideId)}/join`, {
    data: { rideId, dropoffLocation: location, passengerCount },
  });
  expect(response.status(), await response.text()).toBe(201);
}

export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}
