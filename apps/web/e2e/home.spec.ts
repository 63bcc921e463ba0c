// The rides list (/home, All Rides): stat cards, the visitor card, ride cards and their badges and
// actions for members and vendors, the time / direction / sort filters, paging, and the phone
// layout. Rides are made through POST /api/rides from their organisers' own sessions. A past ride
// cannot be created through the API, so past-ride dimming is covered by RideCard's component test.
//
// The database is shared with the other spec files, so rides here use far-future dates (the list
// sorted latest first then shows them at the top) or are told apart by their organiser's name.
import { weekWindow } from '@rideshare/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createRideViaApi, joinRideViaApi, signedInPage } from './ride-details-fixtures';
import { memberAccount, screenshot, setupBrowser, vendorAccount } from './support/browser';

const { newPage } = setupBrowser();

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A date far beyond anything the other journeys create, `offset` days on. Offsets grow down the
 * file's latest-first checks so each test's rides sort above those of the tests before it.
 */
// Far beyond the dates other spec files use (~2245; only the vendor spec goes later), so newest-first
// pages show these rides first whatever order the files run in.
const farFuture = (offset: number) => new Date(Date.now() + (80000 + offset) * DAY_MS).toISOString();

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);
const badgeOf = (cardLocator: Locator): Locator => cardLocator.locator('[data-badge]');
/** The badge's words as written (the badge shows them in capitals through CSS). */
const badgeText = (cardLocator: Locator): Promise<string | null> => badgeOf(cardLocator).textContent();
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
  await page.locator(`[data-testid="all-rides"][data-query="${query}"][data-settled="true"]`).waitFor();
}

const FILTER_KEYS = { Time: 'time', Direction: 'direction', Sort: 'sort' } as const;
const FILTER_DEFAULTS = { time: 'upcoming', direction: 'all', sort: 'dateAsc' } as const;

/** Chooses a filter value and waits until the list shows the server's answer for it. */
async function selectFilter(page: Page, label: keyof typeof FILTER_KEYS, value: string): Promise<void> {
  const key = FILTER_KEYS[label];
  await page.getByLabel(label, { exact: true }).selectOption(value);
  await page.waitForURL((url) => (url.searchParams.get(key) ?? FILTER_DEFAULTS[key]) === value);
  await waitForList(page);
}

async function statValue(page: Page, label: string): Promise<number> {
  const text = await page.getByRole('region', { name: label }).locator('[data-stat-value]').innerText();
  return Number(text.replace(/,/g, ''));
}

describe('/home for a visitor', () => {
  it('shows the stats, the community card and ride cards that open the ride', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Vera Visible' }));
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
    await community.waitFor();
    expect(await community.innerText()).toContain('Login to unlock full features and start sharing rides');
    for (const blurb of ['Create Rides', 'Join Existing Rides', 'Manage Your Trips']) {
      expect(await community.getByText(blurb, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Create New Ride' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'All Rides' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'My Rides' }).isVisible()).toBe(true);

    await page.getByRole('region', { name: 'Total Rides' }).locator('[data-stat-value]').waitFor();
    expect(await statValue(page, 'Total Rides')).toBeGreaterThanOrEqual(1);
    expect(await statValue(page, 'Total Users')).toBeGreaterThanOrEqual(1);

    const ride = card(page, rideId);
    await ride.waitFor();
    const text = await ride.innerText();
    expect(text).toContain('Singapore to Forest City');
    expect(text).toContain('SG → FC');
    expect(text).toContain('Organizer: Vera Visible');
    expect(text).toContain('Passengers: 2/4');
    expect(text).toContain('SGD 40 per person'); // 80 / 2 on board
    expect(await badgeText(ride)).toBe('Join');
    expect(await ride.getAttribute('data-past')).toBe('false');
    expect(await joinLink(ride).getAttribute('href')).toBe(`/rides/${String(rideId)}/join`);
    await screenshot(page, 'home-visitor-desktop');

    await community.getByRole('link', { name: 'Login or Register Now' }).click();
    await page.waitForURL('**/auth');
    await page.goBack();

    // Anywhere on the card (not only its title) opens the ride: here its top-left corner.
    await card(page, rideId).click({ position: { x: 6, y: 6 } });
    await page.waitForURL(`**/rides/${String(rideId)}`);
  });
});

describe('/home for members', () => {
  it('shows Create New Ride and the right badge and join action on each card', async () => {
    const { page: other } = await signedInPage(newPage, memberAccount({ name: 'Otto Other' }));
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

    const { page } = await signedInPage(newPage, memberAccount({ name: 'Mona Member' }));
    const ownRide = await createRideViaApi(page, { direction: 'SG->FC', date: farFuture(13), location: 'Woodlands' });
    await joinRideViaApi(page, joinedRide, 'Tampines Hub');

    await page.goto('/home?sort=dateDesc');
    await waitForList(page);
    const create = page.getByRole('link', { name: 'Create New Ride' });
    await create.waitFor();
    expect(await create.getAttribute('href')).toBe('/rides/create');
    expect(await page.getByRole('region', { name: 'Join RideShare Community' }).count()).toBe(0);

    await card(page, ownRide).waitFor();
    expect(await badgeText(card(page, ownRide))).toBe('Your Ride');
    expect(await joinLink(card(page, ownRide)).count()).toBe(0);

    expect(await badgeText(card(page, fullRide))).toBe('Full');
    expect(await joinLink(card(page, fullRide)).count()).toBe(0);

    expect(await badgeText(card(page, joinedRide))).toBe('Joined');
    expect(await joinLink(card(page, joinedRide)).count()).toBe(0);
    expect(await card(page, joinedRide).innerText()).toContain('Passengers: 2/4');

    const open = card(page, openRide);
    expect(await badgeText(open)).toBe('Join');
    expect(await open.innerText()).toContain('Forest City to Singapore');
    expect(await open.innerText()).toContain('Organizer: Otto Other');
    expect(await open.getByRole('link', { name: /^Assign ride/ }).count()).toBe(0);
    await joinLink(open).click();
    await page.waitForURL(`**/rides/${String(openRide)}/join`);
  });

  it('filters by time and direction, sorts both ways and sends the choice to the server', async () => {
    const { page } = await signedInPage(newPage, memberAccount({ name: 'Felix Filter' }));
    const later = await createRideViaApi(page, { direction: 'FC->SG', date: farFuture(21), location: 'Punggol' });
    const latest = await createRideViaApi(page, { direction: 'SG->FC', date: farFuture(22), location: 'Bishan' });
    // Inside this Sunday-to-Sunday week (Singapore time), yet still ahead.
    const week = weekWindow(new Date());
    const soon = new Date(Math.min(Date.now() + 60 * 60 * 1000, (Date.now() + week.end.getTime()) / 2)).toISOString();
    const thisWeek = await createRideViaApi(page, { direction: 'SG->FC', date: soon, location: 'Clementi' });

    await page.goto('/home');
    await page.getByLabel('Time', { exact: true }).waitFor();
    expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('upcoming');
    expect(await page.getByLabel('Direction', { exact: true }).inputValue()).toBe('all');
    expect(await page.getByLabel('Sort', { exact: true }).inputValue()).toBe('dateAsc');

    await selectFilter(page, 'Sort', 'dateDesc');
    await card(page, latest).waitFor();
    let ids = await listedIds(page);
    expect(ids.indexOf(latest)).toBeLessThan(ids.indexOf(later));

    await selectFilter(page, 'Direction', 'FC->SG');
    await card(page, latest).waitFor({ state: 'detached' });
    await card(page, later).waitFor();
    const directions = await page
      .locator('article[data-ride-id]')
      .evaluateAll((nodes) => nodes.map((node) => node.querySelector('a')?.textContent));
    expect(new Set(directions)).toEqual(new Set(['Forest City to Singapore']));

    // Earliest first, so this week's ride (an hour away at most) is on the first page.
    await selectFilter(page, 'Direction', 'all');
    await selectFilter(page, 'Sort', 'dateAsc');
    await selectFilter(page, 'Time', 'thisWeek');
    await card(page, thisWeek).waitFor();
    expect(await card(page, latest).count()).toBe(0);
    expect(await card(page, later).count()).toBe(0);

    await selectFilter(page, 'Time', 'all');
    await card(page, thisWeek).waitFor();
    ids = await listedIds(page);
    expect(ids).toContain(thisWeek);
    if (ids.includes(latest)) expect(ids.indexOf(thisWeek)).toBeLessThan(ids.indexOf(latest));

    // The filters live in the address, so a reload keeps them.
    await selectFilter(page, 'Direction', 'SG->FC');
    await page.reload();
    await page.getByLabel('Direction', { exact: true }).waitFor();
    expect(await page.getByLabel('Direction', { exact: true }).inputValue()).toBe('SG->FC');
  });

  it('pages through the list, with the total', async () => {
    const { page } = await signedInPage(newPage, memberAccount({ name: 'Paula Pager' }));
    for (let i = 0; i < 13; i += 1) {
      await createRideViaApi(page, { direction: 'FC->SG', date: farFuture(100 + i), location: `Stop ${String(i)}` });
    }
    await page.goto('/home?time=all');
    const count = page.getByTestId('rides-count');
    await count.waitFor();
    const total = Number(/of (\d+) rides/.exec(await count.innerText())?.[1]);
    expect(total).toBeGreaterThanOrEqual(13);
    expect(await count.innerText()).toBe(`Showing 1–12 of ${String(total)} rides`);
    const firstPage = await listedIds(page);
    expect(firstPage).toHaveLength(12);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await waitForList(page);
    await page.getByText(new RegExp(`^Showing 13–\\d+ of ${String(total)} rides$`)).waitFor();
    const secondPage = await listedIds(page);
    expect(secondPage.some((id) => firstPage.includes(id))).toBe(false);
  });
});

describe('/home for vendors', () => {
  it('offers an assign link to the vendor dashboard and no Create New Ride', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Ada Assignable' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(500),
      location: 'Jurong East',
    });

    const { page } = await signedInPage(newPage, vendorAccount());
    await page.goto('/home?sort=dateDesc');
    const ride = card(page, rideId);
    await ride.waitFor();
    expect(await page.getByRole('link', { name: 'Create New Ride' }).count()).toBe(0);
    const assign = ride.getByRole('link', { name: /^Assign ride/ });
    expect(await assign.innerText()).toBe('Assign Ride');
    expect(await assign.getAttribute('href')).toBe(`/vendor?rideId=${String(rideId)}`);
    await screenshot(page, 'home-vendor-desktop');
    await assign.click();
    await page.waitForURL(`**/vendor?rideId=${String(rideId)}`);
  });
});

describe('/home on a phone', () => {
  it('fits 375px without sideways scrolling, for a visitor and a member', async () => {
    const page = await newPage({ viewport: 'mobile' });
    await page.goto('/home');
    await page.getByRole('region', { name: 'Join RideShare Community' }).waitFor();
    await page.locator('article[data-ride-id], :text("No rides available at the moment.")').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(page, 'home-visitor-mobile');

    const { page: member } = await signedInPage(newPage, memberAccount({ name: 'Phoebe Phone' }), 'mobile');
    await member.goto('/home');
    await member.getByRole('link', { name: 'Create New Ride' }).waitFor();
    await member.locator('article[data-ride-id]').first().waitFor();
    expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await screenshot(member, 'home-member-mobile');
  });
});
