// Ride prices (docs/decisions.md#decisions) and the single-pointer reorder: the organiser sets the base cost and the price of
// an additional stop on the ride form, every screen shows the same figures (card, detail cost
// breakdown, join screen with "your share"), and the drop-off order can be changed with the Move
// up / Move down buttons (WCAG 2.2 SC 2.5.7), announced to screen readers, at 1280 and 375 px.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  field,
  joinRideViaApi,
  latestToast,
  memberAccount,
  screenshot,
  sidewaysOverflow,
  singaporeDayIn,
  toast,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

/** The cost box's lines and figures, each as its text (e.g. 'Total CostSGD 100'). */
async function expectCosts(page: Page, boxName: string, costs: { lines: string[]; figures: string[] }): Promise<void> {
  const box = page.getByRole('region', { name: boxName, exact: true });
  await expect(box.locator('[data-cost-line]')).toHaveText(costs.lines);
  await expect(box.locator('[data-cost-figure]')).toHaveText(costs.figures);
}

for (const [viewport, width] of [
  ['desktop', '1280'],
  ['mobile', '375'],
] as const) {
  test.describe(`money at ${viewport} (${width} px)`, () => {
    test('the organiser prices the ride; card, detail and join screen agree, with the joiner’s share', async ({
      signedInPage,
    }) => {
      const { page } = await signedInPage(memberAccount({ name: `Priya Pricer ${width}` }), viewport);
      await page.goto('/rides/create');
      await expect(page.getByRole('heading', { name: 'Create a New Ride' })).toBeVisible();
      // Pre-filled with the spec's figures, the travel guide's prices as a hint.
      await expect(field(page, 'Base Cost (SGD)')).toHaveValue('80');
      await expect(field(page, 'Price per Additional Stop (SGD)')).toHaveValue('5');
      await expect(page.getByTestId('recommended-prices')).toContainText('SGD 75 a trip + SGD 5 a stop');

      await page.locator('label', { hasText: 'Forest City to Singapore' }).click();
      await field(page, 'Maximum Total Passengers').fill('4');
      await field(page, 'Date and Time').fill(`${singaporeDayIn(130)}T10:00`);
      await field(page, 'Your Drop-off Location in Singapore').fill('Tampines Mall');
      // A cleared cost first: the spec-style message (typed values above the bounds are clamped).
      await field(page, 'Base Cost (SGD)').fill('');
      await field(page, 'Base Cost (SGD)').blur();
      await expect(page.getByText('Cost must be a whole number from 1 to 1000 SGD')).toBeVisible();
      await screenshot(page, `money-form-error-${viewport}`);
      await field(page, 'Base Cost (SGD)').fill('90');
      await field(page, 'Price per Additional Stop (SGD)').fill('10');
      await noSidewaysScroll(page);
      await screenshot(page, `money-form-${viewport}`);
      await page.getByRole('button', { name: 'Create Ride' }).click();
      await expect(toast(page, 'Ride created successfully')).toBeVisible();
      await expect(page).toHaveURL(/\/rides\/\d+$/);
      const rideId = Number(/\/rides\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
      const stored = (await (await page.request.get(`/api/rides/${String(rideId)}`)).json()) as Record<string, unknown>;
      expect(stored).toMatchObject({ cost: 90, stopPrice: 10, additionalStops: 0 });

      // A passenger at another place: one additional stop at SGD 10 → total 100, 2 on board.
      const { page: passenger } = await signedInPage(memberAccount({ name: `Pat ${width}` }), viewport);
      await joinRideViaApi(passenger, rideId, 'Jurong East');
      await passenger.close();

      await page.goto(`/rides/${String(rideId)}`);
      await expectCosts(page, 'Cost breakdown', {
        lines: ['Base CostSGD 90', 'Additional Stops (1 × SGD 10)SGD 10', 'Total CostSGD 100'],
        figures: ['Per Person (now)SGD 50.00split by 2 people', 'Per Person (if full)SGD 25.00split by 4 seats'],
      });
      await noSidewaysScroll(page);
      await screenshot(page, `money-detail-${viewport}`);

      // A third member on the join screen: a new place adds a stop, their group of 2 joins.
      const { page: joiner } = await signedInPage(memberAccount({ name: `Jo ${width}` }), viewport);
      await joiner.goto(`/rides/${String(rideId)}/join`);
      await field(joiner, 'Drop-off Location').fill('Bedok Mall');
      await field(joiner, 'Number of Passengers').fill('2');
      const share = joiner.getByRole('region', { name: 'Cost', exact: true });
      await expect(share.getByText('Your location is a new stop: it adds SGD 10 to the total.')).toBeVisible();
      // 90 + 2 stops × 10 = 110; 4 on board → 27.50 each now and if full; the group pays twice that.
      await expectCosts(joiner, 'Cost', {
        lines: ['Base CostSGD 90', 'Additional Stops (2 × SGD 10)SGD 20', 'Total CostSGD 110'],
        figures: [
          'Per Person (now)SGD 27.50with you, 4 people',
          'Per Person (if full)SGD 27.50split by 4 seats',
          'Your Cost (estimated)SGD 55.00for 2 people',
          'Your share if fullSGD 55.00for 2 people',
        ],
      });
      await noSidewaysScroll(joiner);
      await screenshot(joiner, `money-join-${viewport}`);

      // The organiser's ride card (My Rides) shows the same per-person figures.
      await page.goto('/home?tab=my-rides');
      const card = page
        .getByRole('region', { name: 'Rides You Organized' })
        .locator(`article[data-ride-id="${String(rideId)}"]`);
      await expect(card).toBeVisible();
      await expect(card.getByTestId('price-story')).toHaveText('Price: about SGD 50.00 each now, SGD 25.00 if full');
      await screenshot(page, `money-card-${viewport}`);
      await joiner.close();
    });

    test('the organiser reorders the drop-offs with Move up / Move down, announced, kept after a reload', async ({
      signedInPage,
    }) => {
      const { page } = await signedInPage(memberAccount({ name: `Omar ${width}` }), viewport);
      const rideId = await createRideViaApi(page, { direction: 'FC->SG', maxPassengers: 5, location: 'Jurong East' });
      for (const [name, place] of [
        [`Ann ${width}`, 'Tampines Mall'],
        [`Ben ${width}`, 'Bedok Mall'],
      ] as const) {
        const { page: passenger } = await signedInPage(memberAccount({ name }));
        await joinRideViaApi(passenger, rideId, place);
        await passenger.close();
      }
      await page.goto(`/rides/${String(rideId)}?tab=passengers`);
      const panel = page.getByRole('region', { name: 'Drop-off Sequence' });
      const names = panel.locator('[data-sequence-name]');
      await expect(names).toHaveText([`Omar ${width}`, `Ann ${width}`, `Ben ${width}`]);
      // Disabled at the ends.
      await expect(panel.getByRole('button', { name: `Move up: Omar ${width}` })).toBeDisabled();
      await expect(panel.getByRole('button', { name: `Move down: Ben ${width}` })).toBeDisabled();
      await noSidewaysScroll(page);
      await screenshot(page, `move-buttons-before-${viewport}`);

      await panel.getByRole('button', { name: `Move up: Ben ${width}` }).click();
      const status = panel.getByTestId('sequence-move-status');
      await expect(status).toHaveAttribute('aria-live', 'polite');
      await expect(status).toHaveText(`Ben ${width} moved to stop 2 of 3`);
      await expect(latestToast(page, 'Success').filter({ hasText: 'Passenger sequence updated' })).toBeVisible();
      await expect(names).toHaveText([`Omar ${width}`, `Ben ${width}`, `Ann ${width}`]);
      // The moved row keeps the focus.
      await expect(panel.getByRole('button', { name: `Move up: Ben ${width}` })).toBeFocused();
      await screenshot(page, `move-buttons-after-${viewport}`);

      await page.reload();
      await expect(names).toHaveText([`Omar ${width}`, `Ben ${width}`, `Ann ${width}`]);
      await expect(panel.locator('[data-testid="sequence-row"] .mantine-Badge-label')).toHaveText([
        'Stop #1',
        'Stop #2',
        'Stop #3',
      ]);

      // Locked: no move controls at all.
      await panel.getByRole('button', { name: 'Lock Sequence' }).click();
      await confirmDialog(page, 'Lock Sequence');
      await expect(panel.getByText('Sequence locked', { exact: true })).toBeVisible();
      await expect(panel.getByRole('button', { name: /^Move (up|down): / })).toHaveCount(0);
    });
  });
}
