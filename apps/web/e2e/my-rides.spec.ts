// The My Rides tab of /home: the log-in prompt for visitors, the empty text, and the three sections
// (Manage Route Order with Share Summary and the sequence panel; Rides You Organized with
// Share and Edit; Rides You Joined with Share and View Details) for an organiser and for a passenger,
// at desktop and phone widths. Rides and joins are made through the REST API from each user's own
// session; reordering itself is the sequence journey's subject.
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  memberAccount,
  readClipboard,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

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
  await expect(page).toHaveURL(/tab=my-rides/);
}

test.describe('My Rides', () => {
  test('asks a visitor to log in', async ({ newPage }) => {
    const page = await newPage();
    await openMyRides(page);
    await expect(page.getByRole('heading', { name: 'Log in to see your rides' })).toBeVisible();
    const login = page.getByRole('tabpanel').getByRole('link', { name: 'Login or Register Now' });
    await expect(login).toHaveAttribute('href', '/auth');
  });

  test("tells a member without rides that they haven't created or joined any yet", async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Nina Newcomer' }));
    await openMyRides(page);
    await expect(page.getByText("You haven't created or joined any rides yet.")).toBeVisible();
    await expect(page.getByRole('region', { name: 'Rides You Organized' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Rides You Joined' })).toHaveCount(0);
  });

  test('shows an organiser their sequence, organised and joined rides with their actions', async ({ signedInPage }) => {
    const { page: rex } = await signedInPage(memberAccount({ name: 'Rex Other' }));
    const rexRide = await createRideViaApi(rex, { direction: 'SG->FC', date: inDays(6), location: 'Yishun MRT' });

    const { page } = await signedInPage(memberAccount({ name: 'Olive Organiser' }));
    const homeward = await createRideViaApi(page, {
      direction: 'FC->SG',
      date: inDays(4),
      maxPassengers: 4,
      location: 'Tampines Mall',
    });
    const outbound = await createRideViaApi(page, { direction: 'SG->FC', date: inDays(5), location: 'Pasir Ris MRT' });
    await joinRideViaApi(page, rexRide, 'Sengkang MRT');

    const { page: jay } = await signedInPage(memberAccount({ name: 'Jay Joiner' }));
    await joinRideViaApi(jay, homeward, 'Bedok Interchange');

    await openMyRides(page);

    // 1. Manage Route Order: both of Olive's rides (pick-ups and drop-offs), with Share Summary and passengers.
    const sequence = section(page, 'Manage Route Order');
    await expect(sequence).toBeVisible();
    await expect.poll(async () => (await idsIn(sequence)).sort()).toEqual([homeward, outbound].sort());
    await expect(rideIn(sequence, outbound).getByText('Pick-up order')).toBeVisible();
    const homewardPanel = rideIn(sequence, homeward);
    await expect(homewardPanel).toContainText('Forest City to Singapore', { useInnerText: true });
    await expect(homewardPanel).toContainText('Passengers 2/4', { useInnerText: true });
    await expect(homewardPanel.getByText('Bedok Interchange')).toBeVisible();
    await expect(homewardPanel.getByText('Tampines Mall')).toBeVisible();
    await expect(homewardPanel.getByTestId('sequence-row')).toHaveCount(2);
    await expect(homewardPanel.getByRole('button', { name: 'Lock Sequence' })).toBeVisible();

    await homewardPanel.getByRole('button', { name: /^Share Summary/ }).click();
    await expect.poll(() => readClipboard(page)).toContain('RideShare: FC->SG');
    const summary = await readClipboard(page);
    expect(summary).toContain('Passengers: 2/4');
    expect(summary).toContain('Bedok Interchange');

    // 2. Rides You Organized: both of Olive's rides, each with Share and Edit.
    const organized = section(page, 'Rides You Organized');
    await expect.poll(async () => (await idsIn(organized)).sort()).toEqual([homeward, outbound].sort());
    for (const id of [homeward, outbound]) {
      const ride = rideIn(organized, id);
      await expect(ride.getByRole('button', { name: /^Share ride/ })).toHaveText('Share', { useInnerText: true });
      await expect(ride.getByRole('link', { name: /^Edit ride/ })).toHaveAttribute('href', `/rides/edit/${String(id)}`);
      await expect(ride.locator('[data-badge]')).toHaveText('Your Ride');
    }
    await rideIn(organized, outbound)
      .getByRole('button', { name: /^Share ride/ })
      .click();
    await expect.poll(() => readClipboard(page)).toContain('RideShare: SG->FC');

    // 3. Rides You Joined: Rex's ride, with Share and View Details.
    const joined = section(page, 'Rides You Joined');
    await expect.poll(() => idsIn(joined)).toEqual([rexRide]);
    const rexCard = rideIn(joined, rexRide);
    await expect(rexCard).toContainText('Organizer: Rex Other', { useInnerText: true });
    await expect(rexCard.getByRole('button', { name: /^Share ride/ })).toBeVisible();
    await expect(rexCard.getByRole('link', { name: /^Join ride/ })).toHaveCount(0);
    await expect(rexCard.locator('[data-badge]')).toHaveText('Joined');
    await screenshot(page, 'my-rides-organizer-desktop');

    await rideIn(organized, outbound)
      .getByRole('link', { name: /^Edit ride/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/rides/edit/${String(outbound)}$`));
    await page.goBack();
    await expect(page).toHaveURL(/tab=my-rides/);

    await rideIn(section(page, 'Rides You Joined'), rexRide)
      .getByRole('link', { name: /^View Details/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rexRide)}$`));
  });

  test('shows a passenger only the rides they joined, and fits a phone', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Priya Planner' }));
    const rideId = await createRideViaApi(organizer, { direction: 'FC->SG', date: inDays(7), location: 'Jurong East' });

    const { page } = await signedInPage(memberAccount({ name: 'Sam Seat' }), 'mobile');
    await joinRideViaApi(page, rideId, 'Clementi Mall', 2);
    await page.goto('/home?tab=my-rides');

    const joined = section(page, 'Rides You Joined');
    await expect(joined).toBeVisible();
    await expect.poll(() => idsIn(joined)).toEqual([rideId]);
    const ride = rideIn(joined, rideId);
    await expect(ride).toContainText('Passengers: 3/4', { useInnerText: true });
    await expect(ride.getByRole('link', { name: /^View Details/ })).toHaveAttribute('href', `/rides/${String(rideId)}`);
    await expect(section(page, 'Manage Route Order')).toHaveCount(0);
    await expect(section(page, 'Rides You Organized')).toHaveCount(0);
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'my-rides-passenger-mobile');
  });

  test('lays the organiser view out at 375px without sideways scrolling', async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Mobile Organiser With A Long Name' }), 'mobile');
    const rideId = await createRideViaApi(page, {
      direction: 'FC->SG',
      date: inDays(8),
      location: 'Block 123 Tampines Street 11, beside the multi-storey car park, level 1 lift lobby',
    });
    const { page: rider } = await signedInPage(memberAccount({ name: 'Rider Roo' }));
    await joinRideViaApi(rider, rideId, 'Changi Airport Terminal 3 Departure Hall');

    await page.goto('/home?tab=my-rides');
    const sequence = section(page, 'Manage Route Order');
    await expect(sequence.getByText('Changi Airport Terminal 3 Departure Hall')).toBeVisible();
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'my-rides-organizer-mobile');
  });
});
