// The vendor dashboard (/vendor): a vendor takes a ride from Available Rides and finds it under My
// Rides while the ride itself reads 'Driver found'; an assign link from the rides list opens the
// dashboard at that ride with its button focused; a ride someone else took is refused under 'Error';
// members who are not vendors are told the dashboard is not for them. A new vendor waits for an
// administrator's approval (docs/vendors.md) and then sees the rides its permit may take.
//
// Rides are made through POST /api/rides from their organisers' own sessions. Available Rides lists
// every open ride of the shared database, so cards are found by their ride id.
import type { Locator, Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  holdLiveUpdates,
  joinRideViaApi,
  loginViaApi,
  memberAccount,
  screenshot,
  sidewaysOverflow,
  toast,
  vendorAccount,
} from './support/helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Dates well past what the other journeys use, so these rides top a latest-first list. */
// Later than every other spec file's rides (~2270), so the newest-first list shows these on its first page
// whatever order the files run in.
// Rides may be at most a year ahead: these sit 306 to 308 days out, above home.spec.ts's rides
// (series-list.spec.ts's series sits above both while its test runs, then is deleted).
const farFuture = (offset: number) => new Date(Date.now() + (306 + offset / 2) * DAY_MS).toISOString();

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);
const tab = (page: Page, name: 'My Rides' | 'Available Rides'): Locator => page.getByRole('tab', { name, exact: true });
const assignButton = (scope: Locator): Locator => scope.getByRole('button', { name: /^Assign to Me/ });

test.describe('/vendor', () => {
  test('lets a vendor take a ride from Available Rides; it moves to My Rides and reads Assigned to you', async ({
    signedInPage,
  }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Orla Organiser' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'FC->SG',
      date: farFuture(0),
      maxPassengers: 4,
      organizerPassengerCount: 2,
      location: 'Bedok Mall',
    });
    const { page: passenger } = await signedInPage(memberAccount({ name: 'Pia Passenger' }));
    await joinRideViaApi(passenger, rideId, 'Jurong East MRT');

    // An FC->SG ride: a Malaysian permit picks up in Forest City.
    const { page } = await signedInPage(vendorAccount({ name: 'Vic Vendor' }, 'FC->SG'));
    await page.goto('/vendor');
    await expect(tab(page, 'My Rides')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No assigned rides yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create New Ride' })).toHaveCount(0);

    await tab(page, 'Available Rides').click();
    const offered = card(page, rideId);
    await expect(offered).toBeVisible();
    for (const text of ['Forest City to Singapore', 'Organizer: Orla Organiser', 'Passengers: 3/4']) {
      await expect(offered).toContainText(text, { useInnerText: true });
    }
    await expect(offered.locator('[data-status]')).toHaveText('No driver yet');
    await expect(offered.getByRole('list', { name: 'Pick-up' })).toContainText('Forest City', { useInnerText: true });
    await expect(offered.getByRole('list', { name: 'Drop-offs' })).toHaveText(
      /Bedok Mall \(2 pax\)\s+Jurong East MRT \(1 pax\)/,
      { useInnerText: true },
    );
    await offered.scrollIntoViewIfNeeded();
    await screenshot(page, 'vendor-available-desktop');

    await assignButton(offered).click();
    await confirmDialog(page, 'Assign to Me');
    await expect(toast(page, 'Ride assigned successfully')).toBeVisible();
    await expect(offered).toHaveCount(0);

    await tab(page, 'My Rides').click();
    const mine = card(page, rideId);
    await expect(mine).toBeVisible();
    await expect(mine.locator('[data-status]')).toHaveText('Assigned to you');
    await expect(assignButton(mine)).toHaveCount(0);
    await screenshot(page, 'vendor-my-rides-desktop');

    await mine.getByRole('link', { name: /^View details/ }).click();
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rideId)}$`));
    await expect(page.getByText('Driver found', { exact: true }).first()).toBeVisible();

    // The rides list no longer offers it to vendors either.
    await page.goto('/home?sort=dateDesc&time=all');
    const listed = card(page, rideId);
    await expect(listed).toBeVisible();
    await expect(listed.getByRole('link', { name: /^Assign ride/ })).toHaveCount(0);
  });

  test('opens at the ride an assign link names, highlighted with its button focused, then says when it is taken', async ({
    newPage,
    signedInPage,
  }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Lina Linked' }));
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

    const { page } = await signedInPage(vendorAccount());
    await page.goto('/home?sort=dateDesc&time=all');
    await card(page, rideId)
      .getByRole('link', { name: /^Assign ride/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`/vendor\\?rideId=${String(rideId)}$`));

    await expect(tab(page, 'Available Rides')).toHaveAttribute('aria-selected', 'true');
    const target = card(page, rideId);
    await expect(target).toBeVisible();
    await expect(target).toHaveAttribute('data-highlighted', 'true');
    await expect(card(page, otherId)).not.toHaveAttribute('data-highlighted');
    await expect(assignButton(target)).toBeFocused();
    // The card scrolls smoothly into view.
    await expect(target).toBeInViewport();
    await screenshot(page, 'vendor-linked-desktop');

    // The focused button works from the keyboard.
    await page.keyboard.press('Enter');
    await confirmDialog(page, 'Assign to Me');
    await expect(toast(page, 'Ride assigned successfully')).toBeVisible();
    await expect(page).toHaveURL((url) => !url.searchParams.has('rideId'));

    // Following the same link again explains why the ride is not on offer.
    await page.goto(`/vendor?rideId=${String(rideId)}`);
    const notice = page.getByTestId('assign-target-notice');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('This ride is already assigned to you. You will find it under My Rides.', {
      useInnerText: true,
    });
    await notice.getByRole('button', { name: 'Show My Rides' }).click();
    await expect(tab(page, 'My Rides')).toHaveAttribute('aria-selected', 'true');
    await expect(card(page, rideId)).toBeVisible();

    const phone = await newPage({ viewport: 'mobile' });
    await phone.context().addCookies(await page.context().cookies());
    await phone.goto(`/vendor?rideId=${String(otherId)}`);
    const phoneCard = card(phone, otherId);
    await expect(phoneCard).toBeVisible();
    await expect(assignButton(phoneCard)).toBeFocused();
    await expect.poll(() => sidewaysOverflow(phone)).toBe(0);
    await screenshot(phone, 'vendor-linked-mobile');
  });

  test('takes a ride another vendor assigned off Available Rides by itself, without a reload', async ({
    signedInPage,
  }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Rae Live' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(3),
      location: 'Bishan MRT',
    });

    const { page } = await signedInPage(vendorAccount());
    await page.goto('/vendor?tab=available');
    const offered = card(page, rideId);
    await expect(offered).toBeVisible();

    const { page: rival } = await signedInPage(vendorAccount());
    const taken = await rival.request.post(`/api/rides/${String(rideId)}/assign`);
    expect(taken.status(), await taken.text()).toBe(200);
    // The 'ride.assigned' event reaches the open dashboard, which re-reads its list.
    await expect(offered).toHaveCount(0);
  });

  test("shows 'Error' with the reason when another vendor took the ride first", async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Rae Raced' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      date: farFuture(3),
      location: 'Bishan MRT',
    });

    const { page } = await signedInPage(vendorAccount());
    // The rival's assignment must not reach this page before the click (a race the live stream
    // usually wins): without the stream, the page still offers the ride when the vendor clicks.
    await holdLiveUpdates(page);
    await page.goto('/vendor?tab=available');
    const offered = card(page, rideId);
    await expect(offered).toBeVisible();

    const { page: rival } = await signedInPage(vendorAccount());
    const taken = await rival.request.post(`/api/rides/${String(rideId)}/assign`);
    expect(taken.status(), await taken.text()).toBe(200);

    await assignButton(offered).click();
    await confirmDialog(page, 'Assign to Me');
    const refusal = toast(page, 'Error');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('This ride has already been assigned', { useInnerText: true });
    // The list was refreshed: the ride is no longer offered.
    await expect(offered).toHaveCount(0);
  });

  test('tells a member who is not a vendor that the dashboard is for vendors', async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount());
    await page.goto('/vendor');
    await expect(page.getByRole('heading', { name: 'This dashboard is for vendors' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`vendor approval (${viewport})`, () => {
    test('a new vendor waits for approval; once an administrator approves it, it sees the rides its permit may take', async ({
      newPage,
      signedInPage,
      adminAccount,
    }) => {
      const { page: organizer } = await signedInPage(memberAccount({ name: 'Owen Opener' }), viewport);
      const fromSingapore = await createRideViaApi(organizer, {
        direction: 'SG->FC',
        date: farFuture(4),
        location: 'Clementi MRT',
      });
      const fromForestCity = await createRideViaApi(organizer, {
        direction: 'FC->SG',
        date: farFuture(4),
        location: 'Changi Airport',
      });

      // A Singapore permit: SG->FC rides only.
      const account = vendorAccount({ name: 'Nina New' }, 'SG->FC');
      const { page } = await signedInPage(account, viewport, { approveVendor: false });
      await page.goto('/vendor');
      await expect(page.getByText('Your vendor account is awaiting approval')).toBeVisible();
      await expect(tab(page, 'Available Rides')).toHaveCount(0);
      await expect(page.locator('article[data-ride-id]')).toHaveCount(0);
      await expect.poll(() => sidewaysOverflow(page)).toBe(0);
      await screenshot(page, `vendor-awaiting-approval-${viewport}`);

      const admin = await newPage({ viewport });
      await loginViaApi(admin, adminAccount);
      await admin.goto('/admin');
      const applications = admin.getByRole('region', { name: 'Vendor applications' });
      const application = applications.getByRole('listitem').filter({ hasText: account.discordUsername });
      await expect(application).toBeVisible();
      await expect(application).toContainText('Permit: SG SG-E2E-0001, valid until 9999-12-31', {
        useInnerText: true,
      });
      await application.scrollIntoViewIfNeeded();
      await screenshot(admin, `vendor-applications-${viewport}`);
      await application.getByRole('button', { name: 'Approve' }).click();
      await expect(toast(admin, 'Vendor updated')).toBeVisible();
      // The pending list reloads without it.
      await expect(application).toHaveCount(0);

      await page.goto('/vendor?tab=available');
      await expect(page.getByText('Your vendor account is awaiting approval')).toHaveCount(0);
      await expect(tab(page, 'Available Rides')).toHaveAttribute('aria-selected', 'true');
      await expect(card(page, fromSingapore)).toBeVisible();
      await expect(card(page, fromSingapore)).toContainText('Singapore to Forest City', { useInnerText: true });
      await expect(card(page, fromForestCity)).toHaveCount(0);
      await screenshot(page, `vendor-approved-available-${viewport}`);
    });
  });
}
