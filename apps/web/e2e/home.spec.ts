// The rides list (/home, All Rides): stat cards, the visitor card, ride cards and their badges and
// actions for members and vendors, the time / direction / sort filters, paging, and the phone
// layout. Rides are made through POST /api/rides from their organisers' own sessions. A past ride
// cannot be created through the API, so past-ride dimming is covered by RideCard's component test.
//
// The database is shared with the other spec files, so rides here use far-future dates (the list
// sorted latest first then shows them at the top) or are told apart by their organiser's name. The
// vendor spec also needs the top of that list: playwright.config.ts runs the two files one after
// the other ('rides-list'), while the other files, whose rides are all dated earlier, run beside them.
import { weekWindow } from '@rideshare/domain';
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import {
  createRideViaApi,
  joinRideViaApi,
  memberAccount,
  screenshot,
  sidewaysOverflow,
  vendorAccount,
} from './support/helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A date far beyond anything the other journeys create, `offset` days on. Offsets grow down the
 * file's latest-first checks so each test's rides sort above those of the tests before it.
 */
// Far beyond the dates other spec files use (~2245; only the vendor spec goes later), so newest-first
// pages show these rides first whatever order the files run in.
// Rides may be at most a year ahead: these sit 300 to 306 days out, later than every other journey's
// rides but vendor.spec.ts's (and series-list.spec.ts's, which deletes its own).
const farFuture = (offset: number) => new Date(Date.now() + (300 + offset / 100) * DAY_MS).toISOString();

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);
/** The card's badge; its text is the words as written (the badge shows them in capitals through CSS). */
const badgeOf = (cardLocator: Locator): Locator => cardLocator.locator('[data-badge]');
const joinLink = (cardLocator: Locator): Locator => cardLocator.getByRole('link', { name: /^Join ride/ });
const listedIds = async (page: Page): Promise<number[]> =>
  (
    await page
      .locator('article[data-ride-id]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-ride-id')))
  ).map(Number);

/** Waits until the list on screen is the server's final answer for the filters in the address. */
async function waitForList(page: Page): Promise<void> {
  const url = new URL(page.url());
  const get = (key: string, fallback: string) => url.searchParams.get(key) ?? fallback;
  const query = [get('time', 'upcoming'), get('direction', 'all'), get('sort', 'dateAsc'), get('page', '1')].join(' ');
  await expect(page.locator(`[data-testid="all-rides"][data-query="${query}"][data-settled="true"]`)).toBeVisible();
}

const FILTER_KEYS = { Time: 'time', Direction: 'direction', Sort: 'sort' } as const;
const FILTER_DEFAULTS = { time: 'upcoming', direction: 'all', sort: 'dateAsc' } as const;

/** Chooses a filter value and waits until the list shows the server's answer for it. */
async function selectFilter(page: Page, label: keyof typeof FILTER_KEYS, value: string): Promise<void> {
  const key = FILTER_KEYS[label];
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await expect(page).toHaveURL((url) => (url.searchParams.get(key) ?? FILTER_DEFAULTS[key]) === value);
  await waitForList(page);
}

const statValue = (page: Page, label: string): Locator =>
  page.getByRole('region', { name: label }).locator('[data-stat-value]');
/** Of `ids`, those the list shows, in its order. */
const listedOf = async (page: Page, ids: number[]): Promise<number[]> =>
  (await listedIds(page)).filter((id) => ids.includes(id));

test.describe('/home for a visitor', () => {
  test('shows the stats, the community card and ride cards that open the ride', async ({ newPage, signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Vera Visible' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(0),
      maxPassengers: 4,
      organizerPassengerCount: 2,
      location: 'Pasir Ris MRT',
    });

    const page = await newPage();
    await page.goto('/home?sort=dateDesc&time=all');
    const community = page.getByRole('region', { name: 'Join RideShare Community' });
    await expect(community).toBeVisible();
    await expect(community).toContainText('Login to unlock full features and start sharing rides', {
      useInnerText: true,
    });
    for (const blurb of ['Create Rides', 'Join Existing Rides', 'Manage Your Trips']) {
      await expect(community.getByText(blurb, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Create New Ride' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'All Rides' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'My Rides' })).toBeVisible();

    // At least one of each.
    await expect(statValue(page, 'Total Rides')).toHaveText(/^[1-9][\d,]*$/);
    await expect(statValue(page, 'Total Users')).toHaveText(/^[1-9][\d,]*$/);

    const ride = card(page, rideId);
    // 80 / 2 on board: about SGD 40 each now, 80 / 4 if full.
    for (const text of [
      'Singapore to Forest City',
      'SG → FC',
      'Organizer: Vera Visible',
      'Passengers: 2/4',
      'Price: about SGD 40.00 each now, SGD 20.00 if full',
    ]) {
      await expect(ride).toContainText(text, { useInnerText: true });
    }
    await expect(badgeOf(ride)).toHaveText('Join');
    await expect(ride).toHaveAttribute('data-past', 'false');
    await expect(joinLink(ride)).toHaveAttribute('href', `/rides/${String(rideId)}/join`);
    await screenshot(page, 'home-visitor-desktop');

    await community.getByRole('link', { name: 'Login or Register Now' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goBack();

    // Anywhere on the card (not only its title) opens the ride: here its top-left corner.
    await card(page, rideId).click({ position: { x: 6, y: 6 } });
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rideId)}$`));
  });
});

test.describe('/home for members', () => {
  test('shows Create New Ride and the right badge and join action on each card', async ({ signedInPage }) => {
    const { page: other } = await signedInPage(memberAccount({ name: 'Otto Other' }));
    const openRide = await createRideViaApi(other, { direction: 'FC->SG', date: farFuture(10), location: 'Bedok' });
    const fullRide = await createRideViaApi(other, {
      direction: 'SG->FC',
      date: farFuture(11),
      maxPassengers: 2,
      organizerPassengerCount: 2,
      location: 'Yishun',
    });
    const joinedRide = await createRideViaApi(other, {
      direction: 'SG->FC',
      date: farFuture(12),
      location: 'Tampines',
    });

    const { page } = await signedInPage(memberAccount({ name: 'Mona Member' }));
    const ownRide = await createRideViaApi(page, { direction: 'SG->FC', date: farFuture(13), location: 'Woodlands' });
    await joinRideViaApi(page, joinedRide, 'Tampines Hub');

    await page.goto('/home?sort=dateDesc');
    await waitForList(page);
    const create = page.getByRole('link', { name: 'Create New Ride' });
    await expect(create).toBeVisible();
    await expect(create).toHaveAttribute('href', '/rides/create');
    await expect(page.getByRole('region', { name: 'Join RideShare Community' })).toHaveCount(0);

    await expect(card(page, ownRide)).toBeVisible();
    await expect(badgeOf(card(page, ownRide))).toHaveText('Your Ride');
    await expect(joinLink(card(page, ownRide))).toHaveCount(0);

    await expect(badgeOf(card(page, fullRide))).toHaveText('Full');
    await expect(joinLink(card(page, fullRide))).toHaveCount(0);

    await expect(badgeOf(card(page, joinedRide))).toHaveText('Joined');
    await expect(joinLink(card(page, joinedRide))).toHaveCount(0);
    await expect(card(page, joinedRide)).toContainText('Passengers: 2/4', { useInnerText: true });

    const open = card(page, openRide);
    await expect(badgeOf(open)).toHaveText('Join');
    await expect(open).toContainText('Forest City to Singapore', { useInnerText: true });
    await expect(open).toContainText('Organizer: Otto Other', { useInnerText: true });
    await expect(open.getByRole('link', { name: /^Assign ride/ })).toHaveCount(0);
    await joinLink(open).click();
    await expect(page).toHaveURL(new RegExp(`/rides/${String(openRide)}/join$`));
  });

  test('filters by time and direction, sorts both ways and sends the choice to the server', async ({
    signedInPage,
  }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Felix Filter' }));
    const later = await createRideViaApi(page, { direction: 'FC->SG', date: farFuture(21), location: 'Punggol' });
    const latest = await createRideViaApi(page, { direction: 'SG->FC', date: farFuture(22), location: 'Bishan' });
    // Inside this Sunday-to-Sunday week (Singapore time), yet still ahead.
    const week = weekWindow(new Date());
    const soon = new Date(Math.min(Date.now() + 60 * 60 * 1000, (Date.now() + week.end.getTime()) / 2)).toISOString();
    const thisWeek = await createRideViaApi(page, { direction: 'SG->FC', date: soon, location: 'Clementi' });

    await page.goto('/home');
    await expect(page.getByLabel('Time', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Time', { exact: true })).toHaveValue('upcoming');
    await expect(page.getByLabel('Direction', { exact: true })).toHaveValue('all');
    await expect(page.getByLabel('Sort', { exact: true })).toHaveValue('dateAsc');

    await selectFilter(page, 'Sort', 'dateDesc');
    await expect(card(page, latest)).toBeVisible();
    await expect.poll(() => listedOf(page, [latest, later])).toEqual([latest, later]);

    await selectFilter(page, 'Direction', 'FC->SG');
    await expect(card(page, latest)).toHaveCount(0);
    await expect(card(page, later)).toBeVisible();
    await expect(page.locator('article[data-ride-id]').filter({ hasNotText: 'Forest City to Singapore' })).toHaveCount(
      0,
    );

    // Earliest first, so this week's ride (an hour away at most) is on the first page.
    await selectFilter(page, 'Direction', 'all');
    await selectFilter(page, 'Sort', 'dateAsc');
    await selectFilter(page, 'Time', 'thisWeek');
    await expect(card(page, thisWeek)).toBeVisible();
    await expect(card(page, latest)).toHaveCount(0);
    await expect(card(page, later)).toHaveCount(0);

    await selectFilter(page, 'Time', 'all');
    await expect(card(page, thisWeek)).toBeVisible();
    // Earliest first: this week's ride comes before the far-future one (if that is on this page at all).
    await expect.poll(async () => (await listedOf(page, [thisWeek, latest]))[0]).toBe(thisWeek);

    // The filters live in the address, so a reload keeps them.
    await selectFilter(page, 'Direction', 'SG->FC');
    await page.reload();
    await expect(page.getByLabel('Direction', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Direction', { exact: true })).toHaveValue('SG->FC');
  });

  test('pages through the list, with the total', async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Paula Pager' }));
    for (let i = 0; i < 13; i += 1) {
      await createRideViaApi(page, { direction: 'FC->SG', date: farFuture(100 + i), location: `Stop ${String(i)}` });
    }
    // Newest first: the top two pages hold only far-future rides, which no other file running beside
    // this one creates, so nothing moves between the two pages while the test reads them.
    await page.goto('/home?time=all&sort=dateDesc');
    await waitForList(page);
    const count = page.getByTestId('rides-count');
    await expect(count).toHaveText(/^Showing 1–12 of \d+ rides$/);
    const total = Number(/of (\d+) rides/.exec(await count.innerText())?.[1]);
    expect(total).toBeGreaterThanOrEqual(13);
    await expect(page.locator('article[data-ride-id]')).toHaveCount(12);
    const firstPage = await listedIds(page);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await waitForList(page);
    // Rides other files create meanwhile count towards the total.
    await expect(count).toHaveText(/^Showing 13–\d+ of \d+ rides$/);
    expect(Number(/of (\d+) rides/.exec(await count.innerText())?.[1])).toBeGreaterThanOrEqual(total);
    await expect(page.locator('article[data-ride-id]').first()).toBeVisible();
    const secondPage = await listedIds(page);
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);
  });
});

test.describe('/home for vendors', () => {
  test('offers an assign link to the vendor dashboard and no Create New Ride', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Ada Assignable' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(500),
      location: 'Jurong East',
    });

    const { page } = await signedInPage(vendorAccount());
    await page.goto('/home?sort=dateDesc');
    const ride = card(page, rideId);
    await expect(ride).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create New Ride' })).toHaveCount(0);
    const assign = ride.getByRole('link', { name: /^Assign ride/ });
    await expect(assign).toHaveText('Assign Ride', { useInnerText: true });
    await expect(assign).toHaveAttribute('href', `/vendor?rideId=${String(rideId)}`);
    await screenshot(page, 'home-vendor-desktop');
    await assign.click();
    await expect(page).toHaveURL(new RegExp(`/vendor\\?rideId=${String(rideId)}$`));
  });
});

test.describe('/home on a phone', () => {
  test('fits 375px without sideways scrolling, for a visitor and a member', async ({ newPage, signedInPage }) => {
    const page = await newPage({ viewport: 'mobile' });
    await page.goto('/home');
    await expect(page.getByRole('region', { name: 'Join RideShare Community' })).toBeVisible();
    await expect(
      page.locator('article[data-ride-id], :text("No rides available at the moment.")').first(),
    ).toBeVisible();
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'home-visitor-mobile');

    const { page: member } = await signedInPage(memberAccount({ name: 'Phoebe Phone' }), 'mobile');
    await member.goto('/home');
    await expect(member.getByRole('link', { name: 'Create New Ride' })).toBeVisible();
    await expect(member.locator('article[data-ride-id]').first()).toBeVisible();
    await expect.poll(() => sidewaysOverflow(member)).toBeLessThanOrEqual(0);
    await screenshot(member, 'home-member-mobile');
  });
});
