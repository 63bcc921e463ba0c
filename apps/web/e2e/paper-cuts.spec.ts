// Small things a first-time rider, organizer and vendor meet, at 375 and 1280 px: a weekly series as
// one card on /home with the visitor's invitation below the first rides; a visitor on a full ride
// told that logging in offers the waitlist, and the login page saying why; a vendor's profile
// without PayNow; My rides in the menu; the FC->SG Details tab and sequence panel numbering stops
// alike (one place, one stop) with no move controls once locked; the manifest flagging a rider
// without a phone number. The series sits late in the year ahead (the list sorted latest first
// shows it near the top); its card is found by its organizer's name.
import type { Page } from '@playwright/test';

import { expect, test, type ViewportName } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  joinRideViaApi,
  memberAccount,
  screenshot,
  sidewaysOverflow,
  vendorAccount,
} from './support/helpers';

const VIEWPORTS: ViewportName[] = ['mobile', 'desktop'];

/**
 * Three Sundays in a row at 10:00 Singapore time, from `daysAhead` days on: late in the year a
 * ride may be ahead, so the list sorted latest first shows them near the top.
 */
function weeklyPlan(daysAhead: number) {
  const first = new Date(Date.now() + daysAhead * 86_400_000);
  while (first.getUTCDay() !== 0) first.setUTCDate(first.getUTCDate() + 1);
  const until = new Date(first.getTime() + 14 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    direction: 'SG->FC',
    maxPassengers: 4,
    organizerPassengerCount: 1,
    pickupLocation: 'Jurong East MRT',
    dropoffLocations: ['Forest City'],
    weekdays: [7],
    time: '10:00',
    fromDate: day(first),
    untilDate: day(until),
  };
}

async function openMenuIfPhone(page: Page, viewport: ViewportName): Promise<void> {
  if (viewport === 'mobile') await page.getByRole('button', { name: 'Toggle navigation' }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`paper cuts (${viewport})`, () => {
    test('a weekly series is one card that opens its dates; the invitation sits below the first rides', async ({
      newPage,
      signedInPage,
    }) => {
      const { page: organizer } = await signedInPage(memberAccount({ name: `Sunny Series ${viewport}` }));
      const response = await organizer.request.post('/api/rides/series', {
        data: weeklyPlan(viewport === 'mobile' ? 330 : 335),
      });
      expect(response.status(), await response.text()).toBe(201);

      const page = await newPage({ viewport });
      await page.goto('/home?sort=dateDesc&time=all');
      const group = page.getByTestId('series-group').filter({ hasText: `Sunny Series ${viewport}` });
      await expect(group.getByTestId('series-summary')).toHaveText(/^Weekly · 3 rides · next Sun \d+ [A-Z][a-z]{2}$/);
      await expect(group.locator('article[data-ride-id]')).toHaveCount(1);
      await group.getByRole('button', { name: 'Show all 3 dates' }).click();
      await expect(group.getByRole('list', { name: 'Dates of this weekly series (3)' }).getByRole('link')).toHaveCount(
        3,
      );
      const promo = page.getByRole('region', { name: 'Join RideShare Community' });
      await expect(promo).toBeVisible();
      // The first card sits above the invitation.
      const cardTop = (await page.locator('article[data-ride-id]').first().boundingBox())?.y ?? Infinity;
      const promoTop = (await promo.boundingBox())?.y ?? -1;
      expect(cardTop).toBeLessThan(promoTop);
      await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `paper-cuts-home-${viewport}`);
    });

    test('a visitor on a full ride is offered the waitlist after login; the login page says why', async ({
      newPage,
      signedInPage,
    }) => {
      const { page: organizer } = await signedInPage(memberAccount({ name: `Fay Full ${viewport}` }));
      const rideId = await createRideViaApi(organizer, {
        direction: 'SG->FC',
        location: 'Pasir Ris MRT',
        maxPassengers: 2,
        organizerPassengerCount: 2,
      });
      const page = await newPage({ viewport });
      await page.goto(`/rides/${String(rideId)}`);
      await expect(page.getByRole('heading', { name: 'This Ride Is Full' })).toBeVisible();
      await screenshot(page, `paper-cuts-full-ride-visitor-${viewport}`);
      await page.getByRole('link', { name: 'Log in to join the waitlist' }).click();
      await expect(page.getByTestId('auth-reason')).toHaveText('This ride is full: log in to join its waitlist');
      await screenshot(page, `paper-cuts-login-reason-${viewport}`);
    });

    test("members get My rides; a vendor's profile shows no PayNow", async ({ signedInPage }) => {
      const { page } = await signedInPage(memberAccount({ name: `Mo Menu ${viewport}` }), viewport);
      await page.goto('/guide');
      await openMenuIfPhone(page, viewport);
      await page.getByRole('link', { name: 'My rides' }).click();
      await expect(page).toHaveURL(/\/home\?tab=my-rides$/);
      await expect(page.getByRole('tab', { name: 'My Rides' })).toHaveAttribute('aria-selected', 'true');
      await openMenuIfPhone(page, viewport);
      await expect(page.getByRole('link', { name: 'My rides' })).toHaveAttribute('aria-current', 'page');
      // The phone menu has finished opening once its last item is wholly on screen.
      await expect(page.getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
      await screenshot(page, `paper-cuts-my-rides-nav-${viewport}`);

      const { page: vendor } = await signedInPage(vendorAccount({ name: `Vic Vendor ${viewport}` }), viewport);
      await vendor.goto('/profile');
      const form = vendor.getByRole('form', { name: 'Profile' });
      await expect(form.getByLabel(/WhatsApp Number/)).toBeVisible();
      await expect(form.getByLabel(/PayNow/)).toHaveCount(0);
      await expect(form.getByRole('radiogroup', { name: /Who sees my numbers/ })).toHaveCount(0);
      await screenshot(vendor, `paper-cuts-vendor-profile-${viewport}`);
    });

    test('FC->SG stops are numbered alike everywhere, one place one stop; the manifest flags a rider without a phone', async ({
      signedInPage,
    }) => {
      const { page: organizer } = await signedInPage(memberAccount({ name: `Olga Order ${viewport}` }), viewport);
      const rideId = await createRideViaApi(organizer, {
        direction: 'FC->SG',
        location: 'Bedok MRT',
        maxPassengers: 6,
      });
      const { page: jurong } = await signedInPage(
        memberAccount({ name: `Jun Jurong ${viewport}`, whatsappNumber: '', malaysianNumber: '' }),
      );
      await joinRideViaApi(jurong, rideId, 'Jurong East');
      const { page: bedok } = await signedInPage(memberAccount({ name: `Bea Bedok ${viewport}` }));
      await joinRideViaApi(bedok, rideId, 'bedok mrt.');

      await organizer.goto(`/rides/${String(rideId)}`);
      // Before the organizer orders the drop-offs, nothing is numbered and the cost counts two stops' worth: one extra.
      await expect(organizer.getByTestId('dropoff-order-note')).toBeVisible();
      await expect(organizer.getByTestId('dropoff-stop')).toHaveText(['Bedok MRT (2 passengers)', 'Jurong East']);

      await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
      const panel = organizer.getByRole('region', { name: 'Drop-off Sequence' });
      await panel.getByRole('button', { name: 'Lock Sequence' }).click();
      await confirmDialog(organizer, 'Lock Sequence');
      await expect(panel.getByText('Sequence locked', { exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: /^Move (up|down): / })).toHaveCount(0);
      const badges = panel.getByTestId('sequence-row').locator('.mantine-Badge-root');
      // Locking keeps one place's riders together, as one stop.
      await expect(badges).toHaveText(['Stop #1', 'Stop #1', 'Stop #2']);
      await screenshot(organizer, `paper-cuts-sequence-locked-${viewport}`);

      await organizer.getByRole('tab', { name: 'Details' }).click();
      await expect(organizer.getByTestId('dropoff-stop')).toHaveText([
        'Stop #1 · Bedok MRT (2 passengers)',
        'Stop #2 · Jurong East',
      ]);
      await screenshot(organizer, `paper-cuts-details-stops-${viewport}`);

      await organizer.goto(`/rides/${String(rideId)}/manifest`);
      const flag = organizer.getByTestId('manifest-no-phone');
      await expect(flag).toHaveCount(1);
      await expect(flag.getByRole('link', { name: 'Reach them in the ride chat' })).toHaveAttribute(
        'href',
        `/rides/${String(rideId)}?tab=chat`,
      );
      await screenshot(organizer, `paper-cuts-manifest-${viewport}`);
    });
  });
}
