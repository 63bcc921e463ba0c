// The driver of a ride (docs/decisions.md#decisions): once a vendor takes a ride its organiser and passengers see the
// driver card (company, driver, tap-to-call contact with WhatsApp, car number) and another member
// does not; the vendor hands a ride back from My Rides (the ride is open again and the card goes),
// and within 24 hours of departure the Unassign button is disabled with the reason shown. At 1280
// and 375 px. Once a ride has departed the vendor marks it completed from My Rides: the API cannot
// create a departed ride, so global-setup.ts seeds one per viewport (past-rides.ts) for a vendor of
// its own, handed over as `inject('pastRides')`.
import type { Locator, Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  loginViaApi,
  memberAccount,
  screenshot,
  toast,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);

async function assignViaApi(page: Page, rideId: number): Promise<void> {
  const response = await page.request.post(`/api/rides/${String(rideId)}/assign`);
  expect(response.status(), await response.text()).toBe(200);
}

function driverCard(page: Page): Locator {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Driver', exact: true }) });
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`driver card and unassign (${viewport})`, () => {
    test('shows the driver to the organiser and passengers only; the vendor unassigns from My Rides', async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(5),
        location: 'Pasir Ris MRT',
      });
      const { page: passenger } = await signedInPage(memberAccount({ name: 'Pia Passenger' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines Mall');
      const { page: vendor } = await signedInPage(vendorAccount({ name: 'Vic Vendor' }), viewport);
      await assignViaApi(vendor, rideId);

      await passenger.goto(`/rides/${String(rideId)}`);
      const seen = driverCard(passenger);
      for (const detail of ['Second Link Cars', 'Tan Ah Kow', 'JQB 1234']) {
        await expect(seen).toContainText(detail, { useInnerText: true });
      }
      await expect(seen.getByRole('link', { name: /^Call the driver on/ })).toHaveAttribute('href', 'tel:+60123456789');
      await expect(seen.getByRole('link', { name: /^Chat on WhatsApp/ })).toHaveAttribute(
        'href',
        'https://wa.me/60123456789',
      );
      await expect(seen.getByRole('button', { name: 'Release Driver' })).toHaveCount(0);
      await seen.scrollIntoViewIfNeeded();
      await screenshot(passenger, `driver-card-passenger-${viewport}`);
      await expectAccessible(passenger, `ride detail with its driver (${viewport})`);

      await organiser.goto(`/rides/${String(rideId)}`);
      await expect(driverCard(organiser).getByRole('button', { name: 'Release Driver' })).toBeVisible();

      const { page: outsider } = await signedInPage(memberAccount({ name: 'Otto Outsider' }), viewport);
      await outsider.goto(`/rides/${String(rideId)}`);
      await expect(outsider.getByText('Driver found', { exact: true }).first()).toBeVisible();
      await expect(driverCard(outsider)).toHaveCount(0);

      await vendor.goto('/vendor');
      const mine = card(vendor, rideId);
      await expect(mine).toBeVisible();
      const unassign = mine.getByRole('button', { name: /^Unassign: / });
      await expect(unassign).toBeEnabled();
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-my-rides-${viewport}`);
      await unassign.click();
      await expect(toast(vendor, 'Ride unassigned')).toBeVisible();
      await expect(mine).toHaveCount(0);

      await passenger.reload();
      await expect(passenger.getByText('No driver yet', { exact: true }).first()).toBeVisible();
      await expect(driverCard(passenger)).toHaveCount(0);
    });

    test('disables Unassign within 24 hours of departure and says why', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'FC->SG',
        date: inDays(0.5),
        location: 'Bedok Mall',
      });
      // An FC->SG ride: a Malaysian permit picks up in Forest City.
      const { page: vendor } = await signedInPage(vendorAccount({ name: 'Vic Vendor' }, 'FC->SG'), viewport);
      await assignViaApi(vendor, rideId);

      await vendor.goto('/vendor');
      const mine = card(vendor, rideId);
      await expect(mine).toBeVisible();
      await expect(mine.getByRole('button', { name: /^Unassign: / })).toBeDisabled();
      await expect(mine).toContainText('A ride can only be unassigned until 24 hours before departure', {
        useInnerText: true,
      });
      await expect(mine.getByRole('button', { name: /Mark Completed/ })).toHaveCount(0);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-too-late-${viewport}`);
    });
  });
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`mark completed (${viewport})`, () => {
    test('the vendor marks a departed ride completed from My Rides', async ({ newPage, pastRides }) => {
      const { vendor: account, rideIds } = pastRides;
      const rideId = rideIds[viewport];
      const vendor = await newPage({ viewport });
      await loginViaApi(vendor, account);

      await vendor.goto('/vendor');
      const mine = card(vendor, rideId);
      await expect(mine).toBeVisible();
      await expect(mine.getByText('Assigned to you', { exact: true })).toHaveCount(1);
      await expect(mine.getByRole('button', { name: /^Unassign/ })).toHaveCount(0);
      const complete = mine.getByRole('button', { name: /^Mark Completed: / });
      await expect(complete).toBeEnabled();
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-departed-${viewport}`);

      await complete.click();
      await expect(toast(vendor, 'Ride marked as completed')).toBeVisible();
      await expect(mine.getByText('Completed', { exact: true })).toBeVisible();
      await expect(mine.getByText('Assigned to you', { exact: true })).toHaveCount(0);
      await expect(mine.getByRole('button', { name: /Mark Completed/ })).toHaveCount(0);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-completed-${viewport}`);

      // It stays completed for everyone: the ride's own page says so after a fresh load.
      await vendor.goto(`/rides/${String(rideId)}`);
      await expect(vendor.getByText('Completed', { exact: true }).first()).toBeVisible();
    });
  });
}
