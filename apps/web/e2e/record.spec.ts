// A record you can trust (docs/record.md): an organiser's first ride reads "New member" on the Ride
// Organizer card; the ride runs on trip day until its vendor posts `arrived`, which completes it (a
// ride an hour ahead is inside the trip window, so nothing has to be moved into the past); a rider
// then gives the organiser a thumb up from the ride's Thumbs card, and the organiser card on the
// organiser's next ride shows the completed trip and the thumb. At 1280 and 375 px. The rides depart
// within the next week, far below the 300–350-day rides other specs keep at the top of the list.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  memberAccount,
  screenshot,
  toast,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const HOUR_MS = 3_600_000;

function organizerCard(page: Page) {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Ride Organizer', exact: true }) });
}

async function post(page: Page, path: string, data?: unknown): Promise<void> {
  const response = await page.request.post(path, data === undefined ? {} : { data });
  expect(response.status(), await response.text()).toBeLessThan(300);
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`record (${viewport})`, () => {
    test('a rider thumbs the organiser up after a completed ride; the next ride shows it', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Rhea Record' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: new Date(Date.now() + HOUR_MS).toISOString(),
        location: 'Jurong East MRT',
      });
      const { page: rider } = await signedInPage(memberAccount({ name: 'Ravi Rider' }), viewport);
      await joinRideViaApi(rider, rideId, 'Clementi MRT');
      const { page: vendor } = await signedInPage(vendorAccount({ name: 'Vera Vendor' }), viewport);
      await post(vendor, `/api/rides/${String(rideId)}/assign`);

      // Before any trip the organiser is a new member.
      await rider.goto(`/rides/${String(rideId)}`);
      await expect(organizerCard(rider).getByText('New member', { exact: true })).toBeVisible();

      // Trip day: the vendor posts `arrived`, which completes the ride.
      await post(vendor, `/api/rides/${String(rideId)}/trip/stage`, { stage: 'arrived' });

      await rider.reload();
      const thumbs = rider.locator('section', { has: rider.getByRole('heading', { name: 'Thumbs', exact: true }) });
      await expect(thumbs.getByText('Rhea Record', { exact: true })).toBeVisible();
      await thumbs.getByRole('button', { name: 'Thumb up for Rhea Record' }).click();
      await thumbs.getByLabel('Note for Rhea Record (optional)').fill('Clear directions, left on time');
      await thumbs.getByRole('button', { name: 'Save thumb for Rhea Record' }).click();
      await expect(toast(rider, 'Thumb up saved')).toBeVisible();
      await expect(thumbs.getByRole('button', { name: 'Change thumb for Rhea Record' })).toBeVisible();
      await expect(thumbs.getByRole('button', { name: 'Thumb up for Rhea Record' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await thumbs.scrollIntoViewIfNeeded();
      await screenshot(rider, `record-thumbs-${viewport}`);
      await expectAccessible(rider, `the completed ride's Thumbs card (${viewport})`);

      // The organiser's next ride: its organiser card shows the completed trip and the thumb.
      const nextId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(6),
        location: 'Jurong East MRT',
      });
      await rider.goto(`/rides/${String(nextId)}`);
      const card = organizerCard(rider);
      await expect(card.getByTestId('member-record')).toHaveText('1 trip completed · 1 thumb up · 0 thumbs down');
      await card.scrollIntoViewIfNeeded();
      await screenshot(rider, `record-organizer-card-${viewport}`);

      // The organiser reads the note on their own record, without who left it.
      await organiser.goto('/profile#record');
      const record = organiser.locator('#record');
      await expect(record.getByText('Up: Clear directions, left on time')).toBeVisible();
      await expect(record.getByText('Ravi Rider')).toHaveCount(0);
      await record.scrollIntoViewIfNeeded();
      await screenshot(organiser, `record-profile-${viewport}`);
    });
  });
}
