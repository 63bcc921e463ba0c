// The join screen journeys: a member joins another member's ride from /rides/{id}/join by clicking
// the map (the pin keeps the point's coordinates and the field asks for a description), place
// search failing and saying so without breaking anything, the Forest City to Singapore wording, a ride that does not exist, the map code
// staying off /home, and how the screen looks on a desktop and a phone. Tests have no internet:
// tiles and place search are unreachable, and the map must still take clicks.
import type { Page } from '@playwright/test';

import { expect, test, type NewPage, type ViewportName } from './support/fixtures';
import {
  field,
  holdLiveUpdates,
  inDays,
  memberAccount,
  registerViaApi,
  screenshot,
  sidewaysOverflow,
  toast,
} from './support/helpers';

interface RideOptions {
  direction?: 'SG->FC' | 'FC->SG';
  maxPassengers?: number;
  location?: string;
}

/** An organiser (in their own browser context) creates a ride through the REST API. */
async function createRide(organiser: Page, options: RideOptions = {}): Promise<number> {
  const direction = options.direction ?? 'SG->FC';
  const location = options.location ?? 'Pasir Ris MRT';
  const response = await organiser.request.post('/api/rides', {
    data: {
      direction,
      maxPassengers: options.maxPassengers ?? 4,
      date: inDays(140),
      organizerPassengerCount: 1,
      pickupLocation: direction === 'SG->FC' ? location : 'Forest City',
      dropoffLocations: [{ location, passengerCount: 1 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function organiserWithRide(newPage: NewPage, options: RideOptions = {}): Promise<number> {
  const organiser = await newPage();
  await registerViaApi(organiser, memberAccount({ name: 'Olivia Organiser' }));
  return createRide(organiser, options);
}

async function joinerOn(newPage: NewPage, rideId: number, viewport: ViewportName = 'desktop', { live = true } = {}) {
  const page = await newPage({ viewport });
  if (!live) await holdLiveUpdates(page);
  const user = await registerViaApi(page, memberAccount({ name: 'Jamie Joiner' }));
  await page.goto(`/rides/${String(rideId)}/join`);
  await expect(page.getByRole('heading', { name: 'Join Ride' })).toBeVisible();
  return { page, user };
}

/** The MapLibre canvas, once the map exists (its code arrives in a lazy chunk). */
async function mapCanvas(page: Page) {
  const canvas = page.locator('[data-testid="location-map"] canvas.maplibregl-canvas');
  await expect(canvas).toBeVisible();
  return canvas;
}

test.describe('joining from the join screen', () => {
  test('fills the location from a map click and joins with the group size', async ({ newPage }) => {
    const rideId = await organiserWithRide(newPage, { maxPassengers: 4 });
    const { page, user } = await joinerOn(newPage, rideId);

    const summary = page.getByRole('region', { name: 'Ride summary' });
    await expect(summary.getByText('Singapore to Forest City')).toBeVisible();
    await expect(summary.getByText('Olivia Organiser')).toBeVisible();
    await expect(summary.getByText('1/4 (3 spots left)')).toBeVisible();
    // One cost box, the form's.
    await expect(page.getByRole('region', { name: 'Cost breakdown' })).toHaveCount(0);
    const cost = page.getByRole('region', { name: 'Cost', exact: true });
    for (const line of ['Base Cost', 'Total Cost', 'Your Cost (estimated)']) {
      await expect(cost.getByText(line, { exact: true })).toBeVisible();
    }
    // SGD 80 over 4 seats if full, with the joiner on board.
    await expect(cost.getByText('SGD 20.00', { exact: true }).first()).toBeVisible();
    await expect(cost.getByText(/Additional Stops/)).toHaveCount(0);

    const reminder = page.getByTestId('passport-reminder');
    await expect(reminder).toBeVisible();
    await page.getByRole('button', { name: 'Dismiss passport reminder' }).click();
    await expect(reminder).toHaveCount(0);

    const location = field(page, 'Pick-up Location');
    await (await mapCanvas(page)).click();
    // The pin keeps its coordinates and asks for words; the field is the rider's, not 'Location (…)'.
    const marker = page.getByRole('button', { name: /^Marker: Pin at -?\d+\.\d{4}, -?\d+\.\d{4}$/ });
    await expect(marker).toBeVisible();
    const [, lat, lng] = /Pin at (.+), (.+)$/.exec((await marker.getAttribute('aria-label')) ?? '') ?? [];
    // The canvas centre is the map's default centre.
    expect(Math.abs(Number(lat) - 1.3521)).toBeLessThan(0.002);
    expect(Math.abs(Number(lng) - 103.8198)).toBeLessThan(0.002);
    await expect(location).toHaveValue('');
    await expect(location).toHaveAttribute('placeholder', 'e.g. Pasir Ris MRT, Exit A');
    await expect(page.getByText(/Now describe the spot for the driver/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
    const picked = 'Pasir Ris MRT, Exit A';
    await location.fill(picked);

    const count = field(page, 'Number of Passengers');
    await count.fill('2');
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await expect(toast(page, 'Success')).toContainText('You have joined the ride', { useInnerText: true });
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rideId)}$`));

    const passengers = await page.request.get(`/api/rides/${String(rideId)}/passengers`);
    expect(passengers.status()).toBe(200);
    const entries = (await passengers.json()) as { userId: number; dropoffLocation: string; passengerCount: number }[];
    expect(entries.find((entry) => entry.userId === user.id)).toMatchObject({
      dropoffLocation: picked,
      passengerCount: 2,
    });
    const ride = (await (await page.request.get(`/api/rides/${String(rideId)}`)).json()) as {
      currentPassengers: number;
    };
    expect(ride.currentPassengers).toBe(3);
  });

  test('removes the pin and its request for a description with the marker’s Remove button', async ({ newPage }) => {
    const rideId = await organiserWithRide(newPage);
    const { page } = await joinerOn(newPage, rideId);
    const location = field(page, 'Pick-up Location');
    const canvas = await mapCanvas(page);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no size');
    await canvas.click({ position: { x: box.width / 4, y: box.height / 4 } });
    await expect(page.getByText(/Now describe the spot for the driver/)).toBeVisible();
    await expect(location).toHaveValue('');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(location).toHaveValue('');
    await expect(page.getByTestId('map-marker')).toHaveCount(0);
    await expect(page.getByText(/Now describe the spot for the driver/)).toHaveCount(0);
  });

  test('carries on when place search is unreachable, and the typed location still joins', async ({ newPage }) => {
    const rideId = await organiserWithRide(newPage, { direction: 'FC->SG', location: 'Tampines Mall' });
    const { page } = await joinerOn(newPage, rideId);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await expect(page.getByText(/organizer sets the drop-off order/)).toBeVisible();
    await expect(page.getByTestId('passport-reminder')).toHaveCount(0);

    const search = field(page, 'Search for a place');
    await search.fill('Bedok Mall');
    await search.press('Enter');
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
    // Enter in the search box searched; it did not submit the join form.
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rideId)}/join$`));
    await expect(page.getByRole('list', { name: 'Search results' })).toHaveCount(0);
    // It says the search failed, and that typing the place works.
    await expect(page.getByTestId('place-search-failed')).toContainText('Type the place in the location field instead');

    await field(page, 'Drop-off Location').fill('Bedok Mall');
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await expect(toast(page, 'Success')).toContainText('You have joined the ride', { useInnerText: true });
    expect(errors).toEqual([]);
  });

  test('shows the server’s refusal in an Error toast when the seats went in the meantime', async ({ newPage }) => {
    const organiser = await newPage();
    await registerViaApi(organiser, memberAccount({ name: 'Olivia Organiser' }));
    const rideId = await createRide(organiser, { maxPassengers: 3 });
    // The rival's join must not reach this screen before the click (with the live stream it would
    // usually win the race and the screen would offer the waitlist instead).
    const { page } = await joinerOn(newPage, rideId, 'desktop', { live: false });
    await field(page, 'Number of Passengers').fill('2');
    await field(page, 'Pick-up Location').fill('Simei MRT');

    const rival = await newPage();
    await registerViaApi(rival, memberAccount({ name: 'Quick Rival' }));
    const taken = await rival.request.post(`/api/rides/${String(rideId)}/join`, {
      data: { dropoffLocation: 'Bedok', passengerCount: 1 },
    });
    expect(taken.status(), await taken.text()).toBe(201);

    await page.getByRole('button', { name: 'Join Ride' }).click();
    const refusal = toast(page, 'Error');
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText('Only 1 spots remaining', { useInnerText: true });
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rideId)}/join$`));
  });

  test('shows Ride Not Found with its two ways out', async ({ newPage }) => {
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    await page.goto('/rides/987654/join');
    await expect(page.getByRole('heading', { name: 'Ride Not Found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Available Rides' })).toHaveAttribute('href', '/home');
    await page.getByRole('link', { name: 'Create a New Ride' }).click();
    await expect(page).toHaveURL(/\/rides\/create$/);
  });
});

test.describe('bundles', () => {
  test('does not load the map code on /home, only on the join screen', async ({ newPage }) => {
    const rideId = await organiserWithRide(newPage);
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
    });
    await page.goto('/home');
    // Loaded, and the list drawn with the server's answer: whatever /home needs has arrived.
    await page.waitForLoadState('load');
    await expect(page.locator('[data-testid="all-rides"][data-settled="true"]')).toBeVisible();
    expect(scripts.filter((url) => /maplibre|location-map/.test(url))).toEqual([]);

    await page.goto(`/rides/${String(rideId)}/join`);
    await mapCanvas(page);
    expect(scripts.some((url) => url.includes('maplibre-gl'))).toBe(true);
  });
});

test.describe('screenshots', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    test(`the join screen (${viewport})`, async ({ newPage }) => {
      const rideId = await organiserWithRide(newPage);
      const { page } = await joinerOn(newPage, rideId, viewport);
      await (await mapCanvas(page)).click();
      await expect(page.getByText(/Now describe the spot for the driver/)).toBeVisible();
      await field(page, 'Pick-up Location').fill('Pasir Ris MRT, Exit A');
      await screenshot(page, `join-${viewport}`);
      await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    });
  }
});
