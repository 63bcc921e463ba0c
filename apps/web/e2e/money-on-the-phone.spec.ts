// Money on the phone that pays (docs/payments.md#still-owed, #refund-control, #paynow-actions), at
// 375 px: a ride for tomorrow locks at once; Ann pays and the organiser confirms; Ben joins (Ann is
// owed a refund, shown with a "Mark refund sent" button beside its badge); Ann's PayNow card saves,
// shares (the share sheet stood in for by a recording stub that accepts files) and copies the code;
// Ben's Leave dialog names what he will still owe and to whom, and after leaving his My Rides keeps
// a "Still owed" line. Screenshots of the organiser's table and the PayNow card at 320, 375 and
// 1280 px. No time is asserted.
import { fileURLToPath } from 'node:url';

import type { Locator, Page } from '@playwright/test';

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

const WIDTHS = [320, 375, 1280] as const;

async function noSidewaysScroll(page: Page): Promise<void> {
  await expect.poll(() => sidewaysOverflow(page)).toBeLessThanOrEqual(0);
}

const SCREENSHOTS = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Screenshots of `region` at each width, back at 375 px afterwards; no sideways scroll at any. */
async function shootAtWidths(page: Page, region: Locator, name: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(region).toBeVisible();
    await noSidewaysScroll(page);
    await region.screenshot({ path: `${SCREENSHOTS}${name}-${String(width)}.png` });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

/** A share sheet that takes files, recording what it was handed (Chromium on Linux has none). */
async function stubShareSheet(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shared: { name: string; type: string; size: number }[] = [];
    Object.assign(window, { sharedFiles: shared });
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: ShareData) => (data.files?.length ?? 0) > 0,
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        for (const file of data.files ?? []) shared.push({ name: file.name, type: file.type, size: file.size });
        return Promise.resolve();
      },
    });
  });
}

test('the leave dialog names what is still owed, My Rides keeps it, and the PayNow code works on the phone', async ({
  signedInPage,
}) => {
  const location = 'Bedok Mall';
  const oliveName = 'Olive Phone';
  const { page: olive } = await signedInPage(memberAccount({ name: oliveName }), 'mobile');
  const { page: ann } = await signedInPage(memberAccount({ name: 'Ann Phone' }), 'mobile');
  const { page: ben } = await signedInPage(memberAccount({ name: 'Ben Phone' }), 'mobile');

  await olive.goto('/profile');
  await field(olive, 'PayNow (mobile or UEN)').fill('9123 4567');
  await olive.getByRole('button', { name: 'Save Changes' }).click();
  await expect(latestToast(olive, 'Your profile has been updated')).toBeVisible();

  // Tomorrow: inside the lock window, so the price locks at once.
  const rideId = await createRideViaApi(olive, { direction: 'SG->FC', location, date: inDays(1), maxPassengers: 4 });
  await joinRideViaApi(ann, rideId, location);

  // Ann's PayNow card: save, share and copy.
  await stubShareSheet(ann);
  await ann.goto(`/rides/${String(rideId)}`);
  const annCard = ann.getByRole('region', { name: 'Payment' });
  await annCard.getByRole('button', { name: 'Show PayNow QR' }).click();
  await expect(annCard.getByRole('img', { name: /^PayNow QR code for SGD/ })).toBeVisible();
  await expect(annCard.getByTestId('paynow-caption')).toContainText(
    'Save or share this code, then open it in your banking app',
  );
  const saving = ann.waitForEvent('download');
  await annCard.getByRole('link', { name: 'Save QR image' }).click();
  expect((await saving).suggestedFilename()).toBe(`paynow-ride-${String(rideId)}.png`);
  await annCard.getByRole('button', { name: 'Share the QR image' }).click();
  await expect
    .poll(() =>
      ann.evaluate(() => (window as unknown as { sharedFiles: { name: string; type: string }[] }).sharedFiles),
    )
    .toEqual([expect.objectContaining({ name: `paynow-ride-${String(rideId)}.png`, type: 'image/png' })]);
  await annCard.getByRole('button', { name: 'Copy PayNow details' }).click();
  await expect(latestToast(ann, 'PayNow details copied')).toBeVisible();
  expect(await ann.evaluate(() => navigator.clipboard.readText())).toMatch(
    /^PayNow to mobile \+6591234567 \(Olive Phone\), amount SGD 40\.00, reference RIDE \d+$/,
  );
  await expectAccessible(ann, 'the PayNow card with its actions at 375 px');
  await shootAtWidths(ann, annCard, 'paynow-card');

  // Ann pays, Olive confirms; Ben joins, so Ann's share falls and a refund is owed.
  await annCard.getByLabel('Paid with').selectOption('paynow');
  await annCard.getByRole('button', { name: 'I have paid' }).click();
  await expect(annCard.getByTestId('my-payment-status')).toHaveText('Marked paid');
  await olive.goto(`/rides/${String(rideId)}`);
  await olive.getByRole('button', { name: 'Confirm payment: Ann Phone' }).click();
  await expect(latestToast(olive, 'Payment confirmed')).toBeVisible();
  await joinRideViaApi(ben, rideId, location);

  // Ben's Leave dialog names what he will still owe, to whom.
  await ben.goto(`/rides/${String(rideId)}`);
  await ben.getByRole('tab', { name: 'Passengers' }).click();
  await ben
    .getByTestId('passenger-entry')
    .filter({ hasText: 'Ben Phone' })
    .getByRole('button', { name: 'Leave Ride' })
    .click();
  const dialog = ben.getByRole('dialog', { name: 'Leave this ride?' });
  await expect(dialog.getByTestId('leave-owed')).toHaveText(
    /^You will still owe SGD 26\.6[67] to Olive Phone unless they waive it\.$/,
  );
  await expectAccessible(ben, 'the Leave dialog at 375 px');
  await screenshot(ben, 'leave-dialog-375');
  await dialog.getByRole('button', { name: 'Leave Ride' }).click();
  await expect(latestToast(ben, 'You left the ride')).toContainText('You still owe SGD 26.6');

  // My Rides keeps a Still owed line, with where to pay.
  await ben.goto('/home?tab=my-rides');
  const owed = ben.getByRole('region', { name: 'Still owed' });
  await expect(owed.getByTestId('still-owed')).toContainText(/Still owed: SGD 26\.6[67] to Olive Phone/);
  await expect(owed.getByRole('link', { name: /^Pay SGD 26\.6[67] to Olive Phone/ })).toHaveAttribute(
    'href',
    `/rides/${String(rideId)}`,
  );
  await noSidewaysScroll(ben);
  await expectAccessible(ben, 'My Rides with a Still owed line at 375 px');
  await screenshot(ben, 'still-owed-375');

  // The organiser's table: a refund to send (a verb), badges apart, a leaver; fits at 320 px.
  await olive.reload();
  const table = olive.getByRole('table', { name: 'Payments' });
  await expect(olive.getByRole('button', { name: 'Mark refund sent to Ann Phone' })).toBeVisible();
  await expect(table.getByText('Refund due')).toBeVisible();
  await expect(olive.getByRole('button', { name: 'Waive the share of Ben Phone' })).toBeVisible();
  await expectAccessible(olive, "the organiser's payment table at 375 px");
  await shootAtWidths(olive, table, 'organiser-payments');
  await olive.getByRole('button', { name: 'Mark refund sent to Ann Phone' }).click();
  await expect(latestToast(olive, 'Refund marked as given')).toBeVisible();
  await expect(table.getByText('Refund due')).toHaveCount(0);
});
