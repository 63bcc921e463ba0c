// The inbox (docs/features.md#notifications), at desktop and phone widths: the organiser hears that a passenger
// joined, then cancels the ride; the passenger sees the bell's unread count in the top bar (and, on a
// phone, in the menu), opens Notifications, reads the sentence with the reason, follows it to the ride,
// and marks it read.
import { formatRideDate } from '@rideshare/domain';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import { createRideViaApi, inDays, joinRideViaApi, memberAccount, screenshot } from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`notifications (${viewport})`, () => {
    test('a cancelled ride reaches the passenger’s inbox, who reads it and marks it read', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Nora Organiser' }), viewport);
      const date = inDays(4);
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', date, location: 'Bedok MRT' });
      const { page: passenger } = await signedInPage(memberAccount({ name: 'Pete Passenger' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines MRT');

      const cancel = await organiser.request.post(`/api/rides/${String(rideId)}/cancel`, {
        data: { reason: 'The car broke down' },
      });
      expect(cancel.status(), await cancel.text()).toBe(200);

      await passenger.goto('/home');
      const header = passenger.getByRole('banner');
      const bell = header.getByRole('link', { name: 'Notifications, 1 unread' });
      await expect(bell).toBeVisible();
      if (viewport === 'mobile') {
        await header.getByRole('button', { name: 'Toggle navigation' }).click();
        await expect(
          header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications, 1 unread' }),
        ).toBeVisible();
        await expect(
          header.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }),
        ).toBeVisible();
        await screenshot(passenger, `notifications-menu-${viewport}`);
        await header.getByRole('button', { name: 'Toggle navigation' }).click();
      }
      // The organiser who cancelled is not told of it: their one notice is the passenger joining.
      await organiser.goto('/home');
      await expect(
        organiser.getByRole('banner').getByRole('link', { name: 'Notifications, 1 unread' }).first(),
      ).toBeVisible();
      const organiserInbox = (await (await organiser.request.get('/api/notifications')).json()) as {
        items: { kind: string; detail: string | null }[];
      };
      expect(organiserInbox.items).toMatchObject([{ kind: 'passenger_joined', detail: 'Pete Passenger (1 person)' }]);

      await bell.first().click();
      await expect(passenger).toHaveURL(/\/notifications$/);
      const sentence = `Your ride SG → FC on ${formatRideDate(date)} was cancelled: The car broke down`;
      const item = passenger.getByRole('listitem').filter({ hasText: sentence });
      await expect(item).toBeVisible();
      await expect(item).toHaveAttribute('data-unread', 'true');
      await expect(passenger.getByRole('status').filter({ hasText: 'You have 1 unread notification.' })).toBeVisible();
      await screenshot(passenger, `notifications-unread-${viewport}`);

      // By keyboard: the button goes once read, and focus moves to the notification's sentence.
      await item.getByRole('button', { name: 'Mark as read' }).focus();
      await passenger.keyboard.press('Enter');
      await expect(passenger.getByRole('status').filter({ hasText: 'You are all caught up.' })).toBeVisible();
      await expect(item).toHaveAttribute('data-unread', 'false');
      await expect.poll(() => passenger.evaluate(() => document.activeElement?.textContent ?? null)).toBe(sentence);
      await expect(header.getByRole('link', { name: 'Notifications', exact: true }).first()).toBeVisible();
      await expect(header.getByRole('link', { name: /unread/ })).toHaveCount(0);
      await screenshot(passenger, `notifications-read-${viewport}`);

      // The sentence leads to the ride, which shows the cancellation.
      await item.getByRole('link', { name: sentence }).click();
      await expect(passenger).toHaveURL(new RegExp(`/rides/${String(rideId)}$`));
      await expect(passenger.getByTestId('cancelled-banner').getByText('Reason: The car broke down')).toBeVisible();

      // The server agrees, over the documented path.
      const inbox = await passenger.request.get('/api/notifications');
      expect(inbox.status()).toBe(200);
      const body = (await inbox.json()) as {
        total: number;
        unread: number;
        items: { kind: string; readAt: unknown }[];
      };
      expect(body).toMatchObject({ total: 1, unread: 0 });
      expect(body.items[0]).toMatchObject({ kind: 'ride_cancelled' });
      expect(body.items[0]?.readAt).not.toBeNull();
    });
  });
}
