// The ride form journeys: creating rides in both directions (checked against what the API then
// holds), validation on blur, editing with the form pre-filled, the two-step delete, a member who
// is not the organiser trying to edit, and how the form looks on a desktop and a phone.
import type { Page } from '@playwright/test';

import { expect, test } from './support/fixtures';
import {
  field,
  memberAccount,
  registerViaApi,
  screenshot,
  sidewaysOverflow,
  singaporeDayIn,
  toast,
} from './support/helpers';

// Ride dates a few months ahead (rides may be at most a year ahead), as Singapore calendar days.
const DAY_120 = singaporeDayIn(120);
const DAY_121 = singaporeDayIn(121);
const DAY_122 = singaporeDayIn(122);
const DAY_123 = singaporeDayIn(123);
const DAY_124 = singaporeDayIn(124);
const DAY_125 = singaporeDayIn(125);

const pathOf = (page: Page) => new URL(page.url()).pathname;

interface ApiRide {
  id: number;
  creatorId: number;
  direction: string;
  date: string;
  maxPassengers: number;
  currentPassengers: number;
  pickupLocation: string;
  dropoffLocations: { location: string; passengerCount: number }[];
}

async function rideFromApi(page: Page, id: number): Promise<ApiRide> {
  const response = await page.request.get(`/api/rides/${String(id)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ApiRide;
}

function rideIdFromUrl(page: Page): number {
  const match = /^\/rides\/(\d+)$/.exec(pathOf(page));
  if (!match?.[1]) throw new Error(`not on a ride page: ${page.url()}`);
  return Number(match[1]);
}

async function chooseDirection(page: Page, label: 'Singapore to Forest City' | 'Forest City to Singapore') {
  await page.locator('label', { hasText: label }).click();
}

/** Signs a fresh member in (in this page's browser context) and opens the empty form. */
async function openCreateForm(page: Page, name = 'Olivia Organiser') {
  const account = memberAccount({ name });
  const user = await registerViaApi(page, account);
  await page.goto('/rides/create');
  await expect(page.getByRole('heading', { name: 'Create a New Ride' })).toBeVisible();
  return { account, user };
}

async function createRideViaUi(
  page: Page,
  ride: { direction?: 'Forest City to Singapore'; max: string; date: string; group: string; location: string },
): Promise<number> {
  if (ride.direction) await chooseDirection(page, ride.direction);
  await field(page, 'Maximum Total Passengers').fill(ride.max);
  await field(page, 'Date and Time').fill(ride.date);
  await field(page, 'Number of Passengers at Your Location').fill(ride.group);
  const locationLabel = ride.direction ? 'Your Drop-off Location in Singapore' : 'Your Pickup Location in Singapore';
  await field(page, locationLabel).fill(ride.location);
  await page.getByRole('button', { name: 'Create Ride' }).click();
  await expect(toast(page, 'Ride created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/rides\/\d+$/);
  return rideIdFromUrl(page);
}

test.describe('creating a ride', () => {
  test('creates a Singapore to Forest City ride: the pickup is the organiser’s location', async ({ newPage }) => {
    const page = await newPage();
    const { user } = await openCreateForm(page);

    await expect(field(page, 'Maximum Total Passengers')).toHaveValue('5');
    await expect(field(page, 'Number of Passengers at Your Location')).toHaveValue('1');
    await expect(
      page.getByText('Enter your pickup location in Singapore and the number of passengers', { exact: true }),
    ).toBeVisible();
    await expect(field(page, 'Your Pickup Location in Singapore')).toHaveAttribute(
      'placeholder',
      'e.g., Pasir Ris MRT',
    );
    await expect(
      page.getByText('You can enter multiple lines of text for detailed location instructions'),
    ).toBeVisible();
    await expect
      .poll(async () => (await field(page, 'Your Pickup Location in Singapore').boundingBox())?.height ?? 0)
      .toBeGreaterThanOrEqual(95);

    const id = await createRideViaUi(page, {
      max: '4',
      date: `${DAY_120}T09:30`,
      group: '2',
      location: '  Pasir Ris MRT\nExit B, near the taxi stand  ',
    });
    const saved = await rideFromApi(page, id);
    expect(saved).toMatchObject({
      creatorId: user.id,
      direction: 'SG->FC',
      maxPassengers: 4,
      currentPassengers: 2,
      pickupLocation: 'Pasir Ris MRT\nExit B, near the taxi stand',
      dropoffLocations: [{ location: 'Pasir Ris MRT\nExit B, near the taxi stand', passengerCount: 2 }],
    });
    // 09:30 picked in Singapore time is 01:30 UTC, whatever the browser's zone.
    expect(new Date(saved.date).toISOString()).toBe(`${DAY_120}T01:30:00.000Z`);
  });

  test('creates a Forest City to Singapore ride: pickup Forest City, the organiser’s drop-off first', async ({
    newPage,
  }) => {
    const page = await newPage();
    await openCreateForm(page);
    await chooseDirection(page, 'Forest City to Singapore');
    await expect(
      page.getByText('Enter your drop-off location in Singapore and the number of passengers in your group', {
        exact: true,
      }),
    ).toBeVisible();
    await expect(field(page, 'Your Drop-off Location in Singapore')).toHaveAttribute(
      'placeholder',
      'e.g., Tampines Mall',
    );

    const id = await createRideViaUi(page, {
      direction: 'Forest City to Singapore',
      max: '6',
      date: `${DAY_121}T18:45`,
      group: '3',
      location: 'Tampines Mall',
    });
    const saved = await rideFromApi(page, id);
    expect(saved).toMatchObject({
      direction: 'FC->SG',
      maxPassengers: 6,
      currentPassengers: 3,
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Tampines Mall', passengerCount: 3 }],
    });
    expect(new Date(saved.date).toISOString()).toBe(`${DAY_121}T10:45:00.000Z`);
  });

  test('checks each field when it loses focus, and keeps the group within the maximum', async ({ newPage }) => {
    const page = await newPage();
    await openCreateForm(page);

    const location = field(page, 'Your Pickup Location in Singapore');
    await location.focus();
    await location.blur();
    await expect(page.getByText('Please specify your location')).toBeVisible();

    const date = field(page, 'Date and Time');
    await date.focus();
    await date.blur();
    await expect(page.getByText('Date and time is required')).toBeVisible();

    await location.fill('Bedok');
    await location.blur();
    await expect(page.getByText('Please specify your location')).toHaveCount(0);

    const group = field(page, 'Number of Passengers at Your Location');
    await group.fill('8');
    await group.blur();
    await expect(group).toHaveValue('5');
    await field(page, 'Maximum Total Passengers').fill('3');
    await expect(group).toHaveValue('3');
    await group.fill('');
    await group.blur();
    await expect(group).toHaveValue('1');

    // Nothing was sent: the form still refuses to submit without a date.
    await page.getByRole('button', { name: 'Create Ride' }).click();
    await expect(page.getByText('Date and time is required')).toBeVisible();
    expect(pathOf(page)).toBe('/rides/create');
  });
});

test.describe('editing a ride', () => {
  test('pre-fills the form, saves the changes and opens the ride', async ({ newPage }) => {
    const page = await newPage();
    await openCreateForm(page);
    const id = await createRideViaUi(page, {
      direction: 'Forest City to Singapore',
      max: '4',
      date: `${DAY_122}T07:15`,
      group: '2',
      location: 'Jurong East MRT',
    });

    await page.goto(`/rides/edit/${String(id)}`);
    await expect(page.getByRole('heading', { name: 'Edit Ride' })).toBeVisible();
    const location = field(page, 'Your Drop-off Location in Singapore');
    await expect(location).toHaveValue('Jurong East MRT');
    await expect(field(page, 'Date and Time')).toHaveValue(`${DAY_122}T07:15`);
    await expect(field(page, 'Maximum Total Passengers')).toHaveValue('4');
    await expect(field(page, 'Number of Passengers at Your Location')).toHaveValue('2');
    await expect(page.getByRole('radio', { name: 'Forest City to Singapore' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'Delete Ride' })).toBeVisible();

    await field(page, 'Maximum Total Passengers').fill('7');
    await location.fill('Boon Lay MRT');
    await page.getByRole('button', { name: 'Update Ride' }).click();
    await expect(toast(page, 'Ride updated successfully')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/rides/${String(id)}$`));

    const saved = await rideFromApi(page, id);
    expect(saved).toMatchObject({
      direction: 'FC->SG',
      maxPassengers: 7,
      pickupLocation: 'Forest City',
      dropoffLocations: [{ location: 'Boon Lay MRT', passengerCount: 2 }],
    });
  });

  test('deletes only on a second click of Delete Ride, then goes home', async ({ newPage }) => {
    const page = await newPage();
    await openCreateForm(page);
    const id = await createRideViaUi(page, { max: '3', date: `${DAY_123}T08:00`, group: '1', location: 'Bedok' });
    await page.goto(`/rides/edit/${String(id)}`);
    const remove = page.getByRole('button', { name: 'Delete Ride' });

    await remove.click();
    const warning = toast(page, 'Confirm Deletion');
    await expect(warning).toBeVisible();
    await expect(warning).toContainText('Click Delete again to confirm. This action cannot be undone.', {
      useInnerText: true,
    });
    expect(pathOf(page)).toBe(`/rides/edit/${String(id)}`);
    expect((await page.request.get(`/api/rides/${String(id)}`)).status()).toBe(200);

    await remove.click();
    await expect(toast(page, 'Ride deleted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    expect((await page.request.get(`/api/rides/${String(id)}`)).status()).toBe(404);
  });

  test('sends a member who did not organise the ride home with the not-authorised toast', async ({ newPage }) => {
    const organiser = await newPage();
    await openCreateForm(organiser);
    const id = await createRideViaUi(organiser, { max: '4', date: `${DAY_124}T10:00`, group: '1', location: 'Bishan' });

    const other = await newPage();
    await registerViaApi(other, memberAccount({ name: 'Nosy Neighbour' }));
    await other.goto(`/rides/edit/${String(id)}`);
    const refusal = toast(other, 'Error');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('You are not authorized to edit this ride', { useInnerText: true });
    await expect(other).toHaveURL(/\/home$/);

    // The ride is untouched.
    expect((await rideFromApi(other, id)).pickupLocation).toBe('Bishan');
  });

  test('shows Ride Not Found for a ride that does not exist', async ({ newPage }) => {
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    await page.goto('/rides/edit/987654');
    await expect(page.getByRole('heading', { name: 'Ride Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Available Rides' })).toHaveAttribute('href', '/home');
  });
});

test.describe('screenshots', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    test(`the create and edit forms (${viewport})`, async ({ newPage }) => {
      const page = await newPage({ viewport });
      await openCreateForm(page);
      const location = field(page, 'Your Pickup Location in Singapore');
      await location.focus();
      await location.blur();
      await expect(page.getByText('Please specify your location')).toBeVisible();
      await screenshot(page, `ride-create-${viewport}`);
      await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      const id = await createRideViaUi(page, {
        direction: 'Forest City to Singapore',
        max: '5',
        date: `${DAY_125}T09:09`,
        group: '2',
        location: 'Tampines Mall\nTaxi stand at the basement',
      });
      await page.goto(`/rides/edit/${String(id)}`);
      await page.getByRole('button', { name: 'Delete Ride' }).click();
      await expect(toast(page, 'Confirm Deletion')).toBeVisible();
      await screenshot(page, `ride-edit-${viewport}`);
    });
  }
});
