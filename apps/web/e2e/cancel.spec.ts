// Cancelling a ride and coming back after signing in (issue 12), at desktop and phone widths:
// the organiser cancels a ride a passenger joined, giving a reason in the Cancel Ride modal; the
// passenger then sees the banner with the reason on the ride and the ride under Cancelled Rides in
// My Rides. A signed-out visitor opening a ride link logs in and lands back on that ride.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  JOURNEY_TIMEOUT_MS,
  latestToast,
  setupJourneyBrowser,
  signedInPage,
} from './ride-details-fixtures';
import { field, memberAccount, registerViaApi, screenshot, type ViewportName } from './support/browser';

const { newPage } = setupJourneyBrowser();

async function openMyRides(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('tab', { name: 'My Rides' }).click();
  await page.waitForURL(/tab=my-rides/);
}

describe.each(['desktop', 'mobile'] as ViewportName[])('cancelling a ride (%s)', (viewport) => {
  it(
    'the organiser cancels with a reason; the passenger sees the banner and the Cancelled Rides section',
    async () => {
      const { page: organiser } = await signedInPage(newPage, memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', date: inDays(4), location: 'Bedok MRT' });
      const { page: passenger } = await signedInPage(newPage, memberAccount({ name: 'Pia Passenger' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines MRT');

      await organiser.goto(`/rides/${String(rideId)}`);
      await organiser.getByRole('button', { name: 'Cancel Ride' }).click();
      const dialog = organiser.getByRole('dialog', { name: 'Cancel this ride?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await dialog.getByText('Please give a reason for cancelling').waitFor();
      await field(dialog, 'Reason').fill('The car broke down');
      await screenshot(organiser, `cancel-modal-${viewport}`);
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await latestToast(organiser, 'Ride cancelled').waitFor();
      await organiser.getByTestId('cancelled-banner').getByText('Reason: The car broke down').waitFor();
      expect(await organiser.getByRole('button', { name: 'Cancel Ride' }).count()).toBe(0);
      expect(await organiser.getByRole('link', { name: 'Edit Ride' }).count()).toBe(0);
      await screenshot(organiser, `cancel-organiser-after-${viewport}`);

      await passenger.goto(`/rides/${String(rideId)}`);
      await passenger.getByTestId('cancelled-banner').getByText('Reason: The car broke down').waitFor();
      await passenger.getByRole('heading', { name: 'This Ride Was Cancelled' }).waitFor();
      await screenshot(passenger, `cancel-passenger-detail-${viewport}`);

      await openMyRides(passenger);
      const cancelled = passenger.getByRole('region', { name: 'Cancelled Rides' });
      const card = cancelled.locator(`article[data-ride-id="${String(rideId)}"]`);
      await card.getByText('Cancelled: The car broke down').waitFor();
      expect(await card.locator('[data-badge]').textContent()).toBe('Cancelled');
      expect(await passenger.getByRole('region', { name: 'Rides You Joined' }).count()).toBe(0);
      await screenshot(passenger, `cancel-passenger-my-rides-${viewport}`);

      // The server agrees: joining is refused with the clear message.
      const { page: latecomer } = await signedInPage(newPage, memberAccount({ name: 'Lee Late' }), viewport);
      const join = await latecomer.request.post(`/api/rides/${String(rideId)}/join`, {
        data: { dropoffLocation: 'Bedok', passengerCount: 1 },
      });
      expect(join.status()).toBe(409);
      expect(await join.json()).toEqual({ error: 'This ride was cancelled' });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a visitor opening a ride link logs in and comes back to that ride',
    async () => {
      const { page: organiser } = await signedInPage(newPage, memberAccount({ name: 'Otto Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(5),
        location: 'Yishun MRT',
      });

      // An account that exists, in a browser that is signed out.
      const account = memberAccount({ name: 'Vera Visitor' });
      const setup = await newPage({ viewport });
      await registerViaApi(setup, account);
      const visitor = await newPage({ viewport });

      await visitor.goto(`/rides/${String(rideId)}`);
      await visitor.getByRole('link', { name: 'Login or Register' }).click();
      await visitor.waitForURL('**/auth');
      await field(visitor, 'Discord Username').fill(account.discordUsername);
      await field(visitor, 'Password').fill(account.password);
      await visitor.getByRole('button', { name: 'Login', exact: true }).click();
      await visitor.waitForURL(`**/rides/${String(rideId)}`);
      await visitor.getByRole('heading', { name: 'Join This Ride' }).waitFor();
      await screenshot(visitor, `sign-in-return-${viewport}`);

      // A crafted ?next= to another site is never followed.
      const other = await newPage({ viewport });
      await other.goto('/auth?next=%2F%2Fevil.example%2F');
      await field(other, 'Discord Username').fill(account.discordUsername);
      await field(other, 'Password').fill(account.password);
      await other.getByRole('button', { name: 'Login', exact: true }).click();
      await other.waitForURL('**/home');
      expect(new URL(other.url()).host).toBe(new URL(visitor.url()).host);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
