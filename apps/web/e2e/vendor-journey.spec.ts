// A vendor's whole way in (docs/vendors.md), at 1280 and 375 px: it registers with its licence on
// the web form and waits on a pending dashboard; an administrator approves it; it quotes an
// organiser's ride; the organiser accepts the quote; the vendor opens the ride's manifest from My
// Rides, copies it for WhatsApp and prints it on one A4 page.
import type { Locator, Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  joinRideViaApi,
  latestToast,
  loginViaApi,
  memberAccount,
  printedPages,
  readClipboard,
  registerViaUi,
  screenshot,
  sidewaysOverflow,
  toast,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const card = (page: Page, rideId: number): Locator => page.locator(`article[data-ride-id="${String(rideId)}"]`);

for (const [viewport, width, offset] of [
  ['desktop', '1280', 45],
  ['mobile', '375', 47],
] as const) {
  test(`a vendor registers, is approved, quotes, is accepted and prints the manifest (${width} px)`, async ({
    newPage,
    signedInPage,
    adminAccount,
  }) => {
    const { page: organiser } = await signedInPage(memberAccount({ name: `Odette Organiser ${width}` }), viewport);
    // SGD 80 listed, 2 of 4 seats taken by the organiser's group.
    const rideId = await createRideViaApi(organiser, {
      direction: 'SG->FC',
      date: inDays(offset),
      maxPassengers: 4,
      organizerPassengerCount: 2,
      location: 'Bishan MRT',
    });
    const { page: rider } = await signedInPage(memberAccount({ name: `Rina Rider ${width}` }), viewport);
    await joinRideViaApi(rider, rideId, 'Serangoon Gardens');

    // Registering as a vendor, licence included, on the web form: the dashboard says it waits.
    const company = `Linkway Cars ${width}`;
    const account = vendorAccount(
      {
        name: `Vince Vendor ${width}`,
        vendor: {
          companyName: company,
          driverName: 'Lim Boon Hock',
          driverContact: '+65 9333 0000',
          carNumber: 'SLX 42',
        },
      },
      'SG->FC',
    );
    const vendor = await newPage({ viewport, clipboard: true });
    await registerViaUi(vendor, account);
    await vendor.goto('/vendor');
    await expect(vendor.getByText('Your vendor account is awaiting approval')).toBeVisible();
    await expect(vendor.locator('article[data-ride-id]')).toHaveCount(0);
    await expect.poll(() => sidewaysOverflow(vendor)).toBeLessThanOrEqual(0);
    await screenshot(vendor, `journey-pending-${viewport}`);
    await expectAccessible(vendor, `pending vendor dashboard (${viewport})`);

    // An administrator approves the application on the admin page.
    const admin = await newPage({ viewport });
    await loginViaApi(admin, adminAccount);
    await admin.goto('/admin');
    const application = admin
      .getByRole('region', { name: 'Vendor applications' })
      .getByRole('listitem')
      .filter({ hasText: account.discordUsername });
    await application.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, 'Vendor updated')).toBeVisible();
    await expect(application).toHaveCount(0);

    // The approved vendor quotes the ride from Available Rides.
    await vendor.goto('/vendor?tab=available');
    const offered = card(vendor, rideId);
    await offered.getByRole('button', { name: /^Quote:/ }).click();
    const dialog = vendor.getByRole('dialog');
    await field(dialog, 'Price for the whole ride (SGD)').fill('100');
    await field(dialog, 'Note (optional)').fill('Toyota Alphard');
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(latestToast(vendor, 'Quote sent')).toBeVisible();
    await expect(offered.getByTestId('own-quote')).toContainText('Your quote: SGD 100');
    await expectAccessible(vendor, `available rides with a quote (${viewport})`);

    // The organiser accepts it after seeing what each person would pay before and after.
    await organiser.goto(`/rides/${String(rideId)}`);
    const row = organiser.getByRole('region', { name: 'Quotes' }).getByRole('listitem').filter({ hasText: company });
    await row.getByRole('button', { name: `Accept ${company}'s quote of SGD 100` }).click();
    await expectAccessible(organiser, `ride page with quotes (${viewport})`);
    const confirm = organiser.getByRole('dialog', { name: `Accept ${company}'s quote?` });
    await expect(confirm.getByTestId('accept-per-person')).toContainText(
      /Per person now: SGD \d+\.\d\d → SGD \d+\.\d\d/,
    );
    await confirm.getByRole('button', { name: 'Accept Quote' }).click();
    await expect(latestToast(organiser, 'Quote accepted')).toBeVisible();
    await expect(organiser.getByRole('region', { name: 'Driver' })).toContainText(company);
    const costs = organiser.getByRole('region', { name: 'Cost breakdown' });
    await expect(costs.locator('[data-cost-line]').first()).toHaveText('Base CostSGD 100');

    // The vendor's manifest, from My Rides: the stops in order, copied and printed.
    await vendor.goto('/vendor?tab=my-rides');
    await card(vendor, rideId)
      .getByRole('link', { name: /^Manifest/ })
      .click();
    await expect(vendor).toHaveURL(new RegExp(`/rides/${String(rideId)}/manifest$`));
    const stops = vendor.getByRole('list', { name: 'Passenger groups in stop order' }).getByTestId('manifest-stop');
    await expect(stops).toHaveCount(2);
    await expect(stops.nth(1)).toContainText(`Rina Rider ${width} (1 person)`);
    await expect(vendor.getByTestId('manifest-total')).toHaveText('Total: 3 people');
    await expect.poll(() => sidewaysOverflow(vendor)).toBeLessThanOrEqual(0);
    await screenshot(vendor, `journey-manifest-${viewport}`);
    await expectAccessible(vendor, `manifest (${viewport})`);
    await vendor.getByRole('button', { name: 'Copy for WhatsApp' }).click();
    await expect(toast(vendor, 'Manifest copied')).toBeVisible();
    await expect.poll(() => readClipboard(vendor)).toContain(`Rina Rider ${width} (1 person): Serangoon Gardens`);
    await expect.poll(() => printedPages(vendor)).toBe(1);
  });
}
