// Cancelling a ride and coming back after signing in (docs/features.md#cancelling-a-ride, docs/features.md#signing-in-from-a-link), at desktop and phone widths:
// the organiser cancels a ride a passenger joined, giving a reason in the Cancel Ride modal; the
// passenger then sees the banner with the reason on the ride and the ride under Cancelled Rides in
// My Rides. A signed-out visitor opening a ride link logs in and lands back on that ride.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  joinRideViaApi,
  latestToast,
  memberAccount,
  registerViaApi,
  screenshot,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

async function openMyRides(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByRole('tab', { name: 'My Rides' }).click();
  await expect(page).toHaveURL(/tab=my-rides/);
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`cancelling a ride (${viewport})`, () => {
    test('the organiser cancels with a reason; the passenger sees the banner and the Cancelled Rides section', async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Orla Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', date: inDays(4), location: 'Bedok MRT' });
      const { page: passenger } = await signedInPage(memberAccount({ name: 'Pia Passenger' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines MRT');

      await organiser.goto(`/rides/${String(rideId)}`);
      await organiser.getByRole('button', { name: 'Cancel Ride' }).click();
      const dialog = organiser.getByRole('dialog', { name: 'Cancel this ride?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
      await field(dialog, 'Reason').fill('The car broke down');
      await screenshot(organiser, `cancel-modal-${viewport}`);
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await expect(latestToast(organiser, 'Ride cancelled')).toBeVisible();
      await expect(organiser.getByTestId('cancelled-banner').getByText('Reason: The car broke down')).toBeVisible();
      await expect(organiser.getByRole('button', { name: 'Cancel Ride' })).toHaveCount(0);
      await expect(organiser.getByRole('link', { name: 'Edit Ride' })).toHaveCount(0);
      await screenshot(organiser, `cancel-organiser-after-${viewport}`);

      await passenger.goto(`/rides/${String(rideId)}`);
      await expect(passenger.getByTestId('cancelled-banner').getByText('Reason: The car broke down')).toBeVisible();
      await expect(passenger.getByRole('heading', { name: 'This Ride Was Cancelled' })).toBeVisible();
      await screenshot(passenger, `cancel-passenger-detail-${viewport}`);

      await openMyRides(passenger);
      const cancelled = passenger.getByRole('region', { name: 'Cancelled Rides' });
      const card = cancelled.locator(`article[data-ride-id="${String(rideId)}"]`);
      await expect(card.getByText('Cancelled: The car broke down')).toBeVisible();
      await expect(card.locator('[data-badge]')).toHaveText('Cancelled');
      await expect(passenger.getByRole('region', { name: 'Rides You Joined' })).toHaveCount(0);
      await screenshot(passenger, `cancel-passenger-my-rides-${viewport}`);

      // The server agrees: joining is refused with the clear message.
      const { page: latecomer } = await signedInPage(memberAccount({ name: 'Lee Late' }), viewport);
      const join = await latecomer.request.post(`/api/rides/${String(rideId)}/join`, {
        data: { dropoffLocation: 'Bedok', passengerCount: 1 },
      });
      expect(join.status()).toBe(409);
      expect(await join.json()).toEqual({ error: 'This ride was cancelled' });
    });

    test('a visitor opening a ride link logs in and comes back to that ride', async ({ newPage, signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Otto Organiser' }), viewport);
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
      await expect(visitor).toHaveURL(/\/auth$/);
      await field(visitor, 'Discord Username').fill(account.discordUsername);
      await field(visitor, 'Password').fill(account.password);
      await visitor.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(visitor).toHaveURL(new RegExp(`/rides/${String(rideId)}$`));
      await expect(visitor.getByRole('heading', { name: 'Join This Ride' })).toBeVisible();
      await screenshot(visitor, `sign-in-return-${viewport}`);

      // A crafted ?next= to another site is never followed.
      const other = await newPage({ viewport });
      await other.goto('/auth?next=%2F%2Fevil.example%2F');
      await field(other, 'Discord Username').fill(account.discordUsername);
      await field(other, 'Password').fill(account.password);
      await other.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(other).toHaveURL(/\/home$/);
      expect(new URL(other.url()).host).toBe(new URL(visitor.url()).host);
    });
  });
}
