/**
 * Shared helpers for the browser journeys (every e2e spec uses these):
 *
 * - `setupBrowser()`: call once at the top of a spec file. Launches headless Chromium
 *   (/usr/bin/chromium via playwright-core) before the file's tests, closes it after, and closes
 *   every page opened by a test when that test ends. Returns `{ newPage }`.
 * - `newPage({ viewport: 'desktop' | 'mobile' })`: a page in a fresh context (its own cookies) at
 *   1280x800 or 375x812, with relative URLs resolved against the server under test.
 * - Accounts: `memberAccount()`, `vendorAccount()` build unique test users; `registerViaUi(page,
 *   account)`, `loginViaUi(page, account)` go through /auth like a person; `registerViaApi(page,
 *   account)` / `loginViaApi(page, account)` call POST /api/register / /api/login from the page's
 *   context, so the session cookie lands in that page's browser (fast set-up for later journeys).
 * - `toast(page, title)`: the notification with that title. `screenshot(page, name)`: a full-page
 *   PNG in apps/web/e2e/screenshots/ (gitignored).
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export interface NewPageOptions {
  viewport?: ViewportName;
}

export function setupBrowser(): { newPage: (options?: NewPageOptions) => Promise<Page> } {
  let browser: Browser | null = null;
  const open: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage({ viewport = 'desktop' }: NewPageOptions = {}) {
      if (!browser) throw new Error('setupBrowser(): the browser is not running (call newPage inside a test)');
      const context = await browser.newContext({ baseURL: baseUrl(), viewport: VIEWPORTS[viewport] });
      open.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
  };
}

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
}

let counter = 0;
/** A Discord username no other test (or earlier run against the same database) has used. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${Date.now().toString(36)}_${String(counter)}`;
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

export function vendorAccount(overrides: Partial<TestAccount> = {}): TestAccount {
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
  await page.getByRole('button', { name: 'Register', exact: true }).waitFor();
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
  }
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL('**/home');
}

export async function loginViaUi(
  page: Page,
  account: Pick<TestAccount, 'discordUsername' | 'password'>,
): Promise<void> {
  await page.goto('/auth');
  await field(page, 'Discord Username').fill(account.discordUsername);
  await field(page, 'Password').fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL('**/home');
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

// ---------------------------------------------------------------------------------------------
// Looking at pages

export function toast(page: Page, title: string): Locator {
  // Scoped to Mantine's notifications host: inline form alerts may repeat the same words.
  return page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: title });
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
