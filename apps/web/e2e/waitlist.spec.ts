// The waitlist (issue 13), at desktop and phone widths: on a full ride a member joins the line from
// the ride page; the organiser removes a passenger, which offers the freed seat to the member; the
// member reloads, sees the seat held until a time, accepts it and is listed as a passenger; the
// bell shows the offer; the organiser's My Rides card reads Full while the seat is held. Also: a
// group larger than the seats left is offered the line beside the join form.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

import {
  createRideViaApi,
  inDays,
  joinRideViaApi,
  JOURNEY_TIMEOUT_MS,
  latestToast,
  setupJourneyBrowser,
  signedInPage,
} from './ride-details-fixtures';
import { field, memberAccount, screenshot, type ViewportName } from './support/browser';

const { newPage } = setupJourneyBrowser();

const entries = (page: Page) => page.getByTestId('passenger-entry');

async function openPassengersTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Passengers' }).click();
  await page.getByRole('heading', { name: 'Passengers', level: 2 }).waitFor();
}

/** The page's width fits the viewport: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(['desktop', 'mobile'] as ViewportName[])('the waitlist (%s)', (viewport) => {
  it(
    'a member waits on a full ride, is offered the freed seat, accepts it and is told in the inbox',
    async () => {
      const { page: organiser } = await signedInPage(newPage, memberAccount({ name: 'Wanda Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(5),
        maxPassengers: 2,
        location: 'Bedok MRT',
      });
      const { page: passenger } = await signedInPage(newPage, memberAccount({ name: 'Rex Removed' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines MRT');

      // B finds the ride full and joins the line from the ride page.
      const { page: waiter } = await signedInPage(newPage, memberAccount({ name: 'Bea Waiting' }), viewport);
      await waiter.goto(`/rides/${String(rideId)}`);
      const full = waiter.getByRole('region', { name: 'This Ride Is Full' });
      await full.waitFor();
      await full.getByText(/Nobody is waiting yet/).waitFor();
      expect(await waiter.getByRole('region', { name: 'Join This Ride' }).count()).toBe(0);
      await full.getByRole('button', { name: 'Join the waitlist' }).click();
      await full.getByText('Drop-off location is required').waitFor();
      await field(full, 'Pick-up Location').fill('Pasir Ris MRT');
      await screenshot(waiter, `waitlist-full-${viewport}`);
      await full.getByRole('button', { name: 'Join the waitlist' }).click();
      await latestToast(waiter, 'Success').getByText('You are #1 on the waitlist').waitFor();
      const waiting = waiter.getByRole('region', { name: 'You are #1 on the waitlist' });
      await waiting.waitFor();
      await waiting.getByRole('button', { name: 'Leave waitlist' }).waitFor();
      await expectNoSidewaysScroll(waiter);
      await screenshot(waiter, `waitlist-waiting-${viewport}`);

      // The organiser removes the passenger: the seat is offered to B.
      await organiser.goto(`/rides/${String(rideId)}?tab=passengers`);
      await entries(organiser)
        .filter({ hasText: 'Rex Removed' })
        .getByRole('button', { name: 'Remove Passenger' })
        .click();
      await organiser
        .getByRole('dialog', { name: 'Remove this passenger?' })
        .getByRole('button', { name: 'Remove Passenger' })
        .click();
      await latestToast(organiser, 'Passenger Removed').waitFor();
      await organiser.getByText('Passengers 1/2').waitFor();

      // The organiser's My Rides card counts the held seat: Full, and says why.
      await organiser.goto('/home?tab=my-rides');
      const myCard = organiser.locator(`article[data-ride-id="${String(rideId)}"]`);
      await myCard.locator('[data-held-seats]').getByText('1 held for the waitlist').waitFor();
      expect(await myCard.locator('[data-badge]').textContent()).toBe('Full');
      expect(await myCard.innerText()).toContain('Passengers: 1/2');
      await screenshot(organiser, `waitlist-my-rides-${viewport}`);

      // A newcomer cannot take the held seat: the ride reads as full to them.
      const { page: latecomer } = await signedInPage(newPage, memberAccount({ name: 'Lou Late' }), viewport);
      const join = await latecomer.request.post(`/api/rides/${String(rideId)}/join`, {
        data: { dropoffLocation: 'Jurong East', passengerCount: 1 },
      });
      expect(join.status()).toBe(409);
      expect(await join.json()).toEqual({ error: 'Ride is full' });

      // B reloads and sees the seat held for them.
      await waiter.reload();
      const offer = waiter.getByRole('region', { name: /^A seat is held for you until / });
      await offer.waitFor();
      const title = await offer.getByRole('heading').first().innerText();
      expect(title).toMatch(/^A seat is held for you until \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)$/);
      const header = waiter.getByRole('banner');
      const bell = header.getByRole('link', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      await expectNoSidewaysScroll(waiter);
      await screenshot(waiter, `waitlist-offer-${viewport}`);

      await offer.getByRole('button', { name: 'Accept seat' }).click();
      await latestToast(waiter, 'Success').getByText('You have joined the ride').waitFor();
      await waiter.getByRole('heading', { name: "You've Joined This Ride" }).waitFor();
      await waiter.getByTestId('passenger-count').getByText('Passengers 2/2').waitFor();
      await openPassengersTab(waiter);
      const mine = entries(waiter).filter({ hasText: 'Bea Waiting' });
      await mine.waitFor();
      expect(await mine.innerText()).toContain('Pasir Ris MRT');
      await screenshot(waiter, `waitlist-accepted-${viewport}`);

      // Accepting answered the offer: the bell has nothing unread, and the inbox keeps the offer as a
      // sentence, read.
      const quietBell = header.getByRole('link', { name: 'Notifications', exact: true });
      await quietBell.first().waitFor();
      await quietBell.first().click();
      await waiter.waitForURL('**/notifications');
      const item = waiter
        .getByRole('listitem')
        .filter({ hasText: /Seats are free for your group on the ride SG → FC/ });
      await item.waitFor();
      expect(await item.innerText()).toMatch(/join by \w{3}, \d{1,2} \w{3} \d{4}/);
      expect(await item.getAttribute('data-unread')).toBe('false');
      await screenshot(waiter, `waitlist-inbox-${viewport}`);

      // The server agrees: B is a passenger, and nobody is waiting any more.
      const detail = await waiter.request.get(`/api/rides/${String(rideId)}`);
      expect(detail.status()).toBe(200);
      expect(((await detail.json()) as { waitlist: unknown }).waitlist).toEqual({ count: 0, heldSeats: 0, mine: null });
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'a group larger than the seats left is offered the line beside the join form',
    async () => {
      const { page: organiser } = await signedInPage(newPage, memberAccount({ name: 'Gus Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'FC->SG',
        date: inDays(6),
        maxPassengers: 4,
        organizerPassengerCount: 2,
        location: 'Tampines Mall',
      });
      const { page: family } = await signedInPage(newPage, memberAccount({ name: 'Fay Family' }), viewport);
      await family.goto(`/rides/${String(rideId)}`);
      const card = family.getByRole('region', { name: 'Join This Ride' });
      await card.waitFor();
      await field(card, 'Number of Passengers').fill('3');
      await field(card, 'Drop-off Location').fill('Changi Airport T3');
      const instead = card.getByTestId('waitlist-instead');
      await instead.getByText('Only 2 seats are left, too few for your group of 3.', { exact: false }).waitFor();
      await expectNoSidewaysScroll(family);
      await screenshot(family, `waitlist-instead-${viewport}`);
      await instead.getByRole('button', { name: 'Join the waitlist instead' }).click();
      await family
        .getByRole('region', { name: 'You are #1 on the waitlist' })
        .getByText(/Waiting for 3 people/)
        .waitFor();
    },
    JOURNEY_TIMEOUT_MS,
  );
});
