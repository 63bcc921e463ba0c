// Kept reads are per member (docs/product.md#offline-rides): A, the organiser, opens their ride's
// passenger list (with a passenger's number) once the service worker is in charge; B signs in on the
// same browser without A logging out and opens the same ride; the signal drops and B reloads: B's
// page shows none of what was kept for A (B is not on the ride, so nothing of it is kept for B
// either), and no copy of A's answers is left in the browser.
import type { BrowserContext, Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test, VIEWPORTS } from './support/fixtures';
import { createRideViaApi, inDays, memberAccount, registerViaApi } from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const PASSENGER_DIGITS = '6593337777';

/** Whether the page is controlled by the app's service worker. */
const controlled = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller !== null);

/** Every kept-reads cache's name with whether any answer in it carries `text`. */
const keptCaches = (page: Page, text: string) =>
  page.evaluate(async (needle) => {
    const found: { name: string; carries: boolean }[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith('rideshare-kept-reads')) continue;
      const cache = await caches.open(name);
      let carries = false;
      for (const request of await cache.keys()) {
        const answer = await cache.match(request);
        if (answer && (await answer.text()).replace(/\D/g, '').includes(needle)) carries = true;
      }
      found.push({ name, carries });
    }
    return found;
  }, text);

/** How many answers the cache `name` keeps. */
const keptReadsCount = (page: Page, name: string) =>
  page.evaluate(
    async (cacheName) => ((await caches.has(cacheName)) ? (await (await caches.open(cacheName)).keys()).length : 0),
    name,
  );

let context: BrowserContext | undefined;

test.afterEach(async () => {
  await context?.close();
});

test("a member signing in after another on the same browser never reads the other's kept answers offline", async ({
  browser,
  signedInPage,
}) => {
  context = await browser.newContext({ viewport: VIEWPORTS.mobile, serviceWorkers: 'allow' });
  const page = await context.newPage();
  const alice = await registerViaApi(page, memberAccount({ name: 'Alice Organiser' }));
  const rideId = await createRideViaApi(page, {
    direction: 'FC->SG',
    location: 'Woodlands Checkpoint',
    date: inDays(5),
  });
  const { page: rider } = await signedInPage(memberAccount({ name: 'Pia Passenger', whatsappNumber: '+65 9333 7777' }));
  const joined = await rider.request.post(`/api/rides/${String(rideId)}/join`, {
    data: { dropoffLocation: 'Tampines Hub', passengerCount: 1 },
  });
  expect(joined.status(), await joined.text()).toBe(201);

  // A reads the passenger list through the worker, which keeps it for A.
  const passengersUrl = `/rides/${String(rideId)}?tab=passengers`;
  await page.goto(passengersUrl);
  await expect(page.getByText('Pia Passenger').first()).toBeVisible();
  await expect.poll(() => controlled(page), { timeout: 60_000 }).toBe(true);
  await page.reload();
  await expect(page.getByText('Pia Passenger').first()).toBeVisible();
  await expect
    .poll(() => keptCaches(page, PASSENGER_DIGITS))
    .toEqual([{ name: `rideshare-kept-reads-v2-u${String(alice.id)}`, carries: true }]);

  // B signs in on the same browser (no Logout) and opens the same ride.
  const bob = await registerViaApi(page, memberAccount({ name: 'Bob Browser' }));
  await page.goto(passengersUrl);
  await expect(page.getByRole('region', { name: 'Join This Ride' })).toBeVisible();
  await expect(page.getByText('Pia Passenger').first()).toBeVisible();
  await expect
    .poll(async () => (await keptCaches(page, PASSENGER_DIGITS)).map((cache) => cache.name))
    .toEqual([`rideshare-kept-reads-v2-u${String(bob.id)}`]);
  expect((await keptCaches(page, PASSENGER_DIGITS)).some((cache) => cache.carries)).toBe(false);
  // B is not on the ride: nothing of it is kept for B either.
  await expect.poll(() => keptReadsCount(page, `rideshare-kept-reads-v2-u${String(bob.id)}`)).toBe(0);

  // Offline, B's page shows nothing kept for A: not A's view of the ride, not the passenger's number.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'Could not load this ride' })).toBeVisible();
  await expect(page.getByText(/Offline: last updated/)).toHaveCount(0);
  const html = (await page.content()).replace(/\D/g, '');
  expect(html).not.toContain(PASSENGER_DIGITS);
  await expect(page.locator(`a[href*="${PASSENGER_DIGITS}"]`)).toHaveCount(0);
  const cachesNow = await keptCaches(page, PASSENGER_DIGITS);
  expect(cachesNow.map((cache) => cache.name)).not.toContain(`rideshare-kept-reads-v2-u${String(alice.id)}`);
});
