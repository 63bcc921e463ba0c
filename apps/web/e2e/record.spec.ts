// A record you can trust (docs/record.md): an organiser's first ride reads "New member" on the Ride
// Organizer card; the ride runs on trip day until its vendor posts `arrived`, which completes it (the
// trip stages follow the real clock: the ride departs moments ahead and `arrived` waits for its
// departure time, so nothing has to be moved into the past); a rider then gives the organiser a
// thumb up from the ride's Thumbs card, and the organiser card on the organiser's next ride shows the
// completed trip and the thumb; the organiser's own record holds the note back until a second rider
// has given a thumb, then shows both notes without who wrote them. At 1280 and 375 px. The rides depart
// within the next week, far below the 300–350-day rides other specs keep at the top of the list.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  clockReaches,
  createRideViaApi,
  inDays,
  joinRideViaApi,
  memberAccount,
  screenshot,
  toast,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** How far ahead the ride departs once everyone is signed in: the joins and the assignment fit in it. */
const DEPARTS_IN_MS = 25_000;

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
      const { page: organiser, user: organiserUser } = await signedInPage(
        memberAccount({ name: 'Rhea Record' }),
        viewport,
      );
      const { page: rider } = await signedInPage(memberAccount({ name: 'Ravi Rider' }), viewport);
      // A second rider on board, whose thumb makes two givers: only then do notes reach the organiser.
      const { page: secondRider } = await signedInPage(memberAccount({ name: 'Sara Second' }), viewport);
      const { page: vendor } = await signedInPage(vendorAccount({ name: 'Vera Vendor' }), viewport);
      // Everyone signed in first, the ride departs shortly by the real clock: inside the trip window,
      // time enough for the joins and the assignment, and the departure time (from which `arrived`
      // may be posted) comes soon after.
      const departure = Date.now() + DEPARTS_IN_MS;
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: new Date(departure).toISOString(),
        location: 'Jurong East MRT',
      });
      await joinRideViaApi(rider, rideId, 'Clementi MRT');
      await joinRideViaApi(secondRider, rideId, 'Dover MRT');
      await post(vendor, `/api/rides/${String(rideId)}/assign`);

      // Before any trip the organiser is a new member.
      await rider.goto(`/rides/${String(rideId)}`);
      await expect(organizerCard(rider).getByText('New member', { exact: true })).toBeVisible();

      // Trip day: once the departure time has come, the vendor posts `arrived`, which completes the
      // ride.
      await clockReaches(departure);
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

      // With a single giver the organiser's record counts the thumb but holds its note back: it
      // would point straight at who wrote it.
      await organiser.goto('/profile#record');
      const record = organiser.locator('#record');
      await expect(record.getByText('Thumbs up: 1')).toBeVisible();
      await expect(record.getByText('No notes yet.')).toBeVisible();
      await expect(record.getByText('Clear directions, left on time')).toHaveCount(0);

      // A second member's thumb: now the organiser reads both notes, without who left them.
      await post(secondRider, `/api/rides/${String(rideId)}/ratings`, {
        subjectId: organiserUser.id,
        value: 'down',
        note: 'Waited ten minutes at the pick-up',
      });
      await organiser.reload();
      await expect(record.getByText('Up: Clear directions, left on time')).toBeVisible();
      await expect(record.getByText('Down: Waited ten minutes at the pick-up')).toBeVisible();
      await expect(record.getByText('Ravi Rider')).toHaveCount(0);
      await expect(record.getByText('Sara Second')).toHaveCount(0);
      await record.scrollIntoViewIfNeeded();
      await screenshot(organiser, `record-profile-${viewport}`);
    });
  });
}
