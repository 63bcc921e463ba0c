// The vendor dashboard (/vendor): a vendor takes a ride from Available Rides and finds it under My
// Rides while the ride itself reads 'Driver Assigned'; an assign link from the rides list opens the
// dashboard at that ride with its button focused; a ride someone else took is refused under 'Error';
// members who are not vendors are told the dashboard is not for them.
//
// Rides are made through POST /api/rides from their organisers' own sessions. Available Rides lists
// every open ride of the shared database, so cards are found by their ride id.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import { createRideViaApi, joinRideViaApi, signedInPage } from './ride-details-fixtures';
import { holdLiveUpdates, memberAccount, screenshot, setupBrowser, toast, vendorAccount } from './support/browser';

const { newPage } = setupBrowser();

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates well past what the other journeys use, so these rides top a latest-first list. */
// Later than every other spec file's rides (~2270), so the newest-first list shows these on its first page
// whatever order the files run in.
const farFuture = (offset: number) => new Date(Date.now() + (90000 + offset) * DAY_MS).toISOString();

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);
const tab = (page: Page, name: 'My Rides' | 'Available Rides'): Locator => page.getByRole('tab', { name, exact: true });
const assignButton = (scope: Locator): Locator => scope.getByRole('button', { name: /^Assign to Me/ });

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((node) => node === document.activeElement);
}

describe('/vendor', () => {
  it('lets a vendor take a ride from Available Rides; it moves to My Rides and reads Driver Assigned', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Orla Organiser' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'FC->SG',
      date: farFuture(0),
      maxPassengers: 4,
      organizerPassengerCount: 2,
      location: 'Bedok Mall',
    });
    const { page: passenger } = await signedInPage(newPage, memberAccount({ name: 'Pia Passenger' }));
    await joinRideViaApi(passenger, rideId, 'Jurong East MRT');

    const { page } = await signedInPage(newPage, vendorAccount({ name: 'Vic Vendor' }));
    await page.goto('/vendor');
    await expect.poll(() => tab(page, 'My Rides').getAttribute('aria-selected')).toBe('true');
    await page.getByText('No assigned rides yet.').waitFor();
    expect(await page.getByRole('button', { name: 'Create New Ride' }).count()).toBe(0);

    await tab(page, 'Available Rides').click();
    const offered = card(page, rideId);
    await offered.waitFor();
    const text = await offered.innerText();
    expect(text).toContain('Forest City to Singapore');
    expect(text).toContain('Organizer: Orla Organiser');
    expect(text).toContain('Passengers: 3/4');
    expect(await offered.locator('[data-status]').textContent()).toBe('Open');
    expect(await offered.getByRole('list', { name: 'Pick-up' }).innerText()).toContain('Forest City');
    expect(await offered.getByRole('list', { name: 'Drop-offs' }).innerText()).toMatch(
      /Bedok Mall \(2 pax\)\s+Jurong East MRT \(1 pax\)/,
    );
    await offered.scrollIntoViewIfNeeded();
    await screenshot(page, 'vendor-available-desktop');

    await assignButton(offered).click();
    await toast(page, 'Ride assigned successfully').waitFor();
    await offered.waitFor({ state: 'detached' });

    await tab(page, 'My Rides').click();
    const mine = card(page, rideId);
    await mine.waitFor();
    expect(await mine.locator('[data-status]').textContent()).toBe('Driver Assigned');
    expect(await assignButton(mine).count()).toBe(0);
    await screenshot(page, 'vendor-my-rides-desktop');

    await mine.getByRole('link', { name: /^View details/ }).click();
    await page.waitForURL(`**/rides/${String(rideId)}`);
    await page.getByText('Driver Assigned', { exact: true }).first().waitFor();

    // The rides list no longer offers it to vendors either.
    await page.goto('/home?sort=dateDesc&time=all');
    const listed = card(page, rideId);
    await listed.waitFor();
    expect(await listed.getByRole('link', { name: /^Assign ride/ }).count()).toBe(0);
  });

  it('opens at the ride an assign link names, highlighted with its button focused, then says when it is taken', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Lina Linked' }));
    const otherId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(1),
      location: 'Tampines Mall',
    });
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(2),
      location: 'Pasir Ris MRT',
    });

    const { page } = await signedInPage(newPage, vendorAccount());
    await page.goto('/home?sort=dateDesc&time=all');
    await card(page, rideId)
      .getByRole('link', { name: /^Assign ride/ })
      .click();
    await page.waitForURL(`**/vendor?rideId=${String(rideId)}`);

    await expect.poll(() => tab(page, 'Available Rides').getAttribute('aria-selected')).toBe('true');
    const target = card(page, rideId);
    await target.waitFor();
    expect(await target.getAttribute('data-highlighted')).toBe('true');
    expect(await card(page, otherId).getAttribute('data-highlighted')).toBeNull();
    await expect.poll(() => isFocused(assignButton(target))).toBe(true);
    expect(await target.isVisible()).toBe(true);
    // The card scrolls smoothly into view; wait for it to arrive inside the viewport.
    await expect
      .poll(async () => {
        const box = await target.boundingBox();
        return box !== null && box.y >= 0 && box.y < 800;
      })
      .toBe(true);
    await screenshot(page, 'vendor-linked-desktop');

    // The focused button works from the keyboard.
    await page.keyboard.press('Enter');
    await toast(page, 'Ride assigned successfully').waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('rideId')).toBeNull();

    // Following the same link again explains why the ride is not on offer.
    await page.goto(`/vendor?rideId=${String(rideId)}`);
    const notice = page.getByTestId('assign-target-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain(
      'This ride is already assigned to you. You will find it under My Rides.',
    );
    await notice.getByRole('button', { name: 'Show My Rides' }).click();
    await expect.poll(() => tab(page, 'My Rides').getAttribute('aria-selected')).toBe('true');
    await card(page, rideId).waitFor();

    const phone = await newPage({ viewport: 'mobile' });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`/vendor?rideId=${String(otherId)}`);
    const phoneCard = card(phone, otherId);
    await phoneCard.waitFor();
    await expect.poll(() => isFocused(assignButton(phoneCard))).toBe(true);
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(phone, 'vendor-linked-mobile');
  });

  it('takes a ride another vendor assigned off Available Rides by itself, without a reload', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Rae Live' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(3),
      location: 'Bishan MRT',
    });

    const { page } = await signedInPage(newPage, vendorAccount());
    await page.goto('/vendor?tab=available');
    const offered = card(page, rideId);
    await offered.waitFor();

    const { page: rival } = await signedInPage(newPage, vendorAccount());
    const taken = await rival.request.post(`/api/rides/${String(rideId)}/assign`);
    expect(taken.status(), await taken.text()).toBe(200);
    // The 'ride.assigned' event reaches the open dashboard, which re-reads its list.
    await offered.waitFor({ state: 'detached', timeout: 10_000 });
  });

  it("shows 'Error' with the reason when another vendor took the ride first", async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Rae Raced' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(3),
      location: 'Bishan MRT',
    });

    const { page } = await signedInPage(newPage, vendorAccount());
    // The rival's assignment must not reach this page before the click (a race the live stream
    // usually wins): without the stream, the page still offers the ride when the vendor clicks.
    await holdLiveUpdates(page);
    await page.goto('/vendor?tab=available');
    const offered = card(page, rideId);
    await offered.waitFor();

    const { page: rival } = await signedInPage(newPage, vendorAccount());
    const taken = await rival.request.post(`/api/rides/${String(rideId)}/assign`);
    expect(taken.status(), await taken.text()).toBe(200);

    await assignButton(offered).click();
    const refusal = toast(page, 'Error');
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('This ride has already been assigned');
    // The list was refreshed: the ride is no longer offered.
    await offered.waitFor({ state: 'detached' });
  });

  it('tells a member who is not a vendor that the dashboard is for vendors', async () => {
    const { page } = await signedInPage(newPage, memberAccount());
    await page.goto('/vendor');
    await page.getByRole('heading', { name: 'This dashboard is for vendors' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL('**/home');
  });
});
