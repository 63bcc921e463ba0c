// Reading a ride offline (docs/product.md#offline-rides): the organiser opens their ride at phone
// size once the service worker is in charge, the signal drops, and the reloaded page still shows
// the ride from the worker's kept copy, with the "last updated" line.
import type { BrowserContext, Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test, VIEWPORTS } from './support/fixtures';
import { createRideViaApi, memberAccount, registerViaApi } from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Whether the page is controlled by the app's service worker. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** How many reads the worker keeps for offline reading. */
const keptReads = (page: Page) =>
  page.evaluate(async () => {
    const names = await caches.keys();
    const kept = names.find((name) => name.startsWith('rideshare-kept-reads'));
    return kept ? (await (await caches.open(kept)).keys()).length : 0;
  });

let context: BrowserContext | undefined;

test.afterEach(async () => {
  await context?.close();
});

test('the service worker shows a ride the member organises while offline, with when it was last updated', async ({
  browser,
}) => {
  context = await browser.newContext({ viewport: VIEWPORTS.mobile, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await registerViaApi(page, memberAccount({ name: 'Ofelia Offline' }));
  const rideId = await createRideViaApi(page, { direction: 'FC->SG', location: 'Woodlands Checkpoint' });

  await page.goto(`/rides/${String(rideId)}`);
  await expect(page.getByRole('heading', { name: 'Forest City to Singapore', level: 1 })).toBeVisible();
  // Registered after the first load, the worker installs the shell and takes the page over.
  await expect.poll(() => controlled(page), { timeout: 60_000 }).toBe(true);

  // Read once through the worker, which keeps the ride's reads.
  await page.reload();
  await expect(page.getByText('Woodlands Checkpoint').first()).toBeVisible();
  await expect.poll(() => keptReads(page)).toBeGreaterThan(0);
  await expect(page.getByText(/Offline: last updated/)).toHaveCount(0);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Forest City to Singapore', level: 1 })).toBeVisible();
  await expect(page.getByText('Woodlands Checkpoint').first()).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Offline: last updated \w{3}, \d{1,2} \w{3} \d{4}/ }),
  ).toBeVisible();
});
