// The home list's search and the phone's Filters button, the vendor's permit note and take dialog,
// and a weekly series as one row in My Rides, at 320, 375 and 1280 px, each screen through the axe
// audit (docs/product.md#search, docs/vendors.md#permit-scope, docs/series.md#list).
import { expect, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
import { createRideViaApi, memberAccount, screenshot, sidewaysOverflow, vendorAccount } from './support/helpers';

const WIDTHS = [320, 375, 1280] as const;

/** Three weekly Fridays from Forest City, from `daysAhead` days on. */
function weeklyPlan(daysAhead: number) {
  const first = new Date(Date.now() + daysAhead * 86_400_000);
  while (first.getUTCDay() !== 5) first.setUTCDate(first.getUTCDate() + 1);
  const until = new Date(first.getTime() + 14 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    direction: 'FC->SG',
    maxPassengers: 4,
    organizerPassengerCount: 1,
    pickupLocation: 'Forest City',
    dropoffLocations: ['Clementi MRT'],
    weekdays: [5],
    time: '18:00',
    fromDate: day(first),
    untilDate: day(until),
  };
}

test('search, the Filters button, the permit note and a series in My Rides fit 320, 375 and 1280 px', async ({
  signedInPage,
}) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const { page: organizer } = await signedInPage(memberAccount({ name: `Zoë Glance ${tag}` }));
  await createRideViaApi(organizer, { direction: 'SG->FC', location: `Clementi ${tag}` });
  const series = await organizer.request.post('/api/rides/series', { data: weeklyPlan(20) });
  expect(series.status(), await series.text()).toBe(201);
  const { page: vendor } = await signedInPage(vendorAccount({}, 'SG->FC'));

  for (const width of WIDTHS) {
    await organizer.setViewportSize({ width, height: 800 });
    await organizer.goto(`/home?q=${encodeURIComponent(`zoe glance ${tag}`)}`);
    await expect(organizer.getByRole('searchbox', { name: 'Search rides' })).toHaveValue(`zoe glance ${tag}`);
    await expect(organizer.locator('[data-testid="all-rides"][data-settled="true"]')).toBeVisible();
    await expect(organizer.getByTestId('rides-count')).toContainText('of 4 rides');
    if (width < 768) await expect(organizer.getByRole('button', { name: 'Filters' })).toBeVisible();
    await expect.poll(() => sidewaysOverflow(organizer)).toBeLessThanOrEqual(0);
    await expectAccessible(organizer, `home searching at ${String(width)} px`);
    await screenshot(organizer, `glance-home-search-${String(width)}`);

    await organizer.goto('/home?tab=my-rides');
    const organized = organizer.getByRole('region', { name: 'Rides You Organized' });
    await expect(organized.getByTestId('series-group')).toHaveCount(1);
    await expect(organizer.getByTestId('series-sequence')).toHaveCount(1);
    await expect.poll(() => sidewaysOverflow(organizer)).toBeLessThanOrEqual(0);
    await expectAccessible(organizer, `My Rides with a series at ${String(width)} px`);
    await screenshot(organizer, `glance-my-rides-series-${String(width)}`);

    await vendor.setViewportSize({ width, height: 800 });
    await vendor.goto('/vendor?tab=available');
    await expect(vendor.getByTestId('permit-scope')).toContainText(
      'Your permit lets you take Singapore → Forest City rides.',
    );
    await expect(vendor.getByTestId('permit-scope')).toContainText(
      /Forest City → Singapore rides? needs? a Malaysian permit/,
    );
    await expect.poll(() => sidewaysOverflow(vendor)).toBeLessThanOrEqual(0);
    await expectAccessible(vendor, `vendor available list at ${String(width)} px`);
    await screenshot(vendor, `glance-vendor-available-${String(width)}`);
    await vendor
      .getByRole('button', { name: /^Assign to Me/ })
      .first()
      .click();
    const dialog = vendor.getByRole('dialog', { name: 'Take this ride?' });
    await expect(dialog).toContainText('only until 24 hours before departure');
    await expectAccessible(vendor, `take dialog at ${String(width)} px`);
    await screenshot(vendor, `glance-vendor-take-${String(width)}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
});
