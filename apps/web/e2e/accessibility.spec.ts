// The accessibility audit (docs/accessibility.md#the-audit): every screen of the app, at desktop and
// phone widths, signed out and as a member, an organiser, a passenger, a vendor (approved and
// pending) and the administrator, checked by axe-core against WCAG 2.2 A and AA in the light and the
// dark theme. Each screen is audited once its content is on screen; any violation fails with its
// rule, element and colours.
import type { Page } from '@playwright/test';

import { expectAccessible as auditScreen } from './support/accessibility';
import { expect, JOURNEY_TIMEOUT_MS, test, type ViewportName } from './support/fixtures';
import {
  createRideViaApi,
  field,
  joinRideViaApi,
  latestToast,
  loginViaApi,
  memberAccount,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

/** Every screen here is audited in the light and the dark theme. */
const expectAccessible = (page: Page, screen: string) => auditScreen(page, screen, { bothThemes: true });

const profileForm = (page: Page) => page.getByRole('form', { name: 'Profile', exact: true });

/** /home with the rides list showing the server's answer. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/home');
  await expect(page.locator('[data-testid="all-rides"][data-settled="true"]')).toBeVisible();
}

/** On a phone the navigation sits behind the menu button: opens it, audits it, and closes it. */
async function auditPhoneMenu(page: Page, viewport: ViewportName, screen: string): Promise<void> {
  if (viewport !== 'mobile') return;
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectAccessible(page, screen);
  await header.getByRole('button', { name: 'Toggle navigation' }).click();
}

for (const viewport of ['desktop', 'mobile'] as const) {
  test.describe(`WCAG 2.2 AA (${viewport})`, () => {
    test('signed out: home, login, register, both guides and a ride', async ({ newPage, signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Alma Organiser' }));
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', location: 'Pasir Ris MRT' });
      const page = await newPage({ viewport });

      await openHome(page);
      await expect(page.getByRole('region', { name: 'Join RideShare Community' })).toBeVisible();
      await expectAccessible(page, `home, signed out (${viewport})`);
      await auditPhoneMenu(page, viewport, `menu, signed out (${viewport})`);

      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: 'Welcome to RideShare' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
      await expectAccessible(page, `login (${viewport})`);
      await page.getByRole('tab', { name: 'Register' }).click();
      await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
      await expectAccessible(page, `register (${viewport})`);

      await page.goto('/guide');
      await expect(page.getByRole('heading', { name: 'Travel Guide', level: 1 })).toBeVisible();
      await expectAccessible(page, `travel guide (${viewport})`);
      await page.goto('/bus-guide');
      await expect(page.getByRole('heading', { name: 'Bus Guide', level: 1 })).toBeVisible();
      await expectAccessible(page, `bus guide (${viewport})`);

      await page.goto(`/rides/${String(rideId)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Singapore to Forest City' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
      await expectAccessible(page, `ride detail, visitor (${viewport})`);
    });

    test('a member: home, a ride, the join screen, create ride and profile', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Bram Organiser' }));
      const rideId = await createRideViaApi(organiser, { direction: 'SG->FC', location: 'Bedok MRT' });
      const { page } = await signedInPage(memberAccount({ name: 'Mina Member' }), viewport);

      await openHome(page);
      await expect(page.getByRole('tab', { name: 'My Rides' })).toBeVisible();
      await expectAccessible(page, `home, member (${viewport})`);
      await auditPhoneMenu(page, viewport, `menu, member (${viewport})`);

      await page.goto(`/rides/${String(rideId)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Singapore to Forest City' })).toBeVisible();
      const joinCard = page.getByRole('region', { name: 'Join This Ride' });
      await expect(joinCard).toBeVisible();
      await joinCard.getByRole('button', { name: 'Join Ride' }).click();
      await expect(joinCard.getByText('Drop-off location is required')).toBeVisible();
      await expectAccessible(page, `ride detail, member, with form errors (${viewport})`);

      await page.goto(`/rides/${String(rideId)}/join`);
      await expect(page.getByRole('heading', { name: 'Join Ride', level: 1 })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Ride summary' })).toBeVisible();
      await expect(page.locator('[data-testid="location-map"] canvas.maplibregl-canvas')).toBeVisible();
      await expectAccessible(page, `join screen (${viewport})`);

      await joinRideViaApi(page, rideId, 'Tampines MRT');
      await page.goto(`/rides/${String(rideId)}`);
      await expect(page.getByRole('heading', { name: "You've Joined This Ride" })).toBeVisible();
      await expectAccessible(page, `ride detail, passenger (${viewport})`);

      await page.goto('/rides/create');
      await expect(page.getByRole('heading', { name: 'Create a New Ride' })).toBeVisible();
      await expectAccessible(page, `create ride (${viewport})`);

      await page.goto('/profile');
      await expect(profileForm(page)).toBeVisible();
      await expectAccessible(page, `profile, member (${viewport})`);
      await profileForm(page).getByRole('button', { name: 'Save Changes' }).click();
      await expect(latestToast(page, 'Your profile has been updated')).toBeVisible();
      await expectAccessible(page, `profile with a toast (${viewport})`);
    });

    test('an organiser: ride detail, passengers tab, edit, cancel; the passenger’s notifications', async ({
      signedInPage,
    }) => {
      const { page } = await signedInPage(memberAccount({ name: 'Cleo Organiser' }), viewport);
      const rideId = await createRideViaApi(page, { direction: 'FC->SG', maxPassengers: 6, location: 'Jurong East' });
      const { page: passenger } = await signedInPage(memberAccount({ name: 'Pax Passenger' }), viewport);
      await joinRideViaApi(passenger, rideId, 'Tampines Mall');
      const { page: another } = await signedInPage(memberAccount({ name: 'Ria Rider' }));
      await joinRideViaApi(another, rideId, 'Bedok Mall');

      await page.goto(`/rides/${String(rideId)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Forest City to Singapore' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Edit Ride' })).toBeVisible();
      await expectAccessible(page, `ride detail, organiser (${viewport})`);

      await page.getByRole('tab', { name: 'Passengers' }).click();
      await expect(page.getByRole('heading', { name: 'Passengers', level: 2 })).toBeVisible();
      const sequence = page.getByRole('region', { name: 'Drop-off Sequence' });
      await expect(sequence.getByTestId('sequence-row')).toHaveCount(3);
      await expectAccessible(page, `passengers tab, organiser (${viewport})`);

      await page.goto(`/rides/edit/${String(rideId)}`);
      await expect(page.getByRole('heading', { name: 'Edit Ride' })).toBeVisible();
      await expect(field(page, 'Maximum Total Passengers')).toHaveValue('6');
      await expectAccessible(page, `edit ride (${viewport})`);
      // One click of Delete Ride only arms it (a second one within 5 s would delete): its warnings on screen.
      await page.getByRole('button', { name: 'Delete Ride' }).click();
      await expect(latestToast(page, 'Confirm Deletion')).toBeVisible();
      await expect(page.getByText('Click Delete Ride again within 5 seconds to delete this ride.')).toBeVisible();
      await expectAccessible(page, `edit ride, delete armed (${viewport})`);

      await page.goto(`/rides/${String(rideId)}`);
      await page.getByRole('button', { name: 'Cancel Ride' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this ride?' });
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
      await expectAccessible(page, `cancel dialog with an error (${viewport})`);
      await field(dialog, 'Reason').fill('The car broke down');
      await dialog.getByRole('button', { name: 'Cancel Ride' }).click();
      await expect(latestToast(page, 'Ride cancelled')).toBeVisible();
      await expect(page.getByTestId('cancelled-banner')).toBeVisible();
      await expectAccessible(page, `cancelled ride with a toast (${viewport})`);

      await passenger.goto('/notifications');
      await expect(
        passenger.getByRole('listitem').filter({ hasText: 'was cancelled: The car broke down' }),
      ).toBeVisible();
      await expectAccessible(passenger, `notifications (${viewport})`);
    });

    test('vendors: the dashboard approved and pending, and the vendor profile', async ({ signedInPage }) => {
      const { page: organiser } = await signedInPage(memberAccount({ name: 'Dita Organiser' }));
      await createRideViaApi(organiser, { direction: 'SG->FC', location: 'Changi Airport' });

      const { page } = await signedInPage(vendorAccount({ name: 'Vera Vendor' }, 'SG->FC'), viewport);
      await page.goto('/vendor');
      await expect(page.getByRole('tab', { name: 'My Rides', exact: true })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByText('No assigned rides yet.')).toBeVisible();
      await expectAccessible(page, `vendor dashboard, my rides (${viewport})`);
      await page.getByRole('tab', { name: 'Available Rides', exact: true }).click();
      await expect(page.locator('article[data-ride-id]').first()).toBeVisible();
      await expectAccessible(page, `vendor dashboard, available rides (${viewport})`);

      await page.goto('/profile');
      await expect(profileForm(page)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Vendor Details' })).toBeVisible();
      await expectAccessible(page, `profile, vendor (${viewport})`);

      const { page: pending } = await signedInPage(vendorAccount({ name: 'Pim Pending' }), viewport, {
        approveVendor: false,
      });
      await pending.goto('/vendor');
      await expect(pending.getByText('Your vendor account is awaiting approval')).toBeVisible();
      await expectAccessible(pending, `vendor dashboard, pending (${viewport})`);
    });

    test('the administrator: the admin page', async ({ newPage, adminAccount }) => {
      const page = await newPage({ viewport });
      await loginViaApi(page, adminAccount);
      await page.goto('/admin');
      await expect(page.getByRole('heading', { name: 'Password resets' })).toBeVisible();
      await expectAccessible(page, `admin page (${viewport})`);
    });
  });
}
