// The day of the trip (docs/trip-day.md) in two sizes of browser: the vendor at 1280 px moves a
// ride departing within the trip window through every stage from the Trip card; the rider at 375 px
// follows on their ride page without a reload and says they are running 10 minutes late (the
// vendor's card shows it live); the car departs within 30 minutes of departure (the clock's rule,
// docs/trip-day.md#clock), and once the departure time has come the organizer marks the other rider
// as not showing up; the rider shares the trip and a signed-out browser follows the link without
// seeing anyone's name, number or address; `arrived` asks first and completes the ride, and the rides
// list says how far a ride in progress got. No duration is asserted: the journey waits for the
// departure time itself before the steps that need it.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  clockReaches,
  createRideViaApi,
  joinRideViaApi,
  markDocument,
  memberAccount,
  notReloaded,
  readClipboard,
  screenshot,
  sidewaysOverflow,
  toast,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** How far ahead the ride departs once everyone is signed in: the joins and the assignment fit in it. */
const DEPARTS_IN_MS = 25_000;

/** The Trip card's current stage badge. */
const current = (page: Page) => page.getByTestId('trip-current');

async function openRide(page: Page, rideId: number): Promise<void> {
  const streaming = page.waitForResponse((response) => response.url().includes('/trpc/live.events'), {
    timeout: 20_000,
  });
  await page.goto(`/rides/${String(rideId)}`);
  await streaming;
  await expect(page.getByRole('heading', { name: 'Trip', exact: true })).toBeVisible();
  await markDocument(page);
}

async function next(vendor: Page, label: string): Promise<void> {
  await vendor.getByRole('button', { name: `Mark: ${label}` }).click();
  await expect(current(vendor)).toHaveText(label);
}

test('the vendor moves the trip through every stage; the party follows, a link shows it to family', async ({
  signedInPage,
  newPage,
}) => {
  const organizerAccount = memberAccount({ name: 'Olga Organizer', whatsappNumber: '+65 9000 1111' });
  const riderAccount = memberAccount({ name: 'Rhea Rider', whatsappNumber: '+65 9000 2222' });
  const absentAccount = memberAccount({ name: 'Nico Noshow', whatsappNumber: '+65 9000 3333' });
  const { page: organizer } = await signedInPage(organizerAccount, 'desktop');
  const { page: rider } = await signedInPage(riderAccount, 'mobile');
  const { page: absent } = await signedInPage(absentAccount, 'desktop');
  const { page: vendor } = await signedInPage(vendorAccount({ name: 'Vera Vendor' }), 'desktop');
  // Everyone signed in first, the ride departs shortly by the real clock: inside the trip window and
  // the 30 minutes in which the car may depart, time enough for the joins and the assignment, and
  // the departure time comes during the journey.
  const departure = Date.now() + DEPARTS_IN_MS;
  const rideId = await createRideViaApi(organizer, {
    direction: 'SG->FC',
    date: new Date(departure).toISOString(),
    location: 'Jurong East MRT',
  });
  await joinRideViaApi(rider, rideId, 'Clementi Mall');
  await joinRideViaApi(absent, rideId, 'Bukit Batok');
  await absent.close();
  const assigned = await vendor.request.post(`/api/rides/${String(rideId)}/assign`);
  expect(assigned.status(), await assigned.text()).toBe(200);

  await openRide(rider, rideId);
  await openRide(vendor, rideId);
  await expect(current(rider)).toHaveText('Not started');
  await expect(rider.getByRole('button', { name: /^Mark:/ })).toHaveCount(0);

  await next(vendor, 'At the pick-up');
  await expect(current(rider)).toHaveText('At the pick-up');

  // The rider is running late: the vendor's card shows it without a reload.
  await rider.getByRole('button', { name: "I'm running late" }).click();
  await rider
    .getByRole('group', { name: 'How late are you running?' })
    .getByRole('button', { name: '10 minutes' })
    .click();
  await expect(toast(rider, 'The party knows you are running late')).toBeVisible();
  await expect(vendor.getByTestId('trip-late')).toContainText('Rhea Rider: 10 minutes late');

  await next(vendor, 'Departed');
  await expect(current(rider)).toHaveText('Departed');
  await expect(rider.getByRole('button', { name: "I'm running late" })).toHaveCount(0);

  // Once the departure time has come, the organizer marks the rider who never came.
  await clockReaches(departure);
  await openRide(organizer, rideId);
  const noShow = organizer.getByRole('switch', { name: 'Nico Noshow did not show up' });
  await expect(noShow).not.toBeChecked();
  await noShow.click();
  await expect(toast(organizer, 'Marked as not showing up')).toBeVisible();
  await expect(noShow).toBeChecked();
  await expect(organizer.getByRole('switch', { name: 'Rhea Rider did not show up' })).not.toBeChecked();

  await next(vendor, 'At Tuas Checkpoint');
  await next(vendor, 'Cleared Tuas Checkpoint');
  await expect(current(rider)).toHaveText('Cleared Tuas Checkpoint');

  // The rides list says how far it got.
  await organizer.goto('/home?tab=my-rides');
  await expect(organizer.locator(`article[data-ride-id="${String(rideId)}"] [data-trip-progress]`).first()).toHaveText(
    /^On the way · cleared Tuas \d{2}:\d{2}$/,
  );

  // The rider shares the trip; a signed-out browser follows it.
  await rider.getByRole('button', { name: 'Share trip' }).click();
  await expect(toast(rider, 'Trip link copied')).toBeVisible();
  const link = await readClipboard(rider);
  expect(link).toMatch(/\/t\/[A-Za-z0-9_-]{43}$/);
  const family = await newPage({ viewport: 'mobile' });
  await family.goto(link);
  await expect(family.getByTestId('shared-current')).toHaveText('Cleared Tuas Checkpoint');
  await expect(family.getByTestId('shared-vehicle')).toHaveText('Car: Second Link Cars · JQB 1234');
  await expect(family.getByRole('navigation')).toHaveCount(0);
  const shown = await family.locator('body').innerText();
  for (const personal of [
    'Olga',
    'Rhea',
    'Nico',
    'Vera',
    'Tan Ah Kow',
    '9000',
    '+60',
    'Jurong East',
    'Clementi',
    'Bukit Batok',
    organizerAccount.discordUsername,
    riderAccount.discordUsername,
  ]) {
    expect(shown).not.toContain(personal);
  }
  expect(await sidewaysOverflow(family)).toBeLessThanOrEqual(0);
  await screenshot(family, 'trip-shared-mobile');
  await expectAccessible(family, 'shared trip (mobile)');

  await next(vendor, 'At Sultan Abu Bakar CIQ');
  await next(vendor, 'Cleared Sultan Abu Bakar CIQ');
  await expect(current(rider)).toHaveText('Cleared Sultan Abu Bakar CIQ');
  await screenshot(vendor, 'trip-card-vendor-desktop');
  await rider.getByRole('heading', { name: 'Trip', exact: true }).scrollIntoViewIfNeeded();
  expect(await sidewaysOverflow(rider)).toBeLessThanOrEqual(0);
  await screenshot(rider, 'trip-card-rider-mobile');
  await expectAccessible(rider, 'ride page with its Trip card (mobile)');
  // The narrowest phones too.
  await rider.setViewportSize({ width: 320, height: 740 });
  expect(await sidewaysOverflow(rider)).toBeLessThanOrEqual(0);
  await screenshot(rider, 'trip-card-rider-320');
  await rider.setViewportSize({ width: 375, height: 812 });

  // Arrived asks first, then completes the ride as the vendor's Complete does; it can be taken back.
  await vendor.getByRole('button', { name: 'Mark: Arrived' }).click();
  const ask = vendor.getByRole('dialog', { name: 'Mark the trip as arrived?' });
  await expectAccessible(vendor, 'the arrival question (desktop)');
  await ask.getByRole('button', { name: 'Mark: Arrived' }).click();
  await expect(current(vendor)).toHaveText('Arrived');
  await expect(current(rider)).toHaveText('Arrived');
  await expect(vendor.getByRole('button', { name: /^Mark:/ })).toHaveCount(0);
  await expect(vendor.getByRole('button', { name: 'Undo "Arrived"' })).toBeVisible();
  const ride = await rider.request.get(`/api/rides/${String(rideId)}`);
  expect(((await ride.json()) as { status: string }).status).toBe('completed');
  await expect(rider.getByText('Completed', { exact: true }).first()).toBeVisible();
  expect(await notReloaded(rider)).toBe(true);
  expect(await notReloaded(vendor)).toBe(true);

  // The family's page catches up by itself (it refreshes every 30 seconds; a reload shows it now).
  await family.reload();
  await expect(family.getByTestId('shared-current')).toHaveText('Arrived');
});
