// Reading a ride offline (docs/product.md#offline-rides): the organiser opens their ride at phone
// size once the service worker is in charge, the signal drops, and the reloaded page still shows
// the ride from the worker's kept copy, with the "last updated" line; another member's ride they
// looked at was not kept.
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

/** How many kept reads name ride `rideId` in their input. */
const keptReadsAbout = (page: Page, rideId: number) =>
  page.evaluate(async (id) => {
    const names = await caches.keys();
    const kept = names.find((name) => name.startsWith('rideshare-kept-reads'));
    if (!kept) return 0;
    const requests = await (await caches.open(kept)).keys();
    return requests.filter((request) => new URL(request.url).searchParams.get('input')?.includes(`:${String(id)}}`))
      .length;
  }, rideId);

let context: BrowserContext | undefined;

test.afterEach(async () => {
  await context?.close();
});

test('the service worker shows a ride the member organises while offline, with when it was last updated', async ({
  browser,
  signedInPage,
}) => {
  const { page: other } = await signedInPage(memberAccount({ name: 'Otto Other' }), 'mobile');
  const othersRideId = await createRideViaApi(other, { direction: 'SG->FC', location: 'Pasir Ris MRT' });

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
  // A ride the member is not on is read, but not kept.
  await page.goto(`/rides/${String(othersRideId)}`);
  await expect(page.getByText('Pasir Ris MRT').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Join This Ride' })).toBeVisible();
  await expect.poll(() => keptReadsAbout(page, othersRideId)).toBe(0);
  await expect.poll(() => keptReadsAbout(page, rideId)).toBeGreaterThan(0);
  await page.goto(`/rides/${String(rideId)}`);
  await expect(page.getByText('Woodlands Checkpoint').first()).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Forest City to Singapore', level: 1 })).toBeVisible();
  await expect(page.getByText('Woodlands Checkpoint').first()).toBeVisible();
  await expect(
    page.getByRole('status').filter({ hasText: /Offline: last updated \w{3}, \d{1,2} \w{3} \d{4}/ }),
  ).toBeVisible();
});
