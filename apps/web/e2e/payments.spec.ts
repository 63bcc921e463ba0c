// Money that settles (docs/payments.md), at 1280 and 375 px: the organiser adds a PayNow proxy on
// the profile; the ride shows the estimate until the test moves its departure inside the lock
// window (the organiser edits the date, as the past-ride fixture moves a ride's time), which locks
// the price; the rider opens the PayNow QR for their exact share and marks it paid; the organiser
// confirms; My Rides shows the count.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  joinRideViaApi,
  latestToast,
  memberAccount,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

/** The organiser moves the departure (PATCH /api/rides/:id with the ride as created and the new date). */
async function moveDeparture(page: Page, rideId: number, location: string, date: string): Promise<void> {
  const response = await page.request.patch(`/api/rides/${String(rideId)}`, {
    data: {
      direction: 'SG->FC',
      date,
      maxPassengers: 4,
      minPassengers: 2,
      organizerPassengerCount: 1,
      pickupLocation: location,
      dropoffLocations: [{ location, passengerCount: 1 }],
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

for (const [viewport, width] of [
  ['desktop', '1280'],
  ['mobile', '375'],
] as const) {
  test.describe(`payments at ${viewport} (${width} px)`, () => {
    test('the price locks, the rider pays by PayNow QR, the organiser confirms, My Rides counts', async ({
      signedInPage,
    }) => {
      const location = `Tampines Hub ${width}`;
      const { page: organiser } = await signedInPage(memberAccount({ name: `Olive Owner ${width}` }), viewport);
      const { page: rider } = await signedInPage(memberAccount({ name: `Rita Rider ${width}` }), viewport);

      // The PayNow proxy on the profile: a bad one is refused with a message, a good one saved.
      await organiser.goto('/profile');
      const proxy = field(organiser, 'PayNow (mobile or UEN)');
      await proxy.fill('+65 6123 4567');
      await organiser.getByRole('button', { name: 'Save Changes' }).click();
      await expect(organiser.getByText(/must be a Singapore mobile number/).first()).toBeVisible();
      await proxy.fill('9123 4567');
      await organiser.getByRole('button', { name: 'Save Changes' }).click();
      await expect(latestToast(organiser, 'Your profile has been updated')).toBeVisible();
      await expect(proxy).toHaveValue('+6591234567');

      // A ride four days ahead: outside the 48-hour window, so the price is still an estimate.
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', location, date: inDays(4) });
      await moveDeparture(organiser, rideId, location, inDays(4));
      await rider.goto(`/rides/${String(rideId)}`);
      await expect(rider.getByTestId('minimum-note')).toHaveText('Needs 1 more to go');
      await joinRideViaApi(rider, rideId, location);
      await organiser.goto(`/rides/${String(rideId)}`);
      const card = organiser.getByRole('region', { name: 'Payment' });
      await expect(card.getByTestId('price-estimate')).toBeVisible();
      await expect(card.getByTestId('minimum-note')).toHaveCount(0);

      // The departure moves to tomorrow: inside the window, the next read locks the price.
      await moveDeparture(organiser, rideId, location, inDays(1));
      await organiser.reload();
      await expect(card.getByTestId('price-locked')).toBeVisible();
      // The riders only: the organiser's own row is not counted.
      await expect(card.getByTestId('paid-summary')).toHaveText('0 of 1 paid · total SGD 80.00');

      // The rider sees their exact share, opens the QR code and marks it paid.
      await rider.reload();
      const riderCard = rider.getByRole('region', { name: 'Payment' });
      await expect(riderCard.getByTestId('my-amount')).toHaveText('Your share: SGD 40.00');
      await riderCard.getByRole('button', { name: 'Show PayNow QR' }).click();
      const qr = riderCard.getByRole('img', { name: 'PayNow QR code for SGD 40.00' });
      await expect(qr).toBeVisible();
      await expect(qr).toHaveAttribute(
        'data-payload',
        /^00020101021226\d{2}0009SG\.PAYNOW.*540540\.00.*6304[0-9A-F]{4}$/,
      );
      await expect(riderCard.getByRole('button', { name: 'Hide PayNow QR' })).toHaveAttribute('aria-expanded', 'true');
      await noSidewaysScroll(rider);
      await expectAccessible(rider, `the rider's payment card with the QR code at ${width} px`);
      await riderCard.getByLabel('Paid with').selectOption('paynow');
      await riderCard.getByRole('button', { name: 'I have paid' }).click();
      await expect(riderCard.getByTestId('my-payment-status')).toHaveText('Marked paid');

      // The organiser confirms.
      await organiser.reload();
      const riderName = `Rita Rider ${width}`;
      await organiser.getByRole('button', { name: `Confirm payment: ${riderName}` }).click();
      await expect(latestToast(organiser, 'Payment confirmed')).toBeVisible();
      await expect(card.getByTestId('paid-summary')).toHaveText('1 of 1 paid · total SGD 80.00');
      await expect(organiser.getByRole('button', { name: `Undo confirmation: ${riderName}` })).toBeVisible();
      await noSidewaysScroll(organiser);
      await expectAccessible(organiser, `the organiser's payment table at ${width} px`);

      // My Rides shows the count on the organiser's card.
      await organiser.goto('/home?tab=my-rides');
      const organised = organiser.getByRole('region', { name: 'Rides You Organized' });
      await expect(organised.getByTestId('paid-count')).toHaveText('1 of 1 paid');
      await noSidewaysScroll(organiser);

      // The rider's own view now says the organiser confirmed.
      await rider.reload();
      await expect(riderCard.getByTestId('my-payment-status')).toHaveText('Confirmed');
    });
  });
}
