// Clear at a glance (docs/product.md#at-a-glance), at 375 and 1280 px: ride cards say where a ride
// goes, the seats and driver in words and where the viewer stands; the Details tab shows the
// rider's own stop; contact buttons carry their labels on phones; a vendor account is refused a
// seat with the reason; irreversible actions ask once; a new vendor lands on its dashboard and the
// administrator is told; the admin page; and no button label is clipped at 320 and 375 px.
import type { Page } from '@playwright/test';

import { expect, test, VIEWPORTS, type ViewportName } from './support/fixtures';
import {
  confirmDialog,
  createRideViaApi,
  inDays,
  joinRideViaApi,
  loginViaApi,
  memberAccount,
  registerViaUi,
  screenshot,
  sidewaysOverflow,
  vendorAccount,
} from './support/helpers';

const card = (page: Page, rideId: number) => page.locator(`article[data-ride-id="${String(rideId)}"]`);

/**
 * On a phone the home filters fold behind one "Filters (n)" button, n the filters not at their
 * default: check n, and unfold them if they are folded. Wider screens show them as they are.
 */
async function showFilters(page: Page, viewport: ViewportName, active: number): Promise<void> {
  if (viewport !== 'mobile') return;
  const button = page.getByRole('button', {
    name: active > 0 ? `Filters (${String(active)})` : 'Filters',
    exact: true,
  });
  await expect(button).toBeVisible();
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

for (const viewport of ['mobile', 'desktop'] as const satisfies ViewportName[]) {
  const width = VIEWPORTS[viewport].width;

  test.describe(`at a glance at ${viewport} (${String(width)} px)`, () => {
    test('cards name the pick-up areas, the seats and driver in words, and where I stand', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Olive Glance' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        location: 'Pasir Ris MRT, Exit A',
        maxPassengers: 4,
      });
      const { page: rider } = await signedInPage(memberAccount({ name: 'Rita Glance' }), viewport);
      await joinRideViaApi(rider, rideId, 'Jurong East Interchange');

      await rider.goto('/home?tab=my-rides');
      const riderCard = card(rider, rideId);
      await expect(riderCard.locator('[data-areas]')).toHaveText('Pick-up: Pasir Ris MRT · Jurong East Interchange');
      await expect(riderCard.locator('[data-ride-state]')).toHaveText('2 seats left · No driver yet');
      await expect(riderCard.locator('[data-standing]')).toHaveText('Joined');
      await expect.poll(() => sidewaysOverflow(rider)).toBeLessThanOrEqual(0);
      await screenshot(rider, `glance-card-${viewport}`);

      await organiser.goto('/home?tab=my-rides');
      await expect(card(organiser, rideId).locator('[data-standing]')).toHaveText('Organizing');

      // The Details tab shows the rider's own stop, and the ride's state in words.
      await rider.goto(`/rides/${String(rideId)}`);
      await expect(rider.getByTestId('own-stop')).toContainText('Jurong East Interchange', { useInnerText: true });
      await expect(rider.getByTestId('own-stop')).toContainText(/your pick-up/i, { useInnerText: true });
      await expect(rider.locator('[data-driver-state]')).toHaveText('No driver yet');
      await expect(rider.locator('[data-seats-state]')).toHaveText('2 seats left');

      // The organiser's contact buttons carry their labels below 768 px, icons only above.
      const contacts = rider.getByRole('group', { name: 'Contact Olive Glance' });
      const whatsapp = contacts.getByRole('link', { name: 'Chat on WhatsApp of Olive Glance' });
      await expect(whatsapp).toHaveText(viewport === 'mobile' ? 'WhatsApp' : '');
      await screenshot(rider, `glance-details-${viewport}`);
    });

    test('filters that hide every ride say so and clear; a refused notification permission says how to allow it', async ({
      signedInPage,
    }) => {
      const { page } = await signedInPage(memberAccount({ name: 'Fay Filter' }), viewport);
      // Other tests' rides share the database: the list's answer is emptied on its way to the page,
      // as it is when nothing matches (each tRPC batch answer keeps its other calls).
      await page.route(/\/trpc\/[^?]*ride\.list/, async (route) => {
        const response = await route.fetch();
        const names = new URL(route.request().url()).pathname.replace('/trpc/', '').split(',');
        const body = (await response.json()) as { result: { data: unknown } }[];
        const empty = { items: [], total: 0, page: 1, pageSize: 12 };
        names.forEach((name, index) => {
          const entry = body[index];
          if (name === 'ride.list' && entry) entry.result.data = empty;
        });
        await route.fulfill({ response, json: body });
      });
      await page.goto('/home?time=thisWeek&direction=FC-%3ESG');
      await expect(page.getByText('No rides match these filters')).toBeVisible();
      await showFilters(page, viewport, 2);
      await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('thisWeek');
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await showFilters(page, viewport, 0);
      await expect(page.getByRole('combobox', { name: 'Time' })).toHaveValue('upcoming');
      await expect(page.getByRole('combobox', { name: 'Direction' })).toHaveValue('all');
      await expect(page.getByText('No rides available at the moment.')).toBeVisible();
      await expect(page.getByText('No rides match these filters')).toHaveCount(0);
      // A list read still on its way finishes through the handler before the route goes.
      await page.unrouteAll({ behavior: 'wait' });

      // Headless Chromium denies notifications: a sentence says how to allow them, not an error.
      await page.goto('/profile');
      const card = page.getByRole('region', { name: 'Phone notifications' });
      await expect(card).toContainText('set Notifications to Allow, then turn this switch on again');
      await expect(card.getByText(/Registration failed/)).toHaveCount(0);
      await expect(card.getByRole('alert')).toHaveCount(0);
    });

    test('a vendor account is refused a seat with the reason, and the ride page says why', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Otto Glance' }), viewport);
      const rideId = await createRideViaApi(organiser, { direction: 'FC->SG', location: 'Bedok' });
      const { page: vendor } = await signedInPage(vendorAccount({}, 'SG->FC'), viewport);

      const refused = await vendor.request.post(`/api/rides/${String(rideId)}/join`, {
        data: { rideId, dropoffLocation: 'Bedok', passengerCount: 1 },
      });
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { error: string }).error).toContain(
        'A vendor account drives rides and cannot join one as a passenger',
      );

      await vendor.goto(`/rides/${String(rideId)}`);
      await expect(vendor.getByRole('heading', { name: 'Vendors Drive, Not Ride' })).toBeVisible();
      await expect(vendor.getByRole('button', { name: 'Join Ride' })).toHaveCount(0);
      await vendor.goto(`/rides/${String(rideId)}/join`);
      await expect(vendor.getByTestId('not-joinable')).toContainText('cannot join one as a passenger');
    });

    test('locking the drop-off order and recalculating amounts each ask once, saying what happens', async ({
      signedInPage,
    }) => {
      const { page } = await signedInPage(memberAccount({ name: 'Lena Lock' }), viewport);
      // Inside the price-lock window (48 hours), so the payment table is there.
      const rideId = await createRideViaApi(page, { direction: 'FC->SG', location: 'Tampines', date: inDays(1) });
      const { page: rider } = await signedInPage(memberAccount({ name: 'Ravi Rider' }), viewport);
      await joinRideViaApi(rider, rideId, 'Bedok');

      await page.goto('/home?tab=my-rides');
      const panel = page.locator(`article[data-ride-id="${String(rideId)}"]`).first();
      await panel.getByRole('button', { name: 'Lock Sequence' }).click();
      const dialog = page.getByRole('dialog', { name: 'Lock the drop-off order?' });
      await expect(dialog).toContainText('it cannot be unlocked');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(panel.getByRole('button', { name: 'Lock Sequence' })).toBeVisible();
      await panel.getByRole('button', { name: 'Lock Sequence' }).click();
      await confirmDialog(page, 'Lock Sequence');
      await expect(panel.getByText('Sequence locked', { exact: true })).toBeVisible();

      await page.goto(`/rides/${String(rideId)}`);
      await page.getByRole('button', { name: 'Recalculate amounts' }).click();
      const recalc = page.getByRole('dialog', { name: 'Recalculate the amounts?' });
      await expect(recalc).toContainText('Everyone whose amount changes is told');
      await screenshot(page, `glance-confirm-${viewport}`);
      await confirmDialog(page, 'Recalculate amounts');
    });

    test('a new vendor lands on its dashboard, told what happens next; the administrator is told', async ({
      newPage,
      adminAccount,
    }) => {
      const account = vendorAccount({ vendor: undefined }, 'SG->FC');
      const company = `Glance Cars ${account.discordUsername.slice(-6)}`;
      const vendor = await newPage({ viewport });
      await registerViaUi(vendor, {
        ...account,
        vendor: { companyName: company, driverName: 'Dee', driverContact: '+65 8000 0001', carNumber: 'SGX1A' },
      });
      await expect(vendor).toHaveURL(/\/vendor$/);
      const next = vendor.getByTestId('vendor-next-steps');
      await expect(next).toContainText('What happens next');
      await expect(next).toContainText('usually takes up to 2 working days');
      await screenshot(vendor, `glance-vendor-pending-${viewport}`);

      const admin = await newPage({ viewport });
      await loginViaApi(admin, adminAccount);
      await admin.goto('/notifications');
      const notice = admin.getByRole('link', {
        name: `New vendor application from ${company}: review it on the Admin page`,
      });
      await expect(notice).toBeVisible();
      await notice.click();
      await expect(admin).toHaveURL(/\/admin$/);
      await expect(admin.getByRole('heading', { name: 'Vendor applications' })).toBeVisible();
      await expect.poll(() => sidewaysOverflow(admin)).toBeLessThanOrEqual(0);
      await screenshot(admin, `glance-admin-${viewport}`);
    });
  });
}

/**
 * Every visible button's label that is cut: its text box is wider than the room it has (Mantine's
 * label, or the button itself), by more than a pixel's rounding.
 */
function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>('button, a.mantine-Button-root, [role="button"]')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      const label = element.querySelector<HTMLElement>('.mantine-Button-label') ?? element;
      const inner = element.querySelector<HTMLElement>('.mantine-Button-inner');
      const tooWide = label.scrollWidth > label.clientWidth + 1;
      const outgrows = inner ? inner.scrollWidth > element.clientWidth + 1 : false;
      if (tooWide || outgrows) clipped.push((element.innerText || element.getAttribute('aria-label') || '?').trim());
    }
    return clipped;
  });
}

test.describe('no button label is clipped at 320 and 375 px', () => {
  test('on the main screens', async ({ signedInPage, adminAccount, newPage }) => {
    const { page: organiser } = await signedInPage(memberAccount({ name: 'Clara Clip' }), 'mobile');
    const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', location: 'Pasir Ris MRT' });
    const { page: vendor } = await signedInPage(vendorAccount({}, 'SG->FC'), 'mobile');
    // A quote with a one-line note: the Accept button beside it must keep its whole label.
    const quoted = await vendor.request.post(`/api/rides/${String(rideId)}/quotes`, {
      data: { price: 95, note: 'Toyota Alphard, seven seats, child seat on request' },
    });
    expect(quoted.status(), await quoted.text()).toBe(201);
    const admin = await newPage({ viewport: 'mobile' });
    await loginViaApi(admin, adminAccount);

    const screens: [Page, string][] = [
      [organiser, '/home'],
      [organiser, '/home?tab=my-rides'],
      [organiser, `/rides/${String(rideId)}`],
      [organiser, '/profile'],
      [organiser, '/notifications'],
      [vendor, '/vendor?tab=available'],
      [admin, '/admin'],
    ];
    for (const width of [320, 375]) {
      for (const [page, path] of screens) {
        await page.setViewportSize({ width, height: 812 });
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Everything loaded: no spinner or skeleton left.
        await expect(page.locator('.mantine-Loader-root, .mantine-Skeleton-root')).toHaveCount(0);
        expect(await clippedButtons(page), `${path} at ${String(width)} px`).toEqual([]);
      }
    }
    await organiser.setViewportSize({ width: 320, height: 812 });
    await organiser.goto(`/rides/${String(rideId)}`);
    const accept = organiser.getByRole('region', { name: 'Quotes' }).getByRole('button', { name: /^Accept / });
    await expect(accept).toHaveText('Accept');
    await screenshot(organiser, 'glance-quotes-320');
  });
});
