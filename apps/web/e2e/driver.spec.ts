// The driver of a ride (issue 12): once a vendor takes a ride its organiser and passengers see the
// driver card (company, driver, tap-to-call contact with WhatsApp, car number) and another member
// does not; the vendor hands a ride back from My Rides (the ride is open again and the card goes),
// and within 24 hours of departure the Unassign button is disabled with the reason shown. At 1280
// and 375 px. Once a ride has departed the vendor marks it completed from My Rides: the API cannot
// create a departed ride, so global-setup.ts seeds one per viewport (past-rides.ts) for a vendor of
// its own, handed over as `inject('pastRides')`.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';

import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  JOURNEY_TIMEOUT_MS,
  setupJourneyBrowser,
  signedInPage,
} from './ride-details-fixtures';
import { loginViaApi, memberAccount, screenshot, toast, vendorAccount, type ViewportName } from './support/browser';

const { newPage } = setupJourneyBrowser();

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);

async function assignViaApi(page: Page, rideId: number): Promise<void> {
  const response = await page.request.post(`/api/rides/${String(rideId)}/assign`);
  expect(response.status(), await response.text()).toBe(200);
}

function driverCard(page: Page): Locator {
  return page.locator('section', { has: page.getByRole('heading', { name: 'Driver', exact: true }) });
}

describe.each<ViewportName>(['desktop', 'mobile'])('driver card and unassign (%s)', (viewport) => {
  it(
    'shows the driver to the organiser and passengers only; the vendor unassigns from My Rides',
    async () => {
      const { page: organiser } = await signedInPage(newPage, memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(5),
        location: 'Pasir Ris MRT',
      });
      const { page: passenger } = await signedInPage(newPage, memberAccount({ name: 'Pia Passenger' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines Mall');
      const { page: vendor } = await signedInPage(newPage, vendorAccount({ name: 'Vic Vendor' }), viewport);
      await assignViaApi(vendor, rideId);

      await passenger.goto(`/rides/${String(rideId)}`);
      const seen = driverCard(passenger);
      await seen.waitFor();
      const text = await seen.innerText();
      expect(text).toContain('Second Link Cars');
      expect(text).toContain('Tan Ah Kow');
      expect(text).toContain('JQB 1234');
      expect(await seen.getByRole('link', { name: /^Call the driver on/ }).getAttribute('href')).toBe(
        'tel:+60123456789',
      );
      expect(await seen.getByRole('link', { name: /^Chat on WhatsApp/ }).getAttribute('href')).toBe(
        'https://wa.me/60123456789',
      );
      expect(await seen.getByRole('button', { name: 'Release Driver' }).count()).toBe(0);
      await seen.scrollIntoViewIfNeeded();
      await screenshot(passenger, `driver-card-passenger-${viewport}`);

      await organiser.goto(`/rides/${String(rideId)}`);
      await driverCard(organiser).getByRole('button', { name: 'Release Driver' }).waitFor();

      const { page: outsider } = await signedInPage(newPage, memberAccount({ name: 'Otto Outsider' }), viewport);
      await outsider.goto(`/rides/${String(rideId)}`);
      await outsider.getByText('Driver Assigned', { exact: true }).first().waitFor();
      expect(await driverCard(outsider).count()).toBe(0);

      await vendor.goto('/vendor');
      const mine = card(vendor, rideId);
      await mine.waitFor();
      const unassign = mine.getByRole('button', { name: /^Unassign: / });
      expect(await unassign.isEnabled()).toBe(true);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-my-rides-${viewport}`);
      await unassign.click();
      await toast(vendor, 'Ride unassigned').waitFor();
      await mine.waitFor({ state: 'detached' });

      await passenger.reload();
      await passenger.getByText('Open', { exact: true }).first().waitFor();
      expect(await driverCard(passenger).count()).toBe(0);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'disables Unassign within 24 hours of departure and says why',
    async () => {
      const { page: organiser } = await signedInPage(newPage, memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'FC->SG',
        date: inDays(0.5),
        location: 'Bedok Mall',
      });
      const { page: vendor } = await signedInPage(newPage, vendorAccount({ name: 'Vic Vendor' }), viewport);
      await assignViaApi(vendor, rideId);

      await vendor.goto('/vendor');
      const mine = card(vendor, rideId);
      await mine.waitFor();
      expect(await mine.getByRole('button', { name: /^Unassign: / }).isDisabled()).toBe(true);
      expect(await mine.innerText()).toContain('A ride can only be unassigned until 24 hours before departure');
      expect(await mine.getByRole('button', { name: /Mark Completed/ }).count()).toBe(0);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-too-late-${viewport}`);
    },
    JOURNEY_TIMEOUT_MS,
  );
});

describe.each<ViewportName>(['desktop', 'mobile'])('mark completed (%s)', (viewport) => {
  it(
    'the vendor marks a departed ride completed from My Rides',
    async () => {
      const { vendor: account, rideIds } = inject('pastRides');
      const rideId = rideIds[viewport];
      const vendor = await newPage({ viewport });
      await loginViaApi(vendor, account);

      await vendor.goto('/vendor');
      const mine = card(vendor, rideId);
      await mine.waitFor();
      expect(await mine.getByText('Driver Assigned', { exact: true }).count()).toBe(1);
      expect(await mine.getByRole('button', { name: /^Unassign/ }).count()).toBe(0);
      const complete = mine.getByRole('button', { name: /^Mark Completed: / });
      expect(await complete.isEnabled()).toBe(true);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-departed-${viewport}`);

      await complete.click();
      await toast(vendor, 'Ride marked as completed').waitFor();
      await mine.getByText('Completed', { exact: true }).waitFor();
      expect(await mine.getByText('Driver Assigned', { exact: true }).count()).toBe(0);
      expect(await mine.getByRole('button', { name: /Mark Completed/ }).count()).toBe(0);
      await mine.scrollIntoViewIfNeeded();
      await screenshot(vendor, `driver-vendor-completed-${viewport}`);

      // It stays completed for everyone: the ride's own page says so after a fresh load.
      await vendor.goto(`/rides/${String(rideId)}`);
      await vendor.getByText('Completed', { exact: true }).first().waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
