// Ride alerts (docs/alerts.md) on a phone: a member asks from the rides list to be told of rides
// like the ones filtered, sees the alert on their profile, another member creates a matching ride,
// and the alert's owner finds the notification through the bell and follows it to the ride.
import { formatRideDate } from '@rideshare/domain';

import { expectAccessible } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import { createRideViaApi, inDays, latestToast, memberAccount, screenshot } from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

test('an alert made from the rides list tells its owner of a matching ride (375 px)', async ({ signedInPage }) => {
  const { page: ann } = await signedInPage(memberAccount({ name: 'Ann Alert' }), 'mobile');
  await ann.goto('/home?direction=FC-%3ESG');
  await ann.getByRole('button', { name: 'Notify me of rides like this' }).click();

  const dialog = ann.getByRole('dialog', { name: 'Notify me of rides like this' });
  await expect(dialog).toBeVisible();
  // The list's direction filter comes along; the dates default to the next two weeks.
  await expect(dialog.getByRole('radio', { name: 'Forest City to Singapore' })).toBeChecked();
  await expect(dialog.getByRole('textbox', { name: 'From', exact: true })).not.toHaveValue('');
  await screenshot(ann, 'alert-dialog-mobile');
  await expectAccessible(ann, 'ride alert dialog (mobile)');
  // A window months ahead that no other journey's rides fall in: those run beside this one, and a
  // ride of theirs in the default window would fold into this alert's notice.
  await dialog.getByRole('textbox', { name: 'From', exact: true }).fill(inDays(170).slice(0, 10));
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(inDays(172).slice(0, 10));
  await dialog.getByRole('button', { name: 'Save alert' }).click();
  await expect(latestToast(ann, 'Alert saved')).toBeVisible();
  await expect(dialog).toBeHidden();

  await ann.goto('/profile');
  const alerts = ann.getByRole('list', { name: 'Your ride alerts' });
  await expect(alerts.getByRole('listitem')).toHaveCount(1);
  await expect(alerts.getByRole('listitem').first()).toContainText('Forest City to Singapore');
  await expectAccessible(ann, 'profile with a ride alert (mobile)');

  // Another member creates a matching ride; a ride the other way tells nobody.
  const { page: olivia } = await signedInPage(memberAccount({ name: 'Olivia Organiser' }), 'mobile');
  const date = inDays(171);
  const rideId = await createRideViaApi(olivia, { direction: 'FC->SG', date, location: 'Tampines MRT' });
  await createRideViaApi(olivia, { direction: 'SG->FC', date, location: 'Bedok MRT' });

  await ann.goto('/home');
  const header = ann.getByRole('banner');
  const bell = header.getByRole('link', { name: 'Notifications, 1 unread' });
  await expect(bell.first()).toBeVisible();
  await bell.first().click();
  await expect(ann).toHaveURL(/\/notifications$/);
  const sentence = `A new ride matches your alert: FC → SG on ${formatRideDate(date)}`;
  const item = ann.getByRole('listitem').filter({ hasText: sentence });
  await expect(item).toBeVisible();
  await screenshot(ann, 'alert-notification-mobile');
  await item.getByRole('link').first().click();
  await expect(ann).toHaveURL(new RegExp(`/rides/${String(rideId)}$`));

  // The organiser was not told of their own ride.
  await expect
    .poll(async () => ((await (await olivia.request.get('/api/notifications')).json()) as { total: number }).total)
    .toBe(0);

  // Deleting the alert leaves the profile suggesting a new one from the rides list.
  await ann.goto('/profile');
  await alerts.getByRole('button', { name: /^Delete alert/ }).click();
  await expect(ann.getByText('You have no ride alerts.')).toBeVisible();
  await expect(ann.getByRole('link', { name: 'rides list' })).toHaveAttribute('href', '/home');
});
