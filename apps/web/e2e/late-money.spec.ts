// Money for a last-minute ride (docs/payments.md#after-the-lock), at 1280 and 375 px: a ride posted
// for tomorrow locks with the organiser alone; three riders join one after another and each sees
// their share at once, the amounts always summing to the total; the first rider, who had paid, sees
// a refund due and the organiser settles it; a rider who leaves keeps a `left` row until the
// organiser waives it. The organiser's table follows every change without a reload (the app never
// polls: only the `payments.changed` live event can bring them). No time is asserted.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  latestToast,
  markDocument,
  memberAccount,
  notReloaded,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

type Row = { passengerId: number; name: string; amountDue: number; refundDue: number; left: boolean };

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

/** The table as the page's member may read it (GET /api/rides/:id/payments). */
async function paymentsOf(page: Page, rideId: number): Promise<Row[]> {
  const response = await page.request.get(`/api/rides/${String(rideId)}/payments`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { payments: Row[] }).payments;
}

const cents = (rows: readonly Row[]) => rows.reduce((sum, row) => sum + Math.round(row.amountDue * 100), 0);

for (const [viewport, width] of [
  ['desktop', '1280'],
  ['mobile', '375'],
] as const) {
  test.describe(`late money at ${viewport} (${width} px)`, () => {
    test('a ride for tomorrow settles itself as riders join: shares at once, a refund, a leaver waived', async ({
      signedInPage,
    }) => {
      const location = `Pasir Ris ${width}`;
      const { page: organiser } = await signedInPage(memberAccount({ name: `Olive Late ${width}` }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        location,
        date: inDays(1),
        maxPassengers: 4,
      });

      // The organiser's page: locked at once, the whole SGD 80 on their own row.
      const liveOpen = organiser.waitForResponse((res) => res.url().includes('/trpc/live.events'), {
        timeout: 20_000,
      });
      await organiser.goto(`/rides/${String(rideId)}`);
      await liveOpen;
      const table = organiser.getByRole('region', { name: 'Payment' });
      await expect(table.getByTestId('price-locked')).toBeVisible();
      await expect(table.getByTestId('paid-summary')).toHaveText('0 of 0 paid · total SGD 80.00');
      await markDocument(organiser);

      // Ann joins: her share at once, SGD 40; she pays.
      const { page: ann } = await signedInPage(memberAccount({ name: `Ann Late ${width}` }), viewport);
      await joinRideViaApi(ann, rideId, location);
      await ann.goto(`/rides/${String(rideId)}`);
      const annCard = ann.getByRole('region', { name: 'Payment' });
      await expect(annCard.getByTestId('my-amount')).toHaveText('Your share: SGD 40.00');
      await expect(ann.getByRole('region', { name: 'Cost breakdown' }).getByTestId('price-story')).toHaveText(
        'Your share SGD 40.00',
      );
      await annCard.getByLabel('Paid with').selectOption('cash');
      await annCard.getByRole('button', { name: 'I have paid' }).click();
      await expect(annCard.getByTestId('my-payment-status')).toHaveText('Marked paid');
      await expect(annCard.getByRole('button', { name: 'Change how I paid' })).toBeVisible();
      // The organiser's open table caught up by itself.
      await expect(table.getByTestId('paid-summary')).toHaveText('1 of 1 paid · total SGD 80.00');

      // Ben joins: everyone goes down; Ann had paid 40 and is owed 13.33 back.
      const { page: ben } = await signedInPage(memberAccount({ name: `Ben Late ${width}` }), viewport);
      await joinRideViaApi(ben, rideId, location);
      expect((await paymentsOf(ben, rideId))[0]).toMatchObject({ amountDue: 26.66 });
      expect(cents(await paymentsOf(organiser, rideId))).toBe(8000);
      await expect(table.getByText(`Refund SGD 13.33 to Ann Late ${width}`)).toBeVisible();
      await expect(annCard.getByTestId('my-refund')).toHaveText('SGD 13.33 to come back from the organizer');

      // Cal joins: 20 each; Ann's refund grows to 20.
      const { page: cal } = await signedInPage(memberAccount({ name: `Cal Late ${width}` }), viewport);
      await joinRideViaApi(cal, rideId, location);
      const calRow = (await paymentsOf(cal, rideId))[0];
      expect(calRow).toMatchObject({ amountDue: 20 });
      const rows = await paymentsOf(organiser, rideId);
      expect(rows.map((row) => row.amountDue)).toEqual([20, 20, 20, 20]);
      expect(cents(rows)).toBe(8000);
      await expect(table.getByText(`Refund SGD 20.00 to Ann Late ${width}`)).toBeVisible();
      await expect(annCard.getByTestId('my-refund')).toHaveText('SGD 20.00 to come back from the organizer');
      await noSidewaysScroll(organiser);
      await screenshot(organiser, `late-money-refund-${viewport}`);
      await noSidewaysScroll(ann);
      await screenshot(ann, `late-money-rider-refund-${viewport}`);

      // The organiser gives it back.
      await table.getByRole('button', { name: `Mark refund sent to Ann Late ${width}` }).click();
      await expect(latestToast(organiser, 'Refund marked as given')).toBeVisible();
      await expect(table.getByText(`Refund SGD 20.00 to Ann Late ${width}`)).toHaveCount(0);
      await expect(annCard.getByTestId('my-refund')).toHaveCount(0);

      // Cal leaves: his row stays, marked Left, until the organiser waives it.
      const left = await cal.request.delete(
        `/api/rides/${String(rideId)}/passengers/${String(calRow?.passengerId ?? 0)}`,
      );
      expect(left.status(), await left.text()).toBe(200);
      const calTableRow = table.getByTestId(`payment-row-${String(calRow?.passengerId ?? 0)}`);
      await expect(calTableRow).toContainText('Left');
      // Cal still sees the share he owes on the ride page.
      await cal.goto(`/rides/${String(rideId)}`);
      await expect(cal.getByRole('region', { name: 'Payment' }).getByTestId('my-left')).toBeVisible();
      await screenshot(cal, `late-money-leaver-${viewport}`);
      expect(cents(await paymentsOf(organiser, rideId))).toBe(8000);
      await noSidewaysScroll(organiser);
      await screenshot(organiser, `late-money-left-${viewport}`);
      await table.getByRole('button', { name: `Waive the share of Cal Late ${width}` }).click();
      await expect(latestToast(organiser, 'Share waived')).toBeVisible();
      await expect(calTableRow).toHaveCount(0);
      // The organiser's row absorbs the waived share: the amounts still sum to the ride's SGD 80.
      await expect(table.getByTestId('paid-summary')).toHaveText('1 of 2 paid · total SGD 80.00');
      expect(cents(await paymentsOf(organiser, rideId))).toBe(8000);
      expect(await notReloaded(organiser)).toBe(true);
      await screenshot(organiser, `late-money-waived-${viewport}`);

      // My Rides counts the riders only.
      await organiser.goto('/home?tab=my-rides');
      await expect(organiser.getByRole('region', { name: 'Rides You Organized' }).getByTestId('paid-count')).toHaveText(
        '1 of 2 paid',
      );
      for (const page of [ann, ben, cal]) await page.close();
    });
  });
}
