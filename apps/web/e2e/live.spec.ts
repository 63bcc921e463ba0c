// Live updates between two browsers (two contexts, two members): the organiser has the ride page
// open while another member joins it from their own browser; the organiser's page shows the new
// passenger and the seat count without a reload. Then the organiser cancels from the API and the
// member's open page shows the cancellation. The app never polls, so only the live stream can bring
// these changes; the checks retry until their timeout, and no time is asserted.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import { createRideViaApi, field, markDocument, memberAccount, notReloaded } from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const seats = (page: Page) => page.getByTestId('passenger-count');
const entries = (page: Page) => page.getByTestId('passenger-entry');

/** Waits (bounded) until the page has its live stream open. */
async function streamOpen(page: Page): Promise<void> {
  await page.waitForResponse((response) => response.url().includes('/trpc/live.events'), { timeout: 20_000 });
}

test.describe('live updates', () => {
  test("a join in one browser appears on the organiser's open ride page without a reload", async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Olga Organizer' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      maxPassengers: 4,
      location: 'Pasir Ris MRT',
    });

    const opened = streamOpen(organizer);
    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await opened;
    await expect(entries(organizer).first()).toBeVisible();
    await expect(seats(organizer)).toHaveText('Passengers 1/4', { useInnerText: true });
    await expect(entries(organizer)).toHaveCount(1);
    await markDocument(organizer);

    // Another member, in another browser context, joins from the ride page.
    const { page: joiner } = await signedInPage(memberAccount({ name: 'Jonas Joiner' }));
    const joinerStream = streamOpen(joiner);
    await joiner.goto(`/rides/${String(rideId)}`);
    const card = joiner.getByRole('region', { name: 'Join This Ride' });
    await field(card, 'Number of Passengers').fill('2');
    await field(card, 'Pick-up Location').fill('Tampines Mall');
    await card.getByRole('button', { name: 'Join Ride' }).click();
    await expect(joiner.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();
    await joinerStream;

    // The organiser's page catches up by itself.
    await expect(seats(organizer)).toHaveText('Passengers 3/4', { useInnerText: true });
    await expect(entries(organizer)).toHaveCount(2);
    await expect(entries(organizer).nth(1)).toContainText('Jonas Joiner', { useInnerText: true });
    expect(await notReloaded(organizer)).toBe(true);

    // And the other way round: the organiser cancels; the member's open page shows it.
    await markDocument(joiner);
    const cancel = await organizer.request.post(`/api/rides/${String(rideId)}/cancel`, {
      data: { reason: 'The car broke down' },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await expect(joiner.getByRole('heading', { name: 'This Ride Was Cancelled' })).toBeVisible();
    await expect(joiner.getByText('The car broke down').first()).toBeVisible();
    expect(await notReloaded(joiner)).toBe(true);
  });
});
