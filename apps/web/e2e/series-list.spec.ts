// The rides list groups a weekly series into one card that opens its dates, with the signed-out
// visitor's invitation below the first rides, at 375 and 1280 px (docs/series.md#list). It needs
// the top of the newest-first list, so it runs in the serial rides-list project beside home.spec.ts
// and vendor.spec.ts, and deletes its series at the end.
import { expect, test, type ViewportName } from './support/fixtures';
import { memberAccount, screenshot, sidewaysOverflow } from './support/helpers';

const VIEWPORTS: ViewportName[] = ['mobile', 'desktop'];

/**
 * Three Sundays in a row at 10:00 Singapore time, from `daysAhead` days on: later than the list-top
 * rides of home.spec.ts and vendor.spec.ts (at most 308 days ahead), within the year a ride may be
 * ahead, so the list sorted latest first shows them first.
 */
function weeklyPlan(daysAhead: number) {
  const first = new Date(Date.now() + daysAhead * 86_400_000);
  while (first.getUTCDay() !== 0) first.setUTCDate(first.getUTCDate() + 1);
  const until = new Date(first.getTime() + 14 * 86_400_000);
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return {
    direction: 'SG->FC',
    maxPassengers: 4,
    organizerPassengerCount: 1,
    pickupLocation: 'Jurong East MRT',
    dropoffLocations: ['Forest City'],
    weekdays: [7],
    time: '10:00',
    fromDate: day(first),
    untilDate: day(until),
  };
}

for (const viewport of VIEWPORTS) {
  test.describe(`weekly series on the list (${viewport})`, () => {
    test('a weekly series is one card that opens its dates; the invitation sits below the first rides', async ({
      newPage,
      signedInPage,
    }) => {
      const { page: organizer } = await signedInPage(memberAccount({ name: `Sunny Series ${viewport}` }));
      const response = await organizer.request.post('/api/rides/series', {
        data: weeklyPlan(330),
      });
      expect(response.status(), await response.text()).toBe(201);
      const series = (await response.json()) as { id: number; rides: { id: number }[] };

      const page = await newPage({ viewport });
      await page.goto('/home?sort=dateDesc&time=all');
      const group = page.getByTestId('series-group').filter({ hasText: `Sunny Series ${viewport}` });
      await expect(group.getByTestId('series-summary')).toHaveText(/^Weekly · 3 rides · next Sun \d+ [A-Z][a-z]{2}$/);
      await expect(group.locator('article[data-ride-id]')).toHaveCount(1);
      await group.getByRole('button', { name: 'Show all 3 dates' }).click();
      await expect(group.getByRole('list', { name: 'Dates of this weekly series (3)' }).getByRole('link')).toHaveCount(
        3,
      );
      const promo = page.getByRole('region', { name: 'Join RideShare Community' });
      await expect(promo).toBeVisible();
      // The first card sits above the invitation.
      const cardTop = (await page.locator('article[data-ride-id]').first().boundingBox())?.y ?? Infinity;
      const promoTop = (await promo.boundingBox())?.y ?? -1;
      expect(cardTop).toBeLessThan(promoTop);
      await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `paper-cuts-home-${viewport}`);
      // Only its organizer is on it: cancelling from the first ride deletes the three rides, so the
      // list's top is home.spec.ts's and vendor.spec.ts's again.
      const cancelled = await organizer.request.post(`/api/rides/series/${String(series.id)}/cancel`, {
        data: { fromRideId: series.rides[0]?.id, reason: 'End of the test' },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    });
  });
}
