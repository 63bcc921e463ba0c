// Small things a first-time rider, organizer and vendor meet, at 375 and 1280 px: a visitor on a full ride
// told that logging in offers the waitlist, and the login page saying why; a vendor's profile
// without PayNow; My rides in the menu; the FC->SG Details tab and sequence panel numbering stops
// alike (one place, one stop) with no move controls once locked; the manifest flagging a rider
// without a phone number. The weekly series on the list is in series-list.spec.ts.
import type { Page } from '@playwright/test';

import { expect, test, type ViewportName } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  joinRideViaApi,
  memberAccount,
  screenshot,
  vendorAccount,
} from './support/helpers';

const VIEWPORTS: ViewportName[] = ['mobile', 'desktop'];

async function openMenuIfPhone(page: Page, viewport: ViewportName): Promise<void> {
  if (viewport === 'mobile') await page.getByRole('button', { name: 'Toggle navigation' }).click();
}

for (const viewport of VIEWPORTS) {
  test.describe(`paper cuts (${viewport})`, () => {
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
