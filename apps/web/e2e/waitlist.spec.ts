// The waitlist (docs/features.md#waitlist), at desktop and phone widths: on a full ride a member joins the line from
// the ride page; the organiser removes a passenger, which offers the freed seat to the member; the
// member reloads, sees the seat held until a time, accepts it and is listed as a passenger; the
// bell shows the offer; the organiser's My Rides card reads Full while the seat is held. Also: a
// group larger than the seats left is offered the line beside the join form.
import type { Page } from '@playwright/test';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  joinRideViaApi,
  latestToast,
  memberAccount,
  screenshot,
  sidewaysOverflow,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const entries = (page: Page) => page.getByTestId('passenger-entry');

async function openPassengersTab(page: Page): Promise<void> {
  await page.getByRole('tab', { name: 'Passengers' }).click();
  await expect(page.getByRole('heading', { name: 'Passengers', level: 2 })).toBeVisible();
}

/** The page's width fits the viewport: nothing sticks out sideways. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`the waitlist (${viewport})`, () => {
    test('a member waits on a full ride, is offered the freed seat, accepts it and is told in the inbox', async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Wanda Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'SG->FC',
        date: inDays(5),
        maxPassengers: 2,
        location: 'Bedok MRT',
      });
      const { page: passenger } = await signedInPage(memberAccount({ name: 'Rex Removed' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines MRT');

      // B finds the ride full and joins the line from the ride page.
      const { page: waiter } = await signedInPage(memberAccount({ name: 'Bea Waiting' }), viewport);
      await waiter.goto(`/rides/${String(rideId)}`);
      const full = waiter.getByRole('region', { name: 'This Ride Is Full' });
      await expect(full).toBeVisible();
      await expect(full.getByText(/Nobody is waiting yet/)).toBeVisible();
      await expect(waiter.getByRole('region', { name: 'Join This Ride' })).toHaveCount(0);
      await full.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(full.getByText('Drop-off location is required')).toBeVisible();
      await field(full, 'Pick-up Location').fill('Pasir Ris MRT');
      await screenshot(waiter, `waitlist-full-${viewport}`);
      await expectAccessible(waiter, `full ride with the waitlist form (${viewport})`);
      await full.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect(latestToast(waiter, 'Success').getByText('You are #1 on the waitlist')).toBeVisible();
      const waiting = waiter.getByRole('region', { name: 'You are #1 on the waitlist' });
      await expect(waiting).toBeVisible();
      await expect(waiting.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
      await expectNoSidewaysScroll(waiter);
      await screenshot(waiter, `waitlist-waiting-${viewport}`);
      await expectAccessible(waiter, `on the waitlist (${viewport})`);

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
      await expect(latestToast(organiser, 'Passenger Removed')).toBeVisible();
      await expect(organiser.getByText('Passengers 1/2')).toBeVisible();

      // The organiser's My Rides card counts the held seat: Full, and says why.
      await organiser.goto('/home?tab=my-rides');
      // (The Manage Route Order panel above also has an article for the ride: the card is the one
      // under Rides You Organized.)
      const myCard = organiser
        .getByRole('region', { name: 'Rides You Organized' })
        .locator(`article[data-ride-id="${String(rideId)}"]`);
      await expect(myCard.locator('[data-held-seats]').getByText('1 held for the waitlist')).toBeVisible();
      await expect(myCard.locator('[data-badge]')).toHaveText('Full');
      await expect(myCard).toContainText('Passengers: 1/2', { useInnerText: true });
      await screenshot(organiser, `waitlist-my-rides-${viewport}`);

      // A newcomer cannot take the held seat: the ride reads as full to them.
      const { page: latecomer } = await signedInPage(memberAccount({ name: 'Lou Late' }), viewport);
      const join = await latecomer.request.post(`/api/rides/${String(rideId)}/join`, {
        data: { dropoffLocation: 'Jurong East', passengerCount: 1 },
      });
      expect(join.status()).toBe(409);
      expect(await join.json()).toEqual({ error: 'Ride is full' });

      // B reloads and sees the seat held for them.
      await waiter.reload();
      const offer = waiter.getByRole('region', { name: /^A seat is held for you until / });
      await expect(offer).toBeVisible();
      await expect(offer.getByRole('heading').first()).toHaveText(
        /^A seat is held for you until \w{3}, \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} (am|pm)$/,
        { useInnerText: true },
      );
      const header = waiter.getByRole('banner');
      const bell = header.getByRole('link', { name: 'Notifications, 1 unread' });
      await expect(bell).toBeVisible();
      await expectNoSidewaysScroll(waiter);
      await screenshot(waiter, `waitlist-offer-${viewport}`);

      await offer.getByRole('button', { name: 'Accept seat' }).click();
      await expect(latestToast(waiter, 'Success').getByText('You have joined the ride')).toBeVisible();
      await expect(waiter.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();
      await expect(waiter.getByTestId('passenger-count').getByText('Passengers 2/2')).toBeVisible();
      await openPassengersTab(waiter);
      const mine = entries(waiter).filter({ hasText: 'Bea Waiting' });
      await expect(mine).toBeVisible();
      await expect(mine).toContainText('Pasir Ris MRT', { useInnerText: true });
      await screenshot(waiter, `waitlist-accepted-${viewport}`);

      // Accepting answered the offer: the bell has nothing unread, and the inbox keeps the offer as a
      // sentence, read.
      const quietBell = header.getByRole('link', { name: 'Notifications', exact: true });
      await expect(quietBell.first()).toBeVisible();
      await quietBell.first().click();
      await expect(waiter).toHaveURL(/\/notifications$/);
      const item = waiter
        .getByRole('listitem')
        .filter({ hasText: /Seats are free for your group on the ride SG → FC/ });
      await expect(item).toBeVisible();
      await expect(item).toHaveText(/join by \w{3}, \d{1,2} \w{3} \d{4}/, { useInnerText: true });
      await expect(item).toHaveAttribute('data-unread', 'false');
      await screenshot(waiter, `waitlist-inbox-${viewport}`);

      // The server agrees: B is a passenger, and nobody is waiting any more.
      const detail = await waiter.request.get(`/api/rides/${String(rideId)}`);
      expect(detail.status()).toBe(200);
      expect(((await detail.json()) as { waitlist: unknown }).waitlist).toEqual({ count: 0, heldSeats: 0, mine: null });
    });

    test('a group larger than the seats left is offered the line beside the join form', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Gus Organiser' }), viewport);
      const rideId = await createRideViaApi(organiser, {
        direction: 'FC->SG',
        date: inDays(6),
        maxPassengers: 4,
        organizerPassengerCount: 2,
        location: 'Tampines Mall',
      });
      const { page: family } = await signedInPage(memberAccount({ name: 'Fay Family' }), viewport);
      await family.goto(`/rides/${String(rideId)}`);
      const card = family.getByRole('region', { name: 'Join This Ride' });
      await expect(card).toBeVisible();
      await field(card, 'Number of Passengers').fill('3');
      await field(card, 'Drop-off Location').fill('Changi Airport T3');
      const instead = card.getByTestId('waitlist-instead');
      await expect(
        instead.getByText('Only 2 seats are left, too few for your group of 3.', { exact: false }),
      ).toBeVisible();
      await expectNoSidewaysScroll(family);
      await screenshot(family, `waitlist-instead-${viewport}`);
      await instead.getByRole('button', { name: 'Join the waitlist instead' }).click();
      await expect(
        family.getByRole('region', { name: 'You are #1 on the waitlist' }).getByText(/Waiting for 3 people/),
      ).toBeVisible();
    });
  });
}
