// The route order of a Singapore to Forest City ride (docs/product.md#route-order): its organiser
// orders the pick-ups with the Move buttons, locks the order, places a late joiner second, merges
// two spellings of one place, and the manifest reads in route order. At 1280px and at 375px.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  joinRideViaApi,
  latestToast as toast,
  memberAccount,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const panel = (page: Page) => page.getByRole('region', { name: 'Pick-up Sequence' });
const names = (page: Page) => panel(page).getByTestId('sequence-row').locator('[data-sequence-name]');
const rowOf = (page: Page, name: string) => panel(page).getByTestId('sequence-row').filter({ hasText: name });

async function moveUp(page: Page, name: string): Promise<void> {
  await panel(page)
    .getByRole('button', { name: `Move up: ${name}` })
    .click();
  const updated = toast(page, 'Success').filter({ hasText: 'Passenger sequence updated' });
  await expect(updated.first()).toBeVisible();
}

for (const size of ['desktop', 'mobile'] as const) {
  test(`pick-ups ordered, locked, a late joiner placed and two stops merged (${size})`, async ({ signedInPage }) => {
    const { page } = await signedInPage(memberAccount({ name: 'Olivia Organiser' }), size);
    const rideId = await createRideViaApi(page, { direction: 'SG->FC', maxPassengers: 6, location: 'Bedok MRT' });
    for (const [name, place] of [
      ['Ben Bravo', 'Clementi MRT exit B'],
      ['Cai Charlie', 'Jurong East'],
    ] as const) {
      const { page: rider } = await signedInPage(memberAccount({ name }));
      await joinRideViaApi(rider, rideId, place);
      await rider.close();
    }

    await page.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expect(panel(page)).toBeVisible();
    await expect(names(page)).toHaveText(['Olivia Organiser', 'Ben Bravo', 'Cai Charlie']);
    // Jurong East first, then Clementi, then Bedok: the car's way from the west.
    await moveUp(page, 'Cai Charlie');
    await expect(names(page)).toHaveText(['Olivia Organiser', 'Cai Charlie', 'Ben Bravo']);
    await moveUp(page, 'Cai Charlie');
    await expect(names(page)).toHaveText(['Cai Charlie', 'Olivia Organiser', 'Ben Bravo']);
    await moveUp(page, 'Ben Bravo');
    await expect(names(page)).toHaveText(['Cai Charlie', 'Ben Bravo', 'Olivia Organiser']);

    await panel(page).getByRole('button', { name: 'Lock Sequence' }).click();
    await expect(page.getByRole('dialog')).toContainText('Lock the pick-up order?');
    await confirmDialog(page, 'Lock Sequence');
    await expect(panel(page).getByText('The pick-up order is locked.')).toBeVisible();

    // Dan joins late at another spelling of Ben's stop: not placed yet, not last.
    const { page: dan } = await signedInPage(memberAccount({ name: 'Dan Delta' }));
    await joinRideViaApi(dan, rideId, 'Clementi MRT, Exit B (bus stop)');
    await dan.close();
    await page.reload();
    await expect(rowOf(page, 'Dan Delta')).toContainText('Not placed yet');
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `route-order-unplaced-${size}`);
    await rowOf(page, 'Dan Delta').getByLabel('Place Dan Delta at').selectOption('2');
    await rowOf(page, 'Dan Delta').getByRole('button', { name: 'Place' }).click();
    await expect(names(page)).toHaveText(['Cai Charlie', 'Dan Delta', 'Ben Bravo', 'Olivia Organiser']);
    await expect(panel(page).getByText('Not placed yet')).toHaveCount(0);

    // Two spellings of one place become one stop, after a confirmation.
    await panel(page).getByRole('button', { name: 'Merge two stops' }).click();
    const merge = panel(page).getByRole('region', { name: 'Merge two stops' });
    await expect(merge.getByLabel('Merge the stop of')).toHaveValue(/\d+/);
    await merge.getByRole('button', { name: 'Merge stops' }).click();
    await expect(page.getByRole('dialog')).toContainText('one stop fewer');
    await confirmDialog(page, 'Merge stops');
    await expect(toast(page, 'Success').filter({ hasText: 'Stops merged' }).first()).toBeVisible();
    // The later stop in the order (Ben's spelling) takes the earlier one's place (Dan's).
    await expect(rowOf(page, 'Ben Bravo')).toContainText('Clementi MRT, Exit B (bus stop)');
    await expect(rowOf(page, 'Dan Delta')).toContainText('Stop #2');
    await expect(rowOf(page, 'Ben Bravo')).toContainText('Stop #2');

    // The manifest reads in route order, the two Clementi riders under one stop.
    await page.goto(`/rides/${String(rideId)}/manifest`);
    await expect(page.getByTestId('manifest-stop')).toHaveText([
      /^1\.\s*Cai Charlie/,
      /^2\.\s*Dan Delta/,
      /^2\.\s*Ben Bravo/,
      /^3\.\s*Olivia Organiser/,
    ]);
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `route-order-manifest-${size}`);
  });
}
