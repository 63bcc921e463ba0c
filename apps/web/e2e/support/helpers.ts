/**
 * Helpers for the browser journeys (the fixtures are in ./fixtures):
 *
 * - Accounts: `memberAccount()`, `vendorAccount(overrides?, direction?)` build unique test users (a
 *   vendor carries a permit for the rides of `direction` and 13 seats, so it may take any ride
 *   once approved: see `approveVendorViaApi`); `registerViaUi(page,
 *   account)`, `loginViaUi(page, account)` go through /auth like a person; `registerViaApi(page,
 *   account)` / `loginViaApi(page, account)` call POST /api/register / /api/login from the page's
 *   context, so the session cookie lands in that page's browser (fast set-up for later journeys);
 *   `approveVendorViaApi(admin, userId)` decides a vendor's application as an administrator.
 * - Rides: `createRideViaApi(page, ride)` (POST /api/rides, gives the id), `joinRideViaApi(page,
 *   rideId, location, passengerCount?)` (POST /api/rides/{id}/join), `inDays(n)`.
 * - Looking at pages: `field(scope, label)`, `toast(page, title)`, `latestToast(page, title)`,
 *   `readClipboard(page)`, `holdLiveUpdates(page)`, and `screenshot(page, name)`: a full-page PNG in
 *   apps/web/e2e/screenshots/ (gitignored) for people to look at.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { toSingaporeInputValue } from '@rideshare/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Accounts

export interface TestAccount {
  discordUsername: string;
  password: string;
  name?: string;
  whatsappNumber?: string;
  malaysianNumber?: string;
  revolutUsername?: string;
  vendor?: { companyName: string; driverName: string; driverContact: string; carNumber: string };
  /** A vendor's cross-border permit (docs/vendors.md#licence). */
  permit?: Permit;
  vehicleSeats?: number;
}

export type RideDirection = 'SG->FC' | 'FC->SG';

export interface Permit {
  country: 'SG' | 'MY';
  number: string;
  expiresOn: string;
}

/**
 * A permit that may take the rides of `direction` (with the pick-up country rule on, an SG permit
 * picks up in Singapore: SG->FC; an MY permit in Malaysia: FC->SG). It never expires before a
 * test's ride departs (the specs date their rides centuries ahead).
 */
export function permitFor(direction: RideDirection): Permit {
  return direction === 'SG->FC'
    ? { country: 'SG', number: 'SG-E2E-0001', expiresOn: '9999-12-31' }
    : { country: 'MY', number: 'MY-E2E-0001', expiresOn: '9999-12-31' };
}

let counter = 0;
/**
 * A Discord username no other test has used: the time, this worker's number (workers run side by
 * side) and a counter.
 */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  const worker = process.env.TEST_WORKER_INDEX ?? '0';
  return `${prefix}_${Date.now().toString(36)}_${worker}_${String(counter)}`;
}

export function memberAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return {
    discordUsername: uniqueUsername('member'),
    password: 'member-pass-123',
    name: 'Mia Member',
    whatsappNumber: '+65 9123 4567',
    revolutUsername: 'miamember',
    ...overrides,
  };
}

/** A vendor licensed for the rides of `direction`, in a vehicle with the most seats a ride can need. */
export function vendorAccount(overrides: Partial<TestAccount> = {}, direction: RideDirection = 'SG->FC'): TestAccount {
  return {
    discordUsername: uniqueUsername('vendor'),
    password: 'vendor-pass-123',
    name: 'Victor Vendor',
    whatsappNumber: '+65 8123 4567',
    vendor: {
      companyName: 'Second Link Cars',
      driverName: 'Tan Ah Kow',
      driverContact: '+60 12 345 6789',
      carNumber: 'JQB 1234',
    },
    permit: permitFor(direction),
    vehicleSeats: 13,
    ...overrides,
  };
}

/** A form field by its visible label (labels of required fields end with an asterisk). */
export function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
}

export async function openRegisterTab(page: Page): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
}

export async function registerViaUi(page: Page, account: TestAccount): Promise<void> {
  await openRegisterTab(page);
  await field(page, 'Discord Username').fill(account.discordUsername);
  await field(page, 'Password').fill(account.password);
  if (account.name) await field(page, 'Name').fill(account.name);
  if (account.whatsappNumber) await field(page, 'WhatsApp Number').fill(account.whatsappNumber);
  if (account.malaysianNumber) await field(page, 'Malaysian Phone Number').fill(account.malaysianNumber);
  if (account.revolutUsername) await field(page, 'Revolut Username').fill(account.revolutUsername);
  if (account.vendor) {
    await page.getByLabel('Register as a vendor/driver').check();
    await field(page, 'Company Name').fill(account.vendor.companyName);
    await field(page, 'Driver Name').fill(account.vendor.driverName);
    await field(page, 'Driver Contact').fill(account.vendor.driverContact);
    await field(page, 'Car Number').fill(account.vendor.carNumber);
    // The licence, in the profile's own fields (docs/vendors.md#licence).
    if (account.permit) {
      await page.getByRole('combobox', { name: 'Permit Issued By' }).click();
      await page.getByRole('option', { name: `(${account.permit.country})` }).click();
      await field(page, 'Permit Number').fill(account.permit.number);
      await field(page, 'Permit Expires On').fill(account.permit.expiresOn);
    }
    if (account.vehicleSeats !== undefined) {
      await field(page, 'Vehicle Passenger Seats').fill(String(account.vehicleSeats));
    }
  }
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  // A vendor application lands on the dashboard, which says what happens next (docs/vendors.md#approval).
  await expect(page).toHaveURL(account.vendor ? /\/vendor$/ : /\/home$/);
}

export async function loginViaUi(
  page: Page,
  account: Pick<TestAccount, 'discordUsername' | 'password'>,
): Promise<void> {
  await page.goto('/auth');
  await field(page, 'Discord Username').fill(account.discordUsername);
  await field(page, 'Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
}

function registerBody(account: TestAccount) {
  return {
    discordUsername: account.discordUsername,
    password: account.password,
    name: account.name ?? null,
    whatsappNumber: account.whatsappNumber ?? null,
    malaysianNumber: account.malaysianNumber ?? null,
    revolutUsername: account.revolutUsername ?? null,
    isVendor: Boolean(account.vendor),
    companyName: account.vendor?.companyName ?? null,
    driverDetails: account.vendor
      ? { name: account.vendor.driverName, contact: account.vendor.driverContact, carNumber: account.vendor.carNumber }
      : null,
    permit: account.vendor ? (account.permit ?? null) : null,
    vehicleSeats: account.vendor ? (account.vehicleSeats ?? null) : null,
  };
}

export interface RegisteredUser {
  id: number;
  discordUsername: string;
  isVendor: boolean;
}

/** Registers through POST /api/register; the page's context is then signed in as that user. */
export async function registerViaApi(page: Page, account: TestAccount): Promise<RegisteredUser> {
  const response = await page.request.post('/api/register', { data: registerBody(account) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as RegisteredUser;
}

/** Signs in through POST /api/login; the page's context then carries the session cookie. */
export async function loginViaApi(
  page: Page,
  account: Pick<TestAccount, 'discordUsername' | 'password'>,
): Promise<RegisteredUser> {
  const response = await page.request.post('/api/login', {
    data: { discordUsername: account.discordUsername, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as RegisteredUser;
}

/**
 * An administrator approves the vendor `userId` through POST /api/admin/vendors/{id}/approve;
 * `admin` is a request context signed in as the administrator (the `adminRequest` fixture).
 */
export async function approveVendorViaApi(admin: APIRequestContext, userId: number): Promise<void> {
  const response = await admin.post(`/api/admin/vendors/${String(userId)}/approve`);
  expect(response.status(), await response.text()).toBe(200);
}

// ---------------------------------------------------------------------------------------------
// Rides

/**
 * Waits for the real clock to pass `at` (epoch ms): trip stages follow the clock, so no-shows and
 * `arrived` wait for the departure time itself.
 */
export async function clockReaches(at: number): Promise<void> {
  await expect.poll(() => Date.now(), { timeout: 120_000, intervals: [1_000] }).toBeGreaterThan(at);
}

export function inDays(days: number): string {
  return new Date(Date.now() + days * DAY_MS).toISOString();
}

/**
 * The Singapore calendar day `days` after today ('YYYY-MM-DD'), by the real clock: rides may be at
 * most a year ahead, so journeys compute their dates instead of naming a far year.
 */
export function singaporeDayIn(days: number): string {
  return toSingaporeInputValue(Date.now() + days * DAY_MS).slice(0, 10);
}

export interface RideSetup {
  direction: RideDirection;
  date?: string;
  maxPassengers?: number;
  location: string;
  organizerPassengerCount?: number;
}

/** POST /api/rides from the page's own session; gives the new ride's id. */
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

// ---------------------------------------------------------------------------------------------
// Looking at pages

export function toast(page: Page, title: string): Locator {
  // Scoped to Mantine's notifications host: inline form alerts may repeat the same words.
  return page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: title });
}

/**
 * A replaced toast may still be fading out while the next one with the same title shows: the
 * newest is the one to read.
 */
export function latestToast(page: Page, title: string): Locator {
  return toast(page, title).last();
}

/** The clipboard's text as the page sees it (the page needs `newPage({ clipboard: true })`). */
export function readClipboard(page: Page): Promise<string> {
  return page.evaluate(() => navigator.clipboard.readText());
}

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = `${screenshotDir}${name}.png`;
  await page.screenshot({ path, fullPage: true });
  return path;
}

/**
 * Keeps live updates from reaching `page` (both stream paths refused), for tests of what happens when
 * a change races a user's click: with the stream open the page would usually learn of it first.
 */
export async function holdLiveUpdates(page: Page): Promise<void> {
  await page.route('**/trpc/live.events**', (route) => route.abort());
  await page.route('**/api/events**', (route) => route.abort());
}

/** The pages a PDF of the page has (Chromium prints it on A4 with the print stylesheet). */
export async function printedPages(page: Page): Promise<number> {
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

/** How far the page sticks out sideways (0 or less: it fits the viewport). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Marks the document, so a later check can tell the page was never reloaded ({@link notReloaded}). */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMarker?: string }).liveMarker = 'still here';
  });
}

/** Whether the page still holds the mark {@link markDocument} left: it was never reloaded. */
export async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker === 'still here');
}

/** Answers the one confirmation an irreversible or everyone-telling action asks: presses `confirm` in its dialog. */
export async function confirmDialog(page: Page, confirm: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}
