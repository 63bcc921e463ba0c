// Contacts only when needed and the driver's manifest (docs/vendors.md#contacts, #manifest): an
// approved vendor opens the manifest of a ride it took from its dashboard, prints it on one A4 page
// and copies it for WhatsApp; a signed-in member reads the organiser's numbers on the Ride
// Organizer card until the organiser keeps them for the ride's party on the profile.
//
// The ride departs in a day, inside the default 48-hour contacts window, so the vendor's manifest
// carries the passengers' numbers.

import { expect, test, JOURNEY_TIMEOUT_MS, type ViewportName } from './support/fixtures';
import {
  createRideViaApi,
  field,
  inDays,
  memberAccount,
  printedPages,
  readClipboard,
  screenshot,
  sidewaysOverflow,
  toast,
  vendorAccount,
} from './support/helpers';

test.describe.configure({ timeout: JOURNEY_TIMEOUT_MS });

const VIEWPORT_NAMES: ViewportName[] = ['desktop', 'mobile'];

for (const viewport of VIEWPORT_NAMES) {
  test(`an approved vendor opens the manifest of its ride, prints it and copies it for WhatsApp (${viewport})`, async ({
    signedInPage,
  }) => {
    const { page: organiser } = await signedInPage(
      memberAccount({ name: 'Orla Organiser', whatsappNumber: '+65 9111 0000' }),
    );
    const rideId = await createRideViaApi(organiser, {
      direction: 'SG->FC',
      date: inDays(1),
      maxPassengers: 6,
      organizerPassengerCount: 2,
      location: 'Pasir Ris MRT',
    });
    const { page: passenger } = await signedInPage(
      memberAccount({ name: 'Pia Passenger', whatsappNumber: '+65 9222 0000' }),
    );
    // Picked on the join screen's map: the stop keeps its coordinates.
    const joined = await passenger.request.post(`/api/rides/${String(rideId)}/join`, {
      data: { dropoffLocation: 'Tampines Hub', passengerCount: 3, latitude: 1.3532, longitude: 103.9404 },
    });
    expect(joined.status(), await joined.text()).toBe(201);

    const { page } = await signedInPage(vendorAccount({ name: 'Vic Vendor' }, 'SG->FC'), viewport);
    const assigned = await page.request.post(`/api/rides/${String(rideId)}/assign`);
    expect(assigned.status(), await assigned.text()).toBe(200);

    await page.goto('/vendor');
    const rideCard = page.locator(`article[data-ride-id="${String(rideId)}"]`);
    await rideCard.getByRole('link', { name: /^Manifest/ }).click();
    await expect(page).toHaveURL(new RegExp(`/rides/${String(rideId)}/manifest$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Ride Manifest' })).toBeVisible();

    const stops = page.getByRole('list', { name: 'Passenger groups in stop order' }).getByTestId('manifest-stop');
    await expect(stops).toHaveCount(2);
    await expect(stops.nth(0)).toContainText('Orla Organiser (2 people)');
    await expect(stops.nth(1)).toContainText('Pia Passenger (3 people)');
    await expect(stops.nth(1)).toContainText('Tampines Hub');
    await expect(stops.nth(1)).toContainText('WhatsApp +65 9222 0000');
    await expect(page.getByTestId('manifest-total')).toHaveText('Total: 5 people');
    await expect(page.getByText(/JQB 1234, 13 seats · Second Link Cars · Driver Tan Ah Kow/)).toBeVisible();
    // The stop picked on the map is a numbered pin; the organiser's typed stop has none.
    const map = page.getByRole('region', { name: 'Map of the stops in order' });
    await expect(map.getByTestId('map-marker')).toHaveCount(1);
    await expect(map.getByRole('button', { name: 'Marker: 2. Pia Passenger: Tampines Hub' })).toBeVisible();
    await expect.poll(() => sidewaysOverflow(page)).toBe(0);
    await screenshot(page, `manifest-${viewport}`);

    await page.getByRole('button', { name: 'Copy for WhatsApp' }).click();
    await expect(toast(page, 'Manifest copied')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toContain('Ride manifest: Singapore to Forest City');
    await expect
      .poll(() => readClipboard(page))
      .toContain('2. Pia Passenger (3 people): Tampines Hub · WhatsApp +65 9222 0000');
    await expect.poll(() => readClipboard(page)).toContain('Total: 5 people');

    // Printed: the sheet alone, on one A4 page.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Copy for WhatsApp' })).toBeHidden();
    await expect(map).toBeHidden();
    await expect(page.getByTestId('manifest-total')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => printedPages(page)).toBe(1);
  });
}

test.describe("the organiser's numbers on the Ride Organizer card", () => {
  for (const viewport of VIEWPORT_NAMES) {
    test(`reach a signed-in member, until the organiser keeps them for the party (${viewport})`, async ({
      signedInPage,
    }) => {
      const { page: organiser } = await signedInPage(
        memberAccount({ name: 'Orla Organiser', whatsappNumber: '+65 9111 0000', malaysianNumber: '+60 12 111 0000' }),
        viewport,
      );
      const rideId = await createRideViaApi(organiser, { direction: 'FC->SG', location: 'Bedok Mall' });

      const { page: member } = await signedInPage(memberAccount({ name: 'Mo Member' }), viewport);
      await member.goto(`/rides/${String(rideId)}`);
      const card = member.getByRole('region', { name: 'Ride Organizer' });
      await expect(card).toBeVisible();
      await expect(card.getByRole('link', { name: 'Chat on WhatsApp of Orla Organiser' })).toHaveAttribute(
        'href',
        /wa\.me\/6591110000/,
      );
      await expect(card.getByRole('link', { name: 'Call Malaysian Number of Orla Organiser' })).toBeVisible();
      await screenshot(member, `organizer-card-${viewport}`);

      await organiser.goto('/profile');
      const sharing = organiser.getByRole('radiogroup', { name: /Who sees my numbers on rides I organize/ });
      await sharing.getByRole('radio', { name: "Only my ride's passengers and driver" }).check();
      await organiser.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(organiser, 'Your profile has been updated')).toBeVisible();
      await expect(field(organiser, 'Full Name')).toHaveValue('Orla Organiser');

      await member.reload();
      await expect(card).toBeVisible();
      await expect(
        card.getByRole('button', { name: 'Chat on WhatsApp of Orla Organiser (not provided)' }),
      ).toBeVisible();
      await expect(card.getByRole('link', { name: /Chat on WhatsApp/ })).toHaveCount(0);
      await expect(
        card.getByRole('button', { name: 'Call Malaysian Number of Orla Organiser (not provided)' }),
      ).toBeVisible();
      await expect.poll(() => sidewaysOverflow(member)).toBe(0);
    });
  }
});
