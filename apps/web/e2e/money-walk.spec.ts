// The money walk (docs/payments.md#ledger) at 1280 and 375 px: riders pay and the organiser
// confirms, a late join lowers the shares (a refund), a rider leaves and is waived, the organiser
// recalculates, and then accepts a higher vendor quote after seeing each rider's share before and
// after. Every recorded payment stays intact (a top-up, never a reset) and the amounts always sum
// to the ride's total. No time is asserted.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  latestToast,
  memberAccount,
  screenshot,
  sidewaysOverflow,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

type Row = { passengerId: number; name: string; amountDue: number; status: string; topUpDue: number; paid: number };

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

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
  test.describe(`the money walk at ${viewport} (${width} px)`, () => {
    test('pay, confirm, late join, leave, waive, recalculate, a higher quote: every payment intact', async ({
      signedInPage,
    }) => {
      const location = `Pasir Ris Walk ${width}`;
      const { page: organiser } = await signedInPage(memberAccount({ name: `Ana Walk ${width}` }), viewport);
      // SGD 80, posted for tomorrow: the price locks at once.
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        location,
        date: inDays(1),
        maxPassengers: 6,
      });
      const riders: Record<string, Page> = {};
      for (const name of ['Ben', 'Cal', 'Dee']) {
        const { page } = await signedInPage(memberAccount({ name: `${name} Walk ${width}` }), viewport);
        await joinRideViaApi(page, rideId, location);
        riders[name] = page;
      }
      const ben = riders.Ben as Page;
      const cal = riders.Cal as Page;
      expect((await paymentsOf(organiser, rideId)).map((row) => row.amountDue)).toEqual([20, 20, 20, 20]);

      // Ben pays; Ana confirms it on her table.
      const marked = await ben.request.post(`/api/rides/${String(rideId)}/payments/mine`, {
        data: { method: 'paynow' },
      });
      expect(marked.status()).toBe(200);
      await organiser.goto(`/rides/${String(rideId)}`);
      const table = organiser.getByRole('region', { name: 'Payment' });
      await table.getByRole('button', { name: `Confirm payment: Ben Walk ${width}` }).click();
      await expect(table.getByRole('button', { name: `Undo confirmation: Ben Walk ${width}` })).toBeVisible();

      // Eve joins late: everyone SGD 16, Ben is owed SGD 4 back.
      const { page: eve } = await signedInPage(memberAccount({ name: `Eve Walk ${width}` }), viewport);
      await joinRideViaApi(eve, rideId, location);
      await expect(table.getByText(`Refund SGD 4.00 to Ben Walk ${width}`)).toBeVisible();

      // Cal leaves; Ana waives his share (her row absorbs it) and recalculates.
      const calRow = (await paymentsOf(cal, rideId))[0];
      const left = await cal.request.delete(
        `/api/rides/${String(rideId)}/passengers/${String(calRow?.passengerId ?? 0)}`,
      );
      expect(left.status(), await left.text()).toBe(200);
      await table.getByRole('button', { name: `Waive the share of Cal Walk ${width}` }).click();
      await expect(latestToast(organiser, 'Share waived')).toBeVisible();
      await table.getByRole('button', { name: 'Recalculate amounts' }).click();
      const recalc = organiser.getByRole('dialog', { name: 'Recalculate the amounts?' });
      await expect(recalc).toContainText('No rider pays more');
      await recalc.getByRole('button', { name: 'Recalculate amounts' }).click();
      await expect(latestToast(organiser, 'Amounts recalculated')).toBeVisible();
      let rows = await paymentsOf(organiser, rideId);
      expect(cents(rows)).toBe(8000);
      const benRow = rows.find((row) => row.name === `Ben Walk ${width}`);
      expect(benRow).toMatchObject({ amountDue: 16, status: 'confirmed', paid: 20 });
      await expect(table.getByText(`Refund SGD 4.00 to Ben Walk ${width}`)).toBeVisible();
      await noSidewaysScroll(organiser);
      await screenshot(organiser, `money-walk-recalculated-${viewport}`);

      // A vendor quotes SGD 120; Ana sees each rider's share before and after, and accepts.
      const { page: vendor } = await signedInPage(
        vendorAccount(
          {
            name: `Vic Walk ${width}`,
            vendor: {
              companyName: `Walk Cabs ${width}`,
              driverName: 'Tan',
              driverContact: '+60 12 345 6789',
              carNumber: 'JQB 1',
            },
          },
          'SG->FC',
        ),
        viewport,
        { approveVendor: true },
      );
      const quoted = await vendor.request.post(`/api/rides/${String(rideId)}/quotes`, { data: { price: 120 } });
      expect(quoted.status(), await quoted.text()).toBe(201);
      const quotes = organiser.getByRole('region', { name: 'Quotes' });
      await quotes.getByRole('button', { name: `Accept Walk Cabs ${width}'s quote of SGD 120` }).click();
      const confirm = organiser.getByRole('dialog', { name: `Accept Walk Cabs ${width}'s quote?` });
      const shares = confirm.getByTestId('accept-shares');
      await expect(shares).toContainText('Ride total: SGD 80.00 → SGD 120.00');
      await expect(shares).toContainText(`Ben Walk ${width}: SGD 16.00 → SGD 26.00 · SGD 6.00 top-up due`);
      await noSidewaysScroll(organiser);
      await screenshot(organiser, `money-walk-quote-${viewport}`);
      await expectAccessible(organiser, `quote dialog after the lock (${viewport})`);
      await confirm.getByRole('button', { name: 'Accept Quote' }).click();
      await expect(latestToast(organiser, 'Quote accepted')).toBeVisible();

      // The amounts sum to SGD 120; Ben's confirmed payment stands with a top-up line.
      rows = await paymentsOf(organiser, rideId);
      expect(cents(rows)).toBe(12000);
      expect(rows.find((row) => row.name === `Ben Walk ${width}`)).toMatchObject({
        amountDue: 26,
        status: 'confirmed',
        paid: 20,
        topUpDue: 6,
      });
      await expect(table.getByTestId(`top-up-${String(benRow?.passengerId ?? 0)}`)).toHaveText('SGD 6.00 top-up due');
      await ben.goto(`/rides/${String(rideId)}`);
      const benCard = ben.getByRole('region', { name: 'Payment' });
      await expect(benCard.getByTestId('my-top-up')).toHaveText(
        'SGD 6.00 top-up due: your share rose after you paid SGD 20.00',
      );
      await expect(benCard.getByTestId('my-payment-status')).toHaveText('Confirmed');
      await noSidewaysScroll(ben);
      await screenshot(ben, `money-walk-top-up-${viewport}`);
      await expectAccessible(ben, `a rider's top-up (${viewport})`);
      await expectAccessible(organiser, `the organiser's table with a top-up (${viewport})`);
      for (const page of [...Object.values(riders), eve, vendor]) await page.close();
    });
  });
}
