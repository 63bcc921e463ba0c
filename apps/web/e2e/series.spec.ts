// Weekly rides at phone width (docs/series.md): the organiser creates a weekly series on the
// create form with "Repeat weekly", watching the preview of its dates; the ride carries the Weekly
// badge, and My Rides shows the series as one card (its next ride, the series in a line, its dates on
// demand); cancelling "This and following rides" from the second ride leaves the first open, cancels
// the ride a passenger joined (who keeps it, cancelled, with the reason) and removes the ride only
// the organiser was on. The form's defaults follow the real clock, so the test computes them from it.
import {
  formatRideDate,
  formatRideDay,
  formatRideTime,
  fromSingaporeInputValue,
  toSingaporeInputValue,
  WEEKDAY_NAMES,
  weekdayOfDay,
} from '@rideshare/domain';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import { field, joinRideViaApi, latestToast, memberAccount, screenshot, singaporeDayIn } from './support/helpers';

/** The Singapore day `days` after `day` ('YYYY-MM-DD'). */
const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/** A Saturday five to six weeks ahead (rides may be at most a year ahead), Singapore calendar. */
const SATURDAY =
  [35, 36, 37, 38, 39, 40, 41].map((days) => singaporeDayIn(days)).find((day) => weekdayOfDay(day) === 6) ?? '';
/** The Tuesday two weeks and three days later: the series' until date. */
const UNTIL = dayAfter(SATURDAY, 17);
/** The departure at 07:30 Singapore time on `day`. */
const at0730 = (day: string) => fromSingaporeInputValue(`${day}T07:30`) ?? new Date(NaN);
/** The three Mondays between them, at 07:30. */
const MONDAY_DEPARTURES = [2, 9, 16].map((days) => at0730(dayAfter(SATURDAY, days)));
/** How the app writes those departures ('Mon, 18 Jan 2027, 7:30 am'). */
const MONDAYS = MONDAY_DEPARTURES.map((date) => formatRideDate(date));
/** How a series card's list of dates writes them ('Mon 18 Jan, 7:30 am'). */
const MONDAY_LINES = MONDAY_DEPARTURES.map((date) => `${formatRideDay(date)}, ${formatRideTime(date)}`);

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test('create a weekly series, see the badge, and cancel this and following rides (mobile)', async ({
  signedInPage,
}) => {
  const { page } = await signedInPage(memberAccount({ name: 'Wendy Weekly' }), 'mobile');

  // Tomorrow in Singapore by the browser's clock, read on both sides of opening the form (a run that
  // crosses Singapore's midnight in between may see either day).
  const tomorrow = async () =>
    toSingaporeInputValue((await page.evaluate(() => Date.now())) + 24 * 60 * 60 * 1000).slice(0, 10);
  const before = await tomorrow();
  await page.goto('/rides/create');
  await field(page, 'Your Pickup Location in Singapore').fill('Jurong East MRT');
  await page.getByRole('switch', { name: /Repeat weekly/ }).check();
  const after = await tomorrow();
  // The series starts tomorrow, on tomorrow's weekday alone.
  const start = await field(page, 'Starting').inputValue();
  expect([before, after]).toContain(start);
  const startWeekday = weekdayOfDay(start);
  expect(startWeekday).not.toBeNull();
  const weekdays = page.getByRole('group', { name: 'Weekdays' });
  const checked = weekdays.getByRole('checkbox', { checked: true });
  await expect(checked).toHaveCount(1);
  await expect(checked).toHaveAccessibleName(WEEKDAY_NAMES[startWeekday ?? 1]);

  // A Saturday to the Tuesday two weeks later, Mondays only: three rides.
  await field(page, 'Starting').fill(SATURDAY);
  await field(page, 'Until').fill(UNTIL);
  await field(page, 'Departure time').fill('07:30');
  // The start date's weekday follows it (Saturday) until the member picks: swap it for Monday.
  await expect(checked).toHaveAccessibleName('Saturday');
  await weekdays.locator('label', { hasText: /^Sat$/ }).click();
  await weekdays.locator('label', { hasText: /^Mon$/ }).click();
  const preview = page.getByTestId('series-preview');
  await expect(preview.getByText('3 rides')).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveText(MONDAYS);
  // A limit shows before anything is sent.
  await field(page, 'Until').fill(dayAfter(SATURDAY, 170));
  await expect(page.getByTestId('series-preview-error')).toHaveText(
    'A weekly series can cover at most 12 weeks (84 days from the start date)',
  );
  await field(page, 'Until').fill(UNTIL);
  await expect(preview.getByText('3 rides')).toBeVisible();
  await screenshot(page, 'series-create-mobile');
  await page.getByRole('button', { name: 'Create Weekly Rides' }).click();
  await expect(latestToast(page, 'Weekly rides created')).toBeVisible();
  await expect(page).toHaveURL(/\/rides\/\d+$/);
  await expect(page.getByTestId('series-badge')).toBeVisible();

  // The organiser's list shows the series as one card: its next ride, with the badge, then the
  // series in a line and its three dates on demand, each a link to its ride.
  await page.goto('/home?tab=my-rides');
  const organised = page.getByRole('region', { name: 'Rides You Organized' });
  const series = organised.getByTestId('series-group');
  await expect(series).toHaveCount(1);
  await expect(series).toHaveAttribute('data-series-size', '3');
  const nextCard = series.locator('article[data-ride-id]');
  await expect(nextCard).toHaveCount(1);
  await expect(nextCard.getByTestId('series-badge')).toBeVisible();
  await expect(nextCard.locator('time')).toHaveText(MONDAYS[0] ?? '');
  await expect(series.getByTestId('series-summary')).toHaveText(
    `Weekly · 3 rides · next ${formatRideDay(MONDAY_DEPARTURES[0] ?? new Date(NaN))}`,
  );
  const showDates = series.getByRole('button', { name: 'Show all 3 dates' });
  await expect(showDates).toHaveAttribute('aria-expanded', 'false');
  await showDates.click();
  const dates = series.getByRole('list', { name: 'Dates of this weekly series (3)' }).getByRole('link');
  await expect(dates).toHaveText(MONDAY_LINES);
  await screenshot(page, 'series-my-rides-mobile');
  const [first, second, third] = await dates.evaluateAll((links) =>
    links.map((link) => /\/rides\/(\d+)$/.exec(link.getAttribute('href') ?? '')?.[1] ?? ''),
  );
  expect([first, second, third].every((id) => /^\d+$/.test(id ?? ''))).toBe(true);
  // The card is the series' next ride: the first Monday.
  await expect(nextCard).toHaveAttribute('data-ride-id', first ?? '');

  // A passenger joins the last ride: cancelling must keep it, cancelled, and tell them.
  const { page: passenger } = await signedInPage(memberAccount({ name: 'Paul Passenger' }), 'mobile');
  await joinRideViaApi(passenger, Number(third), 'Forest City Phase 2');

  await page.goto(`/rides/${String(second)}`);
  await page.getByRole('button', { name: 'Cancel Ride' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this ride?' });
  await expect(dialog).toBeVisible();
  await field(dialog, 'Reason').fill('Moving house');
  const following = dialog.getByRole('radio', { name: 'This and following rides' });
  await following.check();
  await expect(following).toBeChecked();
  await screenshot(page, 'series-cancel-mobile');
  await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
  await expect(latestToast(page, 'Rides cancelled')).toBeVisible();
  // The second ride had only its organiser: it is gone, and the page went back to the list.
  await expect(page).toHaveURL(/\/home/);

  await page.goto(`/rides/${String(first)}`);
  await expect(page.getByRole('group', { name: 'Ride status' }).getByText('No driver yet')).toBeVisible();
  await expect(page.getByTestId('cancelled-banner')).toHaveCount(0);

  await page.goto(`/rides/${String(second)}`);
  await expect(page.getByText('This ride does not exist or has been deleted.')).toBeVisible();

  await passenger.goto(`/rides/${String(third)}`);
  await expect(passenger.getByTestId('cancelled-banner').getByText('Reason: Moving house')).toBeVisible();
  await screenshot(passenger, 'series-passenger-cancelled-mobile');
});
