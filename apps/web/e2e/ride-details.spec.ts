// The ride detail page (/rides/{id}): joining from the page, the full / past / already-joined /
// signed-out states, removing and leaving, and the share, contact and group-copy actions with the
// clipboard's content checked.
import type { Page } from 'playwright-core';
import { describe, expect, it as vitestIt } from 'vitest';

import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  JOURNEY_TIMEOUT_MS,
  latestToast as toast,
  readClipboard,
  setupJourneyBrowser,
  signedInPage,
} from './ride-details-fixtures';
import { field, memberAccount, screenshot } from './support/browser';

const { newPage } = setupJourneyBrowser();
const it = (name: string, fn: () => Promise<void>) => vitestIt(name, fn, JOURNEY_TIMEOUT_MS);

const joinCard = (page: Page) => page.getByRole('region', { name: 'Join This Ride' });
const seats = (page: Page) => page.getByTestId('passenger-count');
const entries = (page: Page) => page.getByTestId('passenger-entry');

async function openPassengersTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Passengers' }).click();
  await page.getByRole('heading', { name: 'Passengers', level: 2 }).waitFor();
}

describe('joining from the detail page', () => {
  it('a second member checks the form, joins, and sees the ride update', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Olga Organizer' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      maxPassengers: 4,
      location: 'Pasir Ris MRT',
    });

    const { page } = await signedInPage(newPage, memberAccount({ name: 'Jonas Joiner' }));
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('heading', { level: 1, name: 'Singapore to Forest City' }).waitFor();
    expect(await seats(page).innerText()).toBe('Passengers 1/4');
    expect(await page.getByText('Open', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Pasir Ris MRT').first().isVisible()).toBe(true);
    expect(await page.getByText('Per Person (if full)').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Ride Organizer' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Edit Ride' }).count()).toBe(0);
    await screenshot(page, 'ride-details-join-desktop');

    const card = joinCard(page);
    await field(card, 'Number of Passengers').fill('4');
    await card.getByRole('button', { name: 'Join Ride' }).click();
    await card.getByText('Number must be less than or equal to 3').waitFor();
    await card.getByText('Drop-off location is required').waitFor();
    await field(card, 'Number of Passengers').fill('0');
    await field(card, 'Pick-up Location').focus();
    await card.getByText('Must have at least 1 passenger').waitFor();

    await field(card, 'Number of Passengers').fill('2');
    await field(card, 'Pick-up Location').fill('  Tampines Mall  ');
    await card.getByRole('button', { name: 'Join Ride' }).click();
    const success = toast(page, 'Success');
    await success.waitFor();
    expect(await success.innerText()).toContain('You have joined the ride');
    await page.getByRole('heading', { name: "You've Joined This Ride" }).waitFor();
    await page.getByText('Passengers 3/4').waitFor();
    expect(await page.getByRole('link', { name: 'View Your Rides' }).getAttribute('href')).toBe('/home?tab=my-rides');

    await openPassengersTab(page);
    const mine = entries(page).filter({ hasText: 'Jonas Joiner' });
    expect(await mine.innerText()).toContain('Pick-up: Tampines Mall');
    expect(await mine.innerText()).toContain('2 passengers');
    expect(await mine.getByRole('button', { name: 'Leave Ride' }).isVisible()).toBe(true);
    // Only the organiser numbers passengers.
    expect(await page.getByText(/^Passenger \d$/).count()).toBe(0);
    await screenshot(page, 'ride-details-passengers-desktop');

    // The organiser sees the newcomer, numbered.
    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await entries(organizer).nth(1).waitFor();
    expect(await entries(organizer).count()).toBe(2);
    expect(await entries(organizer).nth(1).textContent()).toContain('Passenger 2');
    expect(await entries(organizer).nth(1).innerText()).toContain('Jonas Joiner');
    expect(await organizer.getByRole('link', { name: 'Edit Ride' }).getAttribute('href')).toBe(
      `/rides/edit/${String(rideId)}`,
    );
  });

  it('at 375px the page fits the screen and the join form is usable', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount());
    const rideId = await createRideViaApi(organizer, {
      direction: 'FC->SG',
      maxPassengers: 5,
      location: 'Jurong East MRT',
    });
    const { page } = await signedInPage(newPage, memberAccount(), 'mobile');
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('heading', { level: 1, name: 'Forest City to Singapore' }).waitFor();
    await joinCard(page).waitFor();
    expect(await page.getByRole('list', { name: 'Drop-off locations' }).innerText()).toContain('Jurong East MRT');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'ride-details-join-mobile');

    await field(joinCard(page), 'Drop-off Location').fill('Bedok Interchange');
    await joinCard(page).getByRole('button', { name: 'Join Ride' }).click();
    await page.getByRole('heading', { name: "You've Joined This Ride" }).waitFor();
    await openPassengersTab(page);
    await screenshot(page, 'ride-details-passengers-mobile');
  });
});

describe('states without a join form', () => {
  it('a full ride shows Full and no join form', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount());
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      maxPassengers: 2,
      organizerPassengerCount: 2,
      location: 'Woodlands',
    });
    const { page } = await signedInPage(newPage, memberAccount());
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('heading', { name: 'This Ride Is Full' }).waitFor();
    expect(await seats(page).innerText()).toBe('Passengers 2/2');
    expect(await page.getByText('Full', { exact: true }).isVisible()).toBe(true);
    expect(await joinCard(page).count()).toBe(0);
  });

  it('a member who already joined sees that instead of the form', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount());
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', location: 'Tampines' });
    const { page } = await signedInPage(newPage, memberAccount());
    await joinRideViaApi(page, rideId, 'Bedok');
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('heading', { name: "You've Joined This Ride" }).waitFor();
    expect(await joinCard(page).count()).toBe(0);
    await page.getByRole('link', { name: 'View Your Rides' }).click();
    await page.waitForURL('**/home?tab=my-rides');
  });

  it('once the ride has departed: completed for a passenger, in the past for others, no removal', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount());
    const date = inDays(2);
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', date, location: 'Tampines' });
    const { page: passenger } = await signedInPage(newPage, memberAccount());
    await joinRideViaApi(passenger, rideId, 'Bedok');
    const { page: other } = await signedInPage(newPage, memberAccount());

    // The browsers live three days later; the ride is past for them.
    const later = new Date(Date.parse(date) + 24 * 60 * 60 * 1000);
    for (const page of [passenger, other, organizer]) await page.clock.setFixedTime(later);

    await passenger.goto(`/rides/${String(rideId)}`);
    await passenger.getByRole('heading', { name: 'This Ride Is Completed' }).waitFor();
    await openPassengersTab(passenger);
    expect(await passenger.getByRole('button', { name: 'Leave Ride' }).count()).toBe(0);

    await other.goto(`/rides/${String(rideId)}`);
    await other.getByRole('heading', { name: 'This Ride Is In The Past' }).waitFor();
    expect(await joinCard(other).count()).toBe(0);

    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await entries(organizer).nth(1).waitFor();
    expect(await organizer.getByRole('button', { name: 'Remove Passenger' }).count()).toBe(0);
  });

  it('a visitor sees the details and is asked to log in for the rest', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount());
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', location: 'Pasir Ris MRT' });
    const page = await newPage();
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('heading', { name: 'Login Required' }).waitFor();
    expect(await page.getByText('Pasir Ris MRT').first().isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Ride Organizer' }).count()).toBe(0);
    const tab = page.getByRole('tab', { name: 'Passengers (Login required)' });
    await tab.click();
    expect(await page.getByRole('link', { name: 'Login or Register' }).count()).toBe(2);
    expect(await entries(page).count()).toBe(0);
    await page.getByRole('link', { name: 'Login or Register' }).first().click();
    await page.waitForURL('**/auth');
  });

  it("a visitor is told to log in for an FC->SG ride's drop-off points; members see them", async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Fiona Faraway' }));
    const rideId = await createRideViaApi(organizer, { direction: 'FC->SG', location: 'Fiona Secret Flat 12' });
    const { page: rider } = await signedInPage(newPage, memberAccount());
    await joinRideViaApi(rider, rideId, 'Rider Secret Lane 3');

    const page = await newPage();
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByText('Log in to see the drop-off points.').waitFor();
    expect(await page.getByText('Fiona Faraway').first().isVisible()).toBe(true);
    const html = await page.content();
    expect(html).not.toContain('Fiona Secret Flat');
    expect(html).not.toContain('Rider Secret Lane');

    await rider.goto(`/rides/${String(rideId)}`);
    const list = rider.getByRole('list', { name: 'Drop-off locations' });
    await list.waitFor();
    expect(await list.innerText()).toContain('Fiona Secret Flat 12');
    expect(await list.innerText()).toContain('Rider Secret Lane 3');
  });

  it('an unknown ride shows Ride Not Found', async () => {
    const page = await newPage();
    await page.goto('/rides/987654');
    await page.getByRole('heading', { name: 'Ride Not Found' }).waitFor();
  });
});

describe('removing and leaving', () => {
  it('the organiser removes a passenger and another passenger leaves', async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount({ name: 'Rita Remover' }));
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', maxPassengers: 5, location: 'Punggol' });
    const { page: stays } = await signedInPage(newPage, memberAccount({ name: 'Leo Leaver' }));
    await joinRideViaApi(stays, rideId, 'Sengkang');
    const { page: goes } = await signedInPage(newPage, memberAccount({ name: 'Ron Removed' }));
    await joinRideViaApi(goes, rideId, 'Hougang', 2);

    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await entries(organizer).nth(2).waitFor();
    expect(await seats(organizer).innerText()).toBe('Passengers 4/5');
    // The organiser's own entry has no Remove button.
    expect(await organizer.getByRole('button', { name: 'Remove Passenger' }).count()).toBe(2);
    await entries(organizer)
      .filter({ hasText: 'Ron Removed' })
      .getByRole('button', { name: 'Remove Passenger' })
      .click();
    const dialog = organizer.getByRole('dialog', { name: 'Remove this passenger?' });
    await dialog.getByRole('button', { name: 'Remove Passenger' }).click();
    await toast(organizer, 'Passenger Removed').waitFor();
    await organizer.getByText('Passengers 2/5').waitFor();
    expect(await entries(organizer).filter({ hasText: 'Ron Removed' }).count()).toBe(0);
    expect(await entries(organizer).count()).toBe(2);

    await stays.goto(`/rides/${String(rideId)}?tab=passengers`);
    await entries(stays).filter({ hasText: 'Leo Leaver' }).getByRole('button', { name: 'Leave Ride' }).click();
    await stays.getByRole('dialog', { name: 'Leave this ride?' }).getByRole('button', { name: 'Leave Ride' }).click();
    await toast(stays, 'Passenger Removed').waitFor();
    await stays.getByText('Passengers 1/5').waitFor();
    // Back to being eligible: the join form returns.
    await joinCard(stays).waitFor();
  });
});

describe('share, contact and group actions', () => {
  it('copies the trip summary, contacts and group suggestions', async () => {
    const { page: organizer, user: organizerUser } = await signedInPage(
      newPage,
      memberAccount({
        name: 'Cora Contact',
        whatsappNumber: '+65 9876 5432',
        malaysianNumber: '+60 12-345 6789',
        revolutUsername: undefined,
      }),
    );
    const rideId = await createRideViaApi(organizer, {
      direction: 'FC->SG',
      maxPassengers: 4,
      location: 'Tampines Mall',
    });
    const { page } = await signedInPage(
      newPage,
      memberAccount({ name: 'Sam Sharer', whatsappNumber: '+65 8111 2222' }),
    );
    await joinRideViaApi(page, rideId, 'Bedok');
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('heading', { name: "You've Joined This Ride" }).waitFor();

    // Share: headless Chromium has no share sheet, so the summary goes to the clipboard.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await toast(page, 'Copied to clipboard').waitFor();
    await expect.poll(() => readClipboard(page), { timeout: 15_000 }).toMatch(/^RideShare: /);
    const summary = await readClipboard(page);
    expect(summary.split('\n')[0]).toMatch(/^RideShare: FC->SG \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
    expect(summary).toContain('Direction: Forest City to Singapore');
    expect(summary).toContain('Organizer: Cora Contact');
    expect(summary).toContain('Passengers: 2/4');
    expect(summary).toContain('Tampines Mall');
    expect(summary).toContain('Bedok');

    // The organiser's contacts.
    const organizerCard = page.getByRole('region', { name: 'Ride Organizer' });
    const whatsapp = organizerCard.getByRole('link', { name: 'Chat on WhatsApp of Cora Contact' });
    expect(await whatsapp.getAttribute('href')).toBe('https://wa.me/6598765432');
    expect(await whatsapp.getAttribute('target')).toBe('_blank');
    const phone = organizerCard.getByRole('link', { name: 'Call Malaysian Number of Cora Contact' });
    expect(await phone.getAttribute('href')).toBe('tel:+60123456789');
    // A tel: link hands off to the phone app. Headless Chromium has none, and its pending hand-off
    // would swallow later clicks, so the test plays the phone app: the navigation is cancelled
    // while the page's own click handler still runs and copies the digits.
    await page.evaluate(() => {
      document.addEventListener(
        'click',
        (event) => {
          if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) event.preventDefault();
        },
        true,
      );
    });
    await phone.click();
    await toast(page, 'Number copied').waitFor();
    await expect.poll(() => readClipboard(page), { timeout: 15_000 }).toBe('60123456789');
    await organizerCard.getByRole('button', { name: 'Copy Discord username of Cora Contact' }).click();
    await toast(page, 'Copied to clipboard').waitFor();
    await expect.poll(() => readClipboard(page), { timeout: 15_000 }).toBe(organizerUser.discordUsername);

    // A passenger without a Revolut username.
    await openPassengersTab(page);
    const coraEntry = entries(page).filter({ hasText: 'Cora Contact' });
    await coraEntry.getByRole('button', { name: 'Copy Revolut username of Cora Contact (not provided)' }).click();
    const missing = toast(page, 'Contact not available');
    await missing.waitFor();
    expect(await missing.innerText()).toContain('No Revolut contact information provided.');

    // Group suggestions.
    await page.getByRole('button', { name: 'WhatsApp Group' }).click();
    await toast(page, 'Copied to clipboard').waitFor();
    await expect.poll(() => readClipboard(page), { timeout: 15_000 }).toMatch(/^Group name: /);
    const group = await readClipboard(page);
    expect(group).toMatch(/^Group name: RideShare: FC->SG /);
    expect(group).toContain('- Cora Contact: +65 9876 5432');
    expect(group).toContain('- Sam Sharer: +65 8111 2222');
    await page.getByRole('button', { name: 'Discord Group' }).click();
    await toast(page, 'Copied to clipboard').waitFor();
    await expect
      .poll(() => readClipboard(page), { timeout: 15_000 })
      .toContain(`- Cora Contact: ${organizerUser.discordUsername}`);
    expect(await page.getByText('Group setup is not working yet').isVisible()).toBe(true);
  });

  it("says 'Failed to copy' when the browser refuses the clipboard", async () => {
    const { page: organizer } = await signedInPage(newPage, memberAccount());
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', location: 'Clementi' });
    const page = await newPage();
    // No clipboard permission and no legacy copy: both ways refuse.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
      document.execCommand = () => false;
    });
    await page.goto(`/rides/${String(rideId)}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const failure = toast(page, 'Failed to copy');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('Please try again or copy the text manually.');
  });
});
