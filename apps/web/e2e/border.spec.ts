// The border checklist, in two browsers: a rider sets their travel documents on the profile, opens
// a ride into Malaysia and sees their checklist with one problem (a passport too close to expiry);
// they renew it, tick the MDAC, and the organiser's open ride page counts them ready without a
// reload. Dates are relative to today; no time is asserted.
import type { Page } from '@playwright/test';

import { expect, JOURNEY_TIMEOUT_MS, test } from './support/fixtures';
import { expectAccessible } from './support/accessibility';
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

/** A calendar day `days` from now, as a date field takes it. */
const dayIn = (days: number) => inDays(days).slice(0, 10);

async function saveTravelDocuments(page: Page, category: string, passportExpiresOn: string): Promise<void> {
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Travel documents' });
  await field(card, 'I travel as').click();
  await page.getByRole('option', { name: category }).click();
  await field(card, 'Passport expires on').fill(passportExpiresOn);
  await card.getByRole('button', { name: 'Save Travel Documents' }).click();
  await expect(latestToast(page, 'Travel documents saved')).toBeVisible();
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`border checklist (${viewport})`, () => {
    test('a rider sees one problem, fixes it, ticks the MDAC, and the organiser sees the count change live', async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Orla Organiser' }), viewport);
      // Two days ahead: the MDAC window (three days before arrival) is already open.
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', date: inDays(2), location: 'Bedok MRT' });
      const organiserProfile = await organiser.request.put('/api/users/me/travel-profile', {
        data: { documentCategory: 'sg-citizen', passportExpiresOn: dayIn(1500) },
      });
      expect(organiserProfile.status(), await organiserProfile.text()).toBe(200);

      const { page: rider } = await signedInPage(memberAccount({ name: 'Rita Rider' }), viewport);
      await joinRideViaApi(rider, rideId, 'Tampines MRT');

      const live = organiser.waitForResponse((response) => response.url().includes('/trpc/live.events'), {
        timeout: 20_000,
      });
      await organiser.goto(`/rides/${String(rideId)}`);
      await live;
      const readiness = organiser.getByTestId('border-readiness');
      await expect(readiness).toHaveText('1 of 2 riders ready');

      // The rider's passport runs out four months from now: a problem for Malaysia's six months.
      await saveTravelDocuments(rider, 'Other passport', dayIn(120));
      await expect(sidewaysOverflow(rider)).resolves.toBeLessThanOrEqual(0);
      await screenshot(rider, `border-profile-${viewport}`);

      await rider.goto(`/rides/${String(rideId)}`);
      const checklist = rider.getByTestId('border-checklist');
      await expect(checklist.locator('[data-status="problem"]')).toHaveCount(1);
      const passport = rider.getByTestId('checklist-item-passport');
      await expect(passport).toHaveAttribute('data-status', 'problem');
      await expect(passport.getByText(/Malaysia asks for at least 6 months/)).toBeVisible();
      await expect(rider.getByTestId('checklist-item-mdac')).toHaveAttribute('data-status', 'todo');
      await expect(rider.getByTestId('border-readiness')).toHaveCount(0);
      await expect(sidewaysOverflow(rider)).resolves.toBeLessThanOrEqual(0);
      await screenshot(rider, `border-checklist-problem-${viewport}`);
      await expectAccessible(rider, `border checklist with a problem (${viewport})`);

      // A renewed passport clears the problem; ticking the MDAC makes the rider ready.
      await saveTravelDocuments(rider, 'Other passport', dayIn(3000));
      await rider.goto(`/rides/${String(rideId)}`);
      await expect(rider.getByTestId('checklist-item-passport')).toHaveAttribute('data-status', 'done');
      await expect(readiness).toHaveText('1 of 2 riders ready');
      const mdac = rider.getByRole('checkbox', { name: 'Malaysia Digital Arrival Card (MDAC)' });
      await expect(mdac).not.toBeChecked();
      // The box follows the server's checklist (set at once from the tick, put back on a refusal),
      // so it may turn checked a moment after the click: click, then wait for it.
      await mdac.click();
      await expect(mdac).toBeChecked();
      await expect(rider.getByTestId('checklist-item-mdac')).toHaveAttribute('data-status', 'done');
      await expect(rider.getByTestId('border-checklist-summary')).toHaveText('You are ready for the crossing');

      // The organiser's page, never reloaded, follows by the live channel.
      await expect(readiness).toHaveText('2 of 2 riders ready');
      await screenshot(organiser, `border-readiness-${viewport}`);
    });
  });
}
