// The ride detail page (/rides/{id}): joining from the page, the full / past / already-joined /
// signed-out states, removing and leaving, and the share, contact and group-copy actions with the
// clipboard's content checked.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  joinRideViaApi,
  latestToast as toast,
  memberAccount,
  readClipboard,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const joinCard = (page: Page) => page.getByRole('region', { name: 'Join This Ride' });
const seats = (page: Page) => page.getByTestId('passenger-count');
const entries = (page: Page) => page.getByTestId('passenger-entry');

async function openPassengersTab(page: Page): Promise<void> {
  // The Trip card may load in above the tabs after the page shows and move them; the tab must end
  // up selected, so the click is repeated if it landed before the move.
  const tab = page.getByRole('tab', { name: 'Passengers' });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
  }).toPass();
  await expect(page.getByRole('heading', { name: 'Passengers', level: 2 })).toBeVisible();
}

test.describe('joining from the detail page', () => {
  test('a second member checks the form, joins, and sees the ride update', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Olga Organizer' }));
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      maxPassengers: 4,
      location: 'Pasir Ris MRT',
    });

    const { page } = await signedInPage(memberAccount({ name: 'Jonas Joiner' }));
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Singapore to Forest City' })).toBeVisible();
    await expect(seats(page)).toHaveText('Passengers 1/4', { useInnerText: true });
    await expect(page.getByText('No driver yet', { exact: true })).toBeVisible();
    await expect(page.getByText('3 seats left', { exact: true })).toBeVisible();
    await expect(page.getByText('Pasir Ris MRT').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cost breakdown' }).getByText('Per Person (if full)')).toBeVisible();
    // The join card names this member's share the same way.
    await expect(joinCard(page).getByRole('region', { name: 'Cost' }).getByText('Your Cost (estimated)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ride Organizer' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Ride' })).toHaveCount(0);
    await screenshot(page, 'ride-details-join-desktop');

    const card = joinCard(page);
    await field(card, 'Number of Passengers').fill('4');
    await card.getByRole('button', { name: 'Join Ride' }).click();
    await expect(card.getByText('Number must be less than or equal to 3')).toBeVisible();
    await expect(card.getByText('Drop-off location is required')).toBeVisible();
    await field(card, 'Number of Passengers').fill('0');
    await field(card, 'Pick-up Location').focus();
    await expect(card.getByText('Must have at least 1 passenger')).toBeVisible();

    await field(card, 'Number of Passengers').fill('2');
    await field(card, 'Pick-up Location').fill('  Tampines Mall  ');
    await card.getByRole('button', { name: 'Join Ride' }).click();
    const success = toast(page, 'Success');
    await expect(success).toBeVisible();
    await expect(success).toContainText('You have joined the ride', { useInnerText: true });
    await expect(page.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();
    await expect(page.getByText('Passengers 3/4')).toBeVisible();
    await expect(page.getByRole('link', { name: 'View Your Rides' })).toHaveAttribute('href', '/home?tab=my-rides');

    await openPassengersTab(page);
    const mine = entries(page).filter({ hasText: 'Jonas Joiner' });
    await expect(mine).toContainText('Pick-up: Tampines Mall', { useInnerText: true });
    await expect(mine).toContainText('2 passengers', { useInnerText: true });
    await expect(mine.getByRole('button', { name: 'Leave Ride' })).toBeVisible();
    // Only the organiser numbers passengers.
    await expect(page.getByText(/^Passenger \d$/)).toHaveCount(0);
    await screenshot(page, 'ride-details-passengers-desktop');

    // The organiser sees the newcomer, numbered.
    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expect(entries(organizer).nth(1)).toBeVisible();
    await expect(entries(organizer)).toHaveCount(2);
    await expect(entries(organizer).nth(1)).toContainText('Passenger 2');
    await expect(entries(organizer).nth(1)).toContainText('Jonas Joiner', { useInnerText: true });
    await expect(organizer.getByRole('link', { name: 'Edit Ride' })).toHaveAttribute(
      'href',
      `/rides/edit/${String(rideId)}`,
    );
  });

  test('at 375px the page fits the screen and the join form is usable', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount());
    const rideId = await createRideViaApi(organizer, {
      direction: 'FC->SG',
      maxPassengers: 5,
      location: 'Jurong East MRT',
    });
    const { page } = await signedInPage(memberAccount(), 'mobile');
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Forest City to Singapore' })).toBeVisible();
    await expect(joinCard(page)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Drop-off locations' })).toContainText('Jurong East MRT', {
      useInnerText: true,
    });
    await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'ride-details-join-mobile');

    await field(joinCard(page), 'Drop-off Location').fill('Bedok Interchange');
    await joinCard(page).getByRole('button', { name: 'Join Ride' }).click();
    await expect(page.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();
    await openPassengersTab(page);
    await screenshot(page, 'ride-details-passengers-mobile');
  });
});

test.describe('states without a join form', () => {
  test('a full ride shows Full and no join form', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount());
    const rideId = await createRideViaApi(organizer, {
      direction: 'SG->FC',
      maxPassengers: 2,
      organizerPassengerCount: 2,
      location: 'Woodlands',
    });
    const { page } = await signedInPage(memberAccount());
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByRole('heading', { name: 'This Ride Is Full' })).toBeVisible();
    await expect(seats(page)).toHaveText('Passengers 2/2', { useInnerText: true });
    await expect(page.getByText('Full', { exact: true })).toBeVisible();
    await expect(joinCard(page)).toHaveCount(0);
  });

  test('a member who already joined sees that instead of the form', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount());
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', location: 'Tampines' });
    const { page } = await signedInPage(memberAccount());
    await joinRideViaApi(page, rideId, 'Bedok');
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();
    await expect(joinCard(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'View Your Rides' }).click();
    await expect(page).toHaveURL(/\/home\?tab=my-rides$/);
  });

  test('once the ride has departed: completed for a passenger, in the past for others, no removal', async ({
    signedInPage,
  }) => {
    const { page: organizer } = await signedInPage(memberAccount());
    const date = inDays(2);
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', date, location: 'Tampines' });
    const { page: passenger } = await signedInPage(memberAccount());
    await joinRideViaApi(passenger, rideId, 'Bedok');
    const { page: other } = await signedInPage(memberAccount());

    // The browsers live three days later; the ride is past for them.
    const later = new Date(Date.parse(date) + 24 * 60 * 60 * 1000);
    for (const page of [passenger, other, organizer]) await page.clock.setFixedTime(later);

    await passenger.goto(`/rides/${String(rideId)}`);
    await expect(passenger.getByRole('heading', { name: 'This Ride Is Completed' })).toBeVisible();
    await openPassengersTab(passenger);
    await expect(passenger.getByRole('button', { name: 'Leave Ride' })).toHaveCount(0);

    await other.goto(`/rides/${String(rideId)}`);
    await expect(other.getByRole('heading', { name: 'This Ride Is In The Past' })).toBeVisible();
    await expect(joinCard(other)).toHaveCount(0);

    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expect(entries(organizer).nth(1)).toBeVisible();
    await expect(organizer.getByRole('button', { name: 'Remove Passenger' })).toHaveCount(0);
  });

  test('a visitor sees the details and is asked to log in for the rest', async ({ newPage, signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount());
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', location: 'Pasir Ris MRT' });
    const page = await newPage();
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByText('Pasir Ris MRT').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ride Organizer' })).toHaveCount(0);
    const tab = page.getByRole('tab', { name: 'Passengers (Login required)' });
    await tab.click();
    await expect(page.getByRole('link', { name: 'Login or Register' })).toHaveCount(2);
    await expect(entries(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Login or Register' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("a visitor is told to log in for an FC->SG ride's drop-off points; members see them", async ({
    newPage,
    signedInPage,
  }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Fiona Faraway' }));
    const rideId = await createRideViaApi(organizer, { direction: 'FC->SG', location: 'Fiona Secret Flat 12' });
    const { page: rider } = await signedInPage(memberAccount());
    await joinRideViaApi(rider, rideId, 'Rider Secret Lane 3');

    const page = await newPage();
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByText('Log in to see the drop-off points.')).toBeVisible();
    await expect(page.getByText('Fiona Faraway').first()).toBeVisible();
    const html = await page.content();
    expect(html).not.toContain('Fiona Secret Flat');
    expect(html).not.toContain('Rider Secret Lane');

    await rider.goto(`/rides/${String(rideId)}`);
    const list = rider.getByRole('list', { name: 'Drop-off locations' });
    await expect(list).toBeVisible();
    await expect(list).toContainText('Fiona Secret Flat 12', { useInnerText: true });
    await expect(list).toContainText('Rider Secret Lane 3', { useInnerText: true });
  });

  test('an unknown ride shows Ride Not Found', async ({ newPage }) => {
    const page = await newPage();
    await page.goto('/rides/987654');
    await expect(page.getByRole('heading', { name: 'Ride Not Found' })).toBeVisible();
  });
});

test.describe('removing and leaving', () => {
  test('the organiser removes a passenger and another passenger leaves', async ({ signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount({ name: 'Rita Remover' }));
    const rideId = await createRideViaApi(organizer, { direction: 'SG->FC', maxPassengers: 5, location: 'Punggol' });
    const { page: stays } = await signedInPage(memberAccount({ name: 'Leo Leaver' }));
    await joinRideViaApi(stays, rideId, 'Sengkang');
    const { page: goes } = await signedInPage(memberAccount({ name: 'Ron Removed' }));
    await joinRideViaApi(goes, rideId, 'Hougang', 2);

    await organizer.goto(`/rides/${String(rideId)}?tab=passengers`);
    await expect(entries(organizer).nth(2)).toBeVisible();
    await expect(seats(organizer)).toHaveText('Passengers 4/5', { useInnerText: true });
    // The organiser's own entry has no Remove button.
    await expect(organizer.getByRole('button', { name: 'Remove Passenger' })).toHaveCount(2);
    await entries(organizer)
      .filter({ hasText: 'Ron Removed' })
      .getByRole('button', { name: 'Remove Passenger' })
      .click();
    const dialog = organizer.getByRole('dialog', { name: 'Remove this passenger?' });
    await dialog.getByRole('button', { name: 'Remove Passenger' }).click();
    await expect(toast(organizer, 'Passenger Removed')).toBeVisible();
    await expect(organizer.getByText('Passengers 2/5')).toBeVisible();
    await expect(entries(organizer).filter({ hasText: 'Ron Removed' })).toHaveCount(0);
    await expect(entries(organizer)).toHaveCount(2);

    await stays.goto(`/rides/${String(rideId)}?tab=passengers`);
    await entries(stays).filter({ hasText: 'Leo Leaver' }).getByRole('button', { name: 'Leave Ride' }).click();
    await stays.getByRole('dialog', { name: 'Leave this ride?' }).getByRole('button', { name: 'Leave Ride' }).click();
    await expect(toast(stays, 'You left the ride')).toBeVisible();
    await expect(stays.getByText('Passengers 1/5')).toBeVisible();
    // Back to being eligible: the join form returns.
    await expect(joinCard(stays)).toBeVisible();
  });
});

test.describe('share, contact and group actions', () => {
  test('copies the trip summary, contacts and group suggestions', async ({ signedInPage }) => {
    const { page: organizer, user: organizerUser } = await signedInPage(
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
    const { page } = await signedInPage(memberAccount({ name: 'Sam Sharer', whatsappNumber: '+65 8111 2222' }));
    await joinRideViaApi(page, rideId, 'Bedok');
    await page.goto(`/rides/${String(rideId)}`);
    await expect(page.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();

    // Share: headless Chromium has no share sheet, so the ride's link goes to the clipboard, and
    // nobody's name or stop with it.
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toMatch(/^RideShare: /);
    const summary = await readClipboard(page);
    expect(summary.split('\n')[0]).toMatch(/^RideShare: FC->SG \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
    expect(summary).toContain('Forest City to Singapore');
    expect(summary).toContain('2 seats left');
    expect(summary).toContain(`/rides/${String(rideId)}`);
    expect(summary).not.toContain('Cora Contact');
    expect(summary).not.toContain('Tampines Mall');
    expect(summary).not.toContain('Bedok');

    // The organiser's contacts.
    const organizerCard = page.getByRole('region', { name: 'Ride Organizer' });
    const whatsapp = organizerCard.getByRole('link', { name: 'Chat on WhatsApp of Cora Contact' });
    await expect(whatsapp).toHaveAttribute('href', 'https://wa.me/6598765432');
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    const phone = organizerCard.getByRole('link', { name: 'Call Malaysian Number of Cora Contact' });
    await expect(phone).toHaveAttribute('href', 'tel:+60123456789');
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
    await expect(toast(page, 'Number copied')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toBe('60123456789');
    await organizerCard.getByRole('button', { name: 'Copy Discord username of Cora Contact' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toBe(organizerUser.discordUsername);

    // A passenger without a Revolut username.
    await openPassengersTab(page);
    const coraEntry = entries(page).filter({ hasText: 'Cora Contact' });
    await coraEntry.getByRole('button', { name: 'Copy Revolut username of Cora Contact (not provided)' }).click();
    const missing = toast(page, 'Contact not available');
    await expect(missing).toBeVisible();
    await expect(missing).toContainText('No Revolut contact information provided.', { useInnerText: true });

    // Group suggestions.
    await page.getByRole('button', { name: 'WhatsApp Group' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toMatch(/^Group name: /);
    const group = await readClipboard(page);
    expect(group).toMatch(/^Group name: RideShare: FC->SG /);
    expect(group).toContain('- Cora Contact: +65 9876 5432');
    expect(group).toContain('- Sam Sharer: +65 8111 2222');
    await page.getByRole('button', { name: 'Discord Group' }).click();
    await expect(toast(page, 'Copied to clipboard')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toContain(`- Cora Contact: ${organizerUser.discordUsername}`);
    await expect(page.getByText(/WhatsApp and Discord groups are not set up automatically yet: use the/)).toBeVisible();
  });

  test("says 'Failed to copy' when the browser refuses the clipboard", async ({ newPage, signedInPage }) => {
    const { page: organizer } = await signedInPage(memberAccount());
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
    await expect(failure).toBeVisible();
    await expect(failure).toContainText('Please try again or copy the text manually.', { useInnerText: true });
  });
});
