/**
 * The browser journeys' Playwright fixtures. A spec imports `test` and `expect` from here (and
 * helpers from ./helpers):
 *
 * - `newPage({ viewport })`: a page in a fresh browser context (its own cookies) at 'desktop'
 *   (1280x800, the default) or 'mobile' (375x812) size, with relative URLs resolved against the
 *   server under test. `clipboard: true` grants clipboard access. Every context a test opened is
 *   closed when it ends; a failed test's trace and screenshots are kept (see playwright.config.ts).
 * - `signedInPage(account, viewport?, { approveVendor? })`: a fresh page whose context is registered
 *   (POST /api/register) and so signed in as `account`, clipboard access granted. A vendor is then
 *   approved by the administrator (unless `approveVendor: false`: it stays pending). Gives
 *   `{ page, user }`.
 * - `adminRequest`: a request context signed in as the administrator (one per worker), for
 *   set-up through the admin API.
 * - `adminAccount`: the administrator's sign-in; `pastRides`: the departed rides of
 *   past-rides.ts. Both were set up by the global setup, which also started the server.
 */
import { test as base, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

import { approveVendorViaApi, registerViaApi, type RegisteredUser, type TestAccount } from './helpers';
import { readServerDetails, type ServerDetails } from './server-details';

export { expect } from '@playwright/test';

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 812 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Per-test budget for the multi-user journeys: `test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS })`. */
export const JOURNEY_TIMEOUT_MS = 180_000;

export interface NewPageOptions {
  viewport?: ViewportName;
  /** Grants clipboard reading and writing, for tests that check what the page copied. */
  clipboard?: boolean;
}
export type NewPage = (options?: NewPageOptions) => Promise<Page>;
export interface SignedInOptions {
  /** A vendor account is approved by the administrator unless this is false (it then stays pending). */
  approveVendor?: boolean;
}
export type SignedInPage = (
  account: TestAccount,
  viewport?: ViewportName,
  options?: SignedInOptions,
) => Promise<{ page: Page; user: RegisteredUser }>;

interface TestFixtures {
  newPage: NewPage;
  signedInPage: SignedInPage;
  adminAccount: ServerDetails['adminAccount'];
  pastRides: ServerDetails['pastRides'];
}

interface WorkerFixtures {
  server: ServerDetails;
  adminRequest: APIRequestContext;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  server: [async ({}, use) => use(readServerDetails()), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(server.baseUrl),
  adminRequest: [
    async ({ playwright, server }, use) => {
      const request = await playwright.request.newContext({
        baseURL: server.baseUrl,
        // The same origin as the app's own pages.
        extraHTTPHeaders: { origin: server.baseUrl },
      });
      const response = await request.post('/api/login', { data: server.adminAccount });
      if (response.status() !== 200) {
        throw new Error(`The administrator could not sign in: ${String(response.status())} ${await response.text()}`);
      }
      await use(request);
      await request.dispose();
    },
    { scope: 'worker' },
  ],

  newPage: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async ({ viewport = 'desktop', clipboard = false } = {}) => {
      // Playwright Test adds the configured options (baseURL, timeouts, tracing) to this context.
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
      contexts.push(context);
      if (clipboard) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  signedInPage: async ({ newPage, adminRequest }, use) => {
    await use(async (account, viewport = 'desktop', { approveVendor = true } = {}) => {
      const page = await newPage({ viewport, clipboard: true });
      const user = await registerViaApi(page, account);
      if (user.isVendor && approveVendor) await approveVendorViaApi(adminRequest, user.id);
      return { page, user };
    });
  },

  adminAccount: async ({ server }, use) => use(server.adminAccount),
  pastRides: async ({ server }, use) => use(server.pastRides),
});
