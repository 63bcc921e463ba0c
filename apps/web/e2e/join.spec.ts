// The join screen journeys: a member joins another member's ride from /rides/{id}/join by clicking
// the map (the field gets the point's coordinates to 4 decimals), place search failing without
// breaking anything, the Forest City to Singapore wording, a ride that does not exist, the map code
// staying off /home, and how the screen looks on a desktop and a phone. Tests have no internet:
// tiles and place search are unreachable, and the map must still take clicks.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  field,
  holdLiveUpdates,
  memberAccount,
  registerViaApi,
  screenshot,
  setupBrowser,
  toast,
} from './support/browser';

const { newPage } = setupBrowser();

const pathOf = (page: Page) => new URL(page.url()).pathname;

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
      date: '2099-10-20T01:00:00.000Z',
      organizerPassengerCount: 1,
      pickupLocation: direction === 'SG->FC' ? location : 'Forest City',
      dropoffLocations: [{ location, passengerCount: 1 }],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function organiserWithRide(options: RideOptions = {}): Promise<number> {
  const organiser = await newPage();
  await registerViaApi(organiser, memberAccount({ name: 'Olivia Organiser' }));
  return createRide(organiser, options);
}

async function joinerOn(rideId: number, viewport: 'desktop' | 'mobile' = 'desktop', { live = true } = {}) {
  const page = await newPage({ viewport });
  if (!live) await holdLiveUpdates(page);
  const user = await registerViaApi(page, memberAccount({ name: 'Jamie Joiner' }));
  await page.goto(`/rides/${String(rideId)}/join`);
  await page.getByRole('heading', { name: 'Join Ride' }).waitFor();
  return { page, user };
}

/** The MapLibre canvas, once the map exists (its code arrives in a lazy chunk). */
async function mapCanvas(page: Page) {
  const canvas = page.locator('[data-testid="location-map"] canvas.maplibregl-canvas');
  await canvas.waitFor();
  return canvas;
}

describe('joining from the join screen', () => {
  it('fills the location from a map click and joins with the group size', async () => {
    const rideId = await organiserWithRide({ maxPassengers: 4 });
    const { page, user } = await joinerOn(rideId);

    const summary = page.getByRole('region', { name: 'Ride summary' });
    await summary.getByText('Singapore to Forest City').waitFor();
    await summary.getByText('Olivia Organiser').waitFor();
    await summary.getByText('1/4 (3 spots left)').waitFor();
    const cost = page.getByRole('region', { name: 'Cost breakdown' });
    for (const line of ['Base Cost', 'Total Cost', 'Your Cost (estimated)', 'SGD 20.00']) {
      await cost.getByText(line, { exact: true }).waitFor();
    }
    expect(await cost.getByText(/Additional Stops/).count()).toBe(0);

    const reminder = page.getByTestId('passport-reminder');
    await reminder.waitFor();
    await page.getByRole('button', { name: 'Dismiss passport reminder' }).click();
    await reminder.waitFor({ state: 'detached' });

    const location = field(page, 'Pick-up Location');
    await (await mapCanvas(page)).click();
    await expect.poll(() => location.inputValue()).toMatch(/^Location \(-?\d+\.\d{4}, -?\d+\.\d{4}\)$/);
    const [, lat, lng] = /\((.+), (.+)\)/.exec(await location.inputValue()) ?? [];
    // The canvas centre is the map's default centre.
    expect(Math.abs(Number(lat) - 1.3521)).toBeLessThan(0.002);
    expect(Math.abs(Number(lng) - 103.8198)).toBeLessThan(0.002);
    const picked = await location.inputValue();
    await page.getByRole('button', { name: `Marker: ${picked}` }).waitFor();
    await page.getByRole('button', { name: 'Remove' }).waitFor();

    const count = field(page, 'Number of Passengers');
    await count.fill('2');
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await toast(page, 'Successfully joined the ride').waitFor();
    await page.waitForURL('**/home');

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

  it('removes the pin and clears the field with the marker’s Remove button', async () => {
    const rideId = await organiserWithRide();
    const { page } = await joinerOn(rideId);
    const location = field(page, 'Pick-up Location');
    const canvas = await mapCanvas(page);
    const box = await canvas.boundingBox();
    if (!box) throw new Error('the map has no size');
    await canvas.click({ position: { x: box.width / 4, y: box.height / 4 } });
    await expect.poll(() => location.inputValue()).toMatch(/^Location \(/);
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => location.inputValue()).toBe('');
    expect(await page.getByTestId('map-marker').count()).toBe(0);
  });

  it('carries on when place search is unreachable, and the typed location still joins', async () => {
    const rideId = await organiserWithRide({ direction: 'FC->SG', location: 'Tampines Mall' });
    const { page } = await joinerOn(rideId);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.getByText(/organizer sets the drop-off sequence/).waitFor();
    expect(await page.getByTestId('passport-reminder').count()).toBe(0);

    const search = field(page, 'Search for a place');
    await search.fill('Bedok Mall');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('button', { name: 'Search', exact: true }).waitFor();
    // Enter in the search box searched; it did not submit the join form.
    expect(pathOf(page)).toBe(`/rides/${String(rideId)}/join`);
    expect(await page.getByRole('list', { name: 'Search results' }).count()).toBe(0);

    await field(page, 'Drop-off Location').fill('Bedok Mall');
    await page.getByRole('button', { name: 'Join Ride' }).click();
    await toast(page, 'Successfully joined the ride').waitFor();
    expect(errors).toEqual([]);
  });

  it('shows the server’s refusal in an Error toast when the seats went in the meantime', async () => {
    const organiser = await newPage();
    await registerViaApi(organiser, memberAccount({ name: 'Olivia Organiser' }));
    const rideId = await createRide(organiser, { maxPassengers: 3 });
    // The rival's join must not reach this screen before the click (with the live stream it would
    // usually win the race and the screen would offer the waitlist instead).
    const { page } = await joinerOn(rideId, 'desktop', { live: false });
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
    await refusal.waitFor();
    expect(await refusal.innerText()).toContain('Only 1 spots remaining');
    expect(pathOf(page)).toBe(`/rides/${String(rideId)}/join`);
  });

  it('shows Ride Not Found with its two ways out', async () => {
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    await page.goto('/rides/987654/join');
    await page.getByRole('heading', { name: 'Ride Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'View Available Rides' }).getAttribute('href')).toBe('/home');
    await page.getByRole('link', { name: 'Create a New Ride' }).click();
    await page.waitForURL('**/rides/create');
  });
});

describe('bundles', () => {
  it('does not load the map code on /home, only on the join screen', async () => {
    const rideId = await organiserWithRide();
    const page = await newPage();
    await registerViaApi(page, memberAccount());
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' || request.resourceType() === 'stylesheet') scripts.push(request.url());
    });
    await page.goto('/home');
    await page.getByRole('tab', { name: 'All Rides' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /maplibre|location-map/.test(url))).toEqual([]);

    await page.goto(`/rides/${String(rideId)}/join`);
    await mapCanvas(page);
    expect(scripts.some((url) => /maplibre-gl/.test(url))).toBe(true);
  });
});

describe('screenshots', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`the join screen (${viewport})`, async () => {
      const rideId = await organiserWithRide();
      const { page } = await joinerOn(rideId, viewport);
      await (await mapCanvas(page)).click();
      await expect.poll(() => field(page, 'Pick-up Location').inputValue()).toMatch(/^Location/);
      await screenshot(page, `join-${viewport}`);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport === 'mobile' ? 375 : 1280);
    });
  }
});
