// Live updates between two browsers (two contexts, two members): the organiser has the ride page
// open while another member joins it from their own browser; the organiser's page shows the new
// passenger and the seat count without a reload. Then the organiser cancels from the API and the
// member's open page shows the cancellation. Waits are bounded polls; no time is asserted.
import type { Page } from 'playwright-core';
import { describe, expect, it as vitestIt } from 'vitest';

import { createRideViaApi, JOURNEY_TIMEOUT_MS, setupJourneyBrowser, signedInPage } from './ride-details-fixtures';
import { field, memberAccount } from './support/browser';

const { newPage } = setupJourneyBrowser();
const it = (name: string, fn: () => Promise<void>) => vitestIt(name, fn, JOURNEY_TIMEOUT_MS);

const seats = (page: Page) => page.getByTestId('passenger-count');
const entries = (page: Page) => page.getByTestId('passenger-entry');

/** Marks the document, so a later check can tell the page was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { liveMarker?: string }).liveMarker = 'still here';
  });
}

async function notReloaded(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { liveMarker?: string }).liveMarker === 'still here');
}

/** Waits (bounded) until the page has its live stream open. */
async function streamOpen(page: Page): Promise<void> {
  await page.waitForResponse((response) => response.url().includes('/trpc/live.events'), { timeout: 20_000 });
}

describe('live updates', () => {
  it("a join in one browser appears on the organiser's open ride page without a reload", async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Olga Organizer' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      maxPassengers: 4,
      location: 'Pasir Ris MRT',
    });

    const opened = streamOpen(organizer);
    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await opened;
    await entries(organizer).first().waitFor();
    expect(await seats(organizer).innerText()).toBe('Passengers 1/4');
    expect(await entries(organizer).count()).toBe(1);
    await markDocument(organizer);

    // Another member, in another browser context, joins from the ride page.
    const { page: joiner } = await signedInPage(newPage, memberAccount({ name: 'Jonas Joiner' }));
    const joinerStream = streamOpen(joiner);
    await joiner.goto(`/rides/${String(rideId)}`);
    const card = joiner.getByRole('region', { name: 'Join This Ride' });
    await field(card, 'Number of Passengers').fill('2');
    await field(card, 'Pick-up Location').fill('Tampines Mall');
    await card.getByRole('button', { name: 'Join Ride' }).click();
    await joiner.getByRole('heading', { name: "You've Joined This Ride" }).waitFor();
    await joinerStream;

    // The organiser's page catches up by itself.
    await expect.poll(() => seats(organizer).innerText(), { timeout: 5_000, interval: 100 }).toBe('Passengers 3/4');
    await expect.poll(() => entries(organizer).count(), { timeout: 5_000, interval: 100 }).toBe(2);
    expect(await entries(organizer).nth(1).innerText()).toContain('Jonas Joiner');
    expect(await notReloaded(organizer)).toBe(true);

    // And the other way round: the organiser cancels; the member's open page shows it.
    await markDocument(joiner);
    const cancel = await organizer.request.post(`/api/rides/${String(rideId)}/cancel`, {
      data: { reason: 'The car broke down' },
    });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await joiner.getByRole('heading', { name: 'This Ride Was Cancelled' }).waitFor({ timeout: 5_000 });
    expect(await joiner.getByText('The car broke down').first().isVisible()).toBe(true);
    expect(await notReloaded(joiner)).toBe(true);
  });
});
