// Quotes (docs/vendors.md#quotes) at 1280 and 375 px: an approved vendor quotes an organiser's ride
// from its dashboard, withdraws and quotes again; the organiser sees the quote on the ride's page,
// accepts it after a confirmation that shows the new per-person figures, and the ride then shows
// the vendor as its driver and the quote as its base cost.
//
// Available Rides lists every open ride of the shared database, so the card is found by its ride id.
import type { Locator, Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  latestToast,
  memberAccount,
  screenshot,
  sidewaysOverflow,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

/** Opens the Quote form from the card with the keyboard and sends a price and note. */
async function sendQuote(page: Page, offered: Locator, price: string, note: string): Promise<void> {
  const button = offered.getByRole('button', { name: /^(Quote|Change Quote):/ });
  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await field(dialog, 'Price for the whole ride (SGD)').fill(price);
  await field(dialog, 'Note (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Send Quote' }).click();
  await expect(latestToast(page, 'Quote sent')).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

for (const [viewport, width, offset] of [
  ['desktop', '1280', 41],
  ['mobile', '375', 43],
] as const) {
  test.describe(`quotes at ${viewport} (${width} px)`, () => {
    test('a vendor quotes, the organiser accepts, the ride shows the vendor and the new price', async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: `Quinn Quoter ${width}` }), viewport);
      // SGD 80 listed, 2 of 4 seats taken: SGD 40.00 each now, SGD 20.00 if full.
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(offset),
        maxPassengers: 4,
        organizerPassengerCount: 2,
        location: 'Tampines Mall',
      });
      const company = `Causeway Quotes ${width}`;
      const account = vendorAccount(
        {
          name: `Vera Vendor ${width}`,
          vendor: {
            companyName: company,
            driverName: 'Tan Ah Kow',
            driverContact: '+60 12 345 6789',
            carNumber: 'JQB 1234',
          },
        },
        'SG->FC',
      );
      const { page: vendor } = await signedInPage(account, viewport, { approveVendor: true });

      // The organiser's ride page before any quote: the Quotes card says so.
      await organiser.goto(`/rides/${String(rideId)}`);
      const quotesCard = organiser.getByRole('region', { name: 'Quotes' });
      await expect(quotesCard).toContainText('No quotes yet.');

      // The vendor quotes from Available Rides, withdraws, and quotes again.
      await vendor.goto('/vendor?tab=available');
      const offered = card(vendor, rideId);
      await expect(offered).toBeVisible();
      await sendQuote(vendor, offered, '100', 'Toyota Alphard');
      await expect(offered.getByTestId('own-quote')).toHaveText(/Your quote: SGD 100\s*Toyota Alphard/);
      await offered.getByRole('button', { name: /^Withdraw quote:/ }).click();
      await expect(latestToast(vendor, 'Quote withdrawn')).toBeVisible();
      await expect(offered.getByTestId('own-quote')).toHaveCount(0);
      await sendQuote(vendor, offered, '120', 'Toyota Alphard, 7 seats');
      await expect(offered.getByTestId('own-quote')).toContainText('Your quote: SGD 120');
      await expect(offered.getByRole('button', { name: /^Change Quote:/ })).toBeVisible();
      await offered.scrollIntoViewIfNeeded();
      await noSidewaysScroll(vendor);
      await screenshot(vendor, `quotes-vendor-${viewport}`);

      // The organiser's page follows the live event: the quote is listed with the vendor's facts.
      const row = quotesCard.getByRole('listitem').filter({ hasText: company });
      await expect(row).toBeVisible();
      await expect(row).toContainText('SGD 120');
      await expect(row).toContainText('13 seats · Singapore permit');
      await expect(row).toContainText('Toyota Alphard, 7 seats');
      await noSidewaysScroll(organiser);
      await screenshot(organiser, `quotes-organiser-${viewport}`);

      await row.getByRole('button', { name: `Accept ${company}'s quote of SGD 120` }).click();
      const confirm = organiser.getByRole('dialog', { name: `Accept ${company}'s quote?` });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByTestId('accept-per-person')).toHaveText(
        /Per person now: SGD 40\.00 → SGD 60\.00\s*Per person if full: SGD 20\.00 → SGD 30\.00/,
      );
      await confirm.getByRole('button', { name: 'Accept Quote' }).click();
      await expect(latestToast(organiser, 'Quote accepted')).toBeVisible();

      // The ride now has the vendor as its driver and the quote as its base cost.
      await expect(organiser.getByRole('group', { name: 'Ride status' })).toContainText('Driver found');
      await expect(organiser.getByRole('region', { name: 'Driver' })).toContainText(company);
      await expect(quotesCard).toHaveCount(0);
      const costs = organiser.getByRole('region', { name: 'Cost breakdown' });
      await expect(costs.locator('[data-cost-line]').first()).toHaveText('Base CostSGD 120');
      await expect(costs.locator('[data-cost-figure]').first()).toContainText('SGD 60.00');
      await noSidewaysScroll(organiser);

      // The vendor finds the ride under My Rides.
      await vendor.goto('/vendor?tab=my-rides');
      await expect(card(vendor, rideId).locator('[data-status]')).toHaveText('Assigned to you');
    });
  });
}
