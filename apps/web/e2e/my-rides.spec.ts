// The My Rides tab of /home: the log-in prompt for visitors, the empty text, and the three sections
// (Manage Drop-off Sequence with Share Summary and the sequence panel; Rides You Organized with
// Share and Edit; Rides You Joined with Share and View Details) for an organiser and for a passenger,
// at desktop and phone widths. Rides and joins are made through the REST API from each user's own
// session; reordering itself is the sequence journey's subject.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createRideViaApi, inDays, joinRideViaApi, readClipboard, signedInPage } from './ride-details-fixtures';
import { memberAccount, screenshot, setupBrowser } from './support/browser';

const { newPage } = setupBrowser();

const section = (page: Page, name: string): Locator => page.getByRole('region', { name });
const rideIn = (scope: Locator, rideId: number): Locator => scope.locator(`article[data-ride-id="${String(rideId)}"]`);
const idsIn = async (scope: Locator): Promise<number[]> =>
  (
    await scope
      .locator('article[data-ride-id]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-ride-id')))
  ).map(Number);

async function openMyRides(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('tab', { name: 'My Rides' }).click();
  await page.waitForURL(/tab=my-rides/);
}

describe('My Rides', () => {
  it('asks a visitor to log in', async () => {
    const page = await newPage();
    await openMyRides(page);
    await page.getByRole('heading', { name: 'Log in to see your rides' }).waitFor();
    const login = page.getByRole('tabpanel').getByRole('link', { name: 'Login or Register Now' });
    expect(await login.getAttribute('href')).toBe('/auth');
  });

  it("tells a member without rides that they haven't created or joined any yet", async () => {
    const { page } = await signedInPage(newPage, memberAccount({ name: 'Nina Newcomer' }));
    await openMyRides(page);
    await page.getByText("You haven't created or joined any rides yet.").waitFor();
    expect(await page.getByRole('region', { name: 'Rides You Organized' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Rides You Joined' }).count()).toBe(0);
  });

  it('shows an organiser their sequence, organised and joined rides with their actions', async () => {
    const { page: rex } = await signedInPage(newPage, memberAccount({ name: 'Rex Other' }));
    const rexRide = await createRideViaApi(rex, { direction: 'SG->FC', date: inDays(6), location: 'Yishun MRT' });

    const { page } = await signedInPage(newPage, memberAccount({ name: 'Olive Organiser' }));
    const homeward = await createRideViaApi(page, {
      direction: 'FC->SG',
      date: inDays(4),
      maxPassengers: 4,
      location: 'Tampines Mall',
    });
    const outbound = await createRideViaApi(page, { direction: 'SG->FC', date: inDays(5), location: 'Pasir Ris MRT' });
    await joinRideViaApi(page, rexRide, 'Sengkang MRT');

    const { page: jay } = await signedInPage(newPage, memberAccount({ name: 'Jay Joiner' }));
    await joinRideViaApi(jay, homeward, 'Bedok Interchange');

    await openMyRides(page);

    // 1. Manage Drop-off Sequence: only the FC->SG ride, with Share Summary and its passengers.
    const sequence = section(page, 'Manage Drop-off Sequence');
    await sequence.waitFor();
    expect(await idsIn(sequence)).toEqual([homeward]);
    const homewardPanel = rideIn(sequence, homeward);
    expect(await homewardPanel.innerText()).toContain('Forest City to Singapore');
    expect(await homewardPanel.innerText()).toContain('Passengers 2/4');
    await homewardPanel.getByText('Bedok Interchange').waitFor();
    expect(await homewardPanel.getByText('Tampines Mall').isVisible()).toBe(true);
    expect(await homewardPanel.getByTestId('sequence-row').count()).toBe(2);
    expect(await homewardPanel.getByRole('button', { name: 'Lock Sequence' }).isVisible()).toBe(true);

    await homewardPanel.getByRole('button', { name: /^Share Summary/ }).click();
    await expect.poll(() => readClipboard(page)).toContain('RideShare: FC->SG');
    const summary = await readClipboard(page);
    expect(summary).toContain('Passengers: 2/4');
    expect(summary).toContain('Bedok Interchange');

    // 2. Rides You Organized: both of Olive's rides, each with Share and Edit.
    const organized = section(page, 'Rides You Organized');
    expect((await idsIn(organized)).sort()).toEqual([homeward, outbound].sort());
    for (const id of [homeward, outbound]) {
      const ride = rideIn(organized, id);
      expect(await ride.getByRole('button', { name: /^Share ride/ }).innerText()).toBe('Share');
      expect(await ride.getByRole('link', { name: /^Edit ride/ }).getAttribute('href')).toBe(
        `/rides/edit/${String(id)}`,
      );
      expect(await ride.locator('[data-badge]').textContent()).toBe('Your Ride');
    }
    await rideIn(organized, outbound)
      .getByRole('button', { name: /^Share ride/ })
      .click();
    await expect.poll(() => readClipboard(page)).toContain('RideShare: SG->FC');

    // 3. Rides You Joined: Rex's ride, with Share and View Details.
    const joined = section(page, 'Rides You Joined');
    expect(await idsIn(joined)).toEqual([rexRide]);
    const rexCard = rideIn(joined, rexRide);
    expect(await rexCard.innerText()).toContain('Organizer: Rex Other');
    expect(await rexCard.getByRole('button', { name: /^Share ride/ }).isVisible()).toBe(true);
    expect(await rexCard.getByRole('link', { name: /^Join ride/ }).count()).toBe(0);
    expect(await rexCard.locator('[data-badge]').textContent()).toBe('Joined');
    await screenshot(page, 'my-rides-organizer-desktop');

    await rideIn(organized, outbound)
      .getByRole('link', { name: /^Edit ride/ })
      .click();
    await page.waitForURL(`**/rides/edit/${String(outbound)}`);
    await page.goBack();
    await page.waitForURL(/tab=my-rides/);

    await rideIn(section(page, 'Rides You Joined'), rexRide)
      .getByRole('link', { name: /^View Details/ })
      .click();
    await page.waitForURL(`**/rides/${String(rexRide)}`);
  });

  it('shows a passenger only the rides they joined, and fits a phone', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Priya Planner' }));
    const rideId = await createRideViaApi(organizer, { direction: 'FC->SG', date: inDays(7), location: 'Jurong East' });

    const { page } = await signedInPage(newPage, memberAccount({ name: 'Sam Seat' }), 'mobile');
    await joinRideViaApi(page, rideId, 'Clementi Mall', 2);
    await page.goto('/home?tab=my-rides');

    const joined = section(page, 'Rides You Joined');
    await joined.waitFor();
    expect(await idsIn(joined)).toEqual([rideId]);
    const ride = rideIn(joined, rideId);
    expect(await ride.innerText()).toContain('Passengers: 3/4');
    expect(await ride.getByRole('link', { name: /^View Details/ }).getAttribute('href')).toBe(
      `/rides/${String(rideId)}`,
    );
    expect(await section(page, 'Manage Drop-off Sequence').count()).toBe(0);
    expect(await section(page, 'Rides You Organized').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'my-rides-passenger-mobile');
  });

  it('lays the organiser view out at 375px without sideways scrolling', async () => {
    const { page } = await signedInPage(
      newPage,
      memberAccount({ name: 'Mobile Organiser With A Long Name' }),
      'mobile',
    );
    const rideId = await createRideViaApi(page, {
      direction: 'FC->SG',
      date: inDays(8),
      location: 'Block 123 Tampines Street 11, beside the multi-storey car park, level 1 lift lobby',
    });
    const { page: rider } = await signedInPage(newPage, memberAccount({ name: 'Rider Roo' }));
    await joinRideViaApi(rider, rideId, 'Changi Airport Terminal 3 Departure Hall');

    await page.goto('/home?tab=my-rides');
    const sequence = section(page, 'Manage Drop-off Sequence');
    await sequence.getByText('Changi Airport Terminal 3 Departure Hall').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'my-rides-organizer-mobile');
  });
});
