import { manifestText, type RideManifest } from '@rideshare/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import type { LocationMapProps } from '../features/map/location-map';
import { apiError, makeUser, mockClipboard, renderWithProviders, type ApiHandlers } from '../test-utils';
import { ManifestPage } from './manifest-page';

// MapLibre needs WebGL, which the test DOM lacks: a stand-in lists the pins it was given.
vi.mock('../features/map/location-map', () => {
  function FakeMap({ locations, fitToLocations }: LocationMapProps) {
    return (
      <ul aria-label={fitToLocations ? 'Pins, fitted' : 'Pins'}>
        {locations.map((location) => (
          <li key={location.id}>
            {location.label}: {location.name}
          </li>
        ))}
      </ul>
    );
  }
  return { default: FakeMap, LocationMap: FakeMap };
});

const manifest: RideManifest = {
  rideId: 7,
  direction: 'SG->FC',
  date: '2026-12-03T02:00:00.000Z',
  pickupLocation: 'Pasir Ris MRT',
  stops: [
    {
      stop: 1,
      passengerId: 11,
      name: 'Mei',
      passengerCount: 1,
      location: 'Bedok Mall',
      coordinates: null,
      isOrganiser: false,
      whatsappNumber: null,
      malaysianNumber: null,
    },
    {
      stop: 2,
      passengerId: 12,
      name: 'Olivia',
      passengerCount: 2,
      location: 'Pasir Ris MRT',
      coordinates: null,
      isOrganiser: true,
      whatsappNumber: null,
      malaysianNumber: null,
    },
  ],
  totalPassengers: 3,
  vehicle: { carNumber: 'SGX1234A', seats: 13, companyName: 'Acme Transport', driverName: 'Tan', driverContact: null },
  organiser: { name: 'Olivia', whatsappNumber: '+6591110000', malaysianNumber: null },
  contactsVisible: false,
  contactsVisibleFrom: '2026-12-01T02:00:00.000Z',
  note: null,
};

function render(api: ApiHandlers) {
  return renderWithProviders(<ManifestPage />, {
    path: '/rides/:id/manifest',
    route: '/rides/7/manifest',
    api: {
      'auth.me': () => makeUser({ id: 9, isVendor: true }),
      // The map's settings: no style configured, as in the browser tests.
      'config.get': () => ({
        mapStyleUrl: '',
        placeSearchUrl: '',
        riderContactsHoursBefore: 48,
        tripWindowHoursBefore: 3,
        discordSignIn: false,
        passwordSignup: true,
      }),
      ...api,
    },
  });
}

const writeText = mockClipboard();

describe('ManifestPage', () => {
  it('lists the stops in order with the vehicle and the total, and says when the numbers come', async () => {
    render({ 'ride.manifest': () => manifest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ride Manifest' })).toBeTruthy();
    const stops = within(screen.getByRole('list', { name: 'Passenger groups in stop order' }));
    expect(stops.getAllByTestId('manifest-stop').map((item) => item.textContent)).toEqual([
      '1.Mei (1 person)Bedok Mall',
      '2.Olivia (2 people) · OrganizerPasir Ris MRT',
    ]);
    expect(screen.getByText(/SGX1234A, 13 seats · Acme Transport · Driver Tan/)).toBeTruthy();
    expect(screen.getByTestId('manifest-total').textContent).toBe('Total: 3 people');
    expect(screen.getByText("Passengers' phone numbers appear here from Tue, 1 Dec 2026, 10:00 am.")).toBeTruthy();
    // No stop was picked on the map: the list alone, no map.
    expect(screen.queryByTestId('stops-map')).toBeNull();
  });

  it('flags a group without a phone number once numbers are shown and points to the ride chat', async () => {
    const open = {
      ...manifest,
      contactsVisible: true,
      stops: manifest.stops.map((stop) => (stop.stop === 2 ? { ...stop, whatsappNumber: '+6591110000' } : stop)),
    };
    render({ 'ride.manifest': () => open });
    const stops = await screen.findAllByTestId('manifest-stop');
    const flag = within(stops[0] as HTMLElement).getByTestId('manifest-no-phone');
    expect(within(flag).getByText('No phone number')).toBeTruthy();
    expect(within(flag).getByRole('link', { name: 'Reach them in the ride chat' }).getAttribute('href')).toBe(
      '/rides/7?tab=chat',
    );
    expect(within(stops[1] as HTMLElement).queryByTestId('manifest-no-phone')).toBeNull();
    expect(manifestText(open)).toContain(
      '1. Mei (1 person): Bedok Mall · No phone number: reach them in the ride chat',
    );
  });

  it('does not flag a missing number before the numbers are shown', async () => {
    render({ 'ride.manifest': () => manifest });
    await screen.findAllByTestId('manifest-stop');
    expect(screen.queryByTestId('manifest-no-phone')).toBeNull();
  });

  it('shows the stops picked on the map as numbered pins in trip order', async () => {
    const located = {
      ...manifest,
      stops: manifest.stops.map((stop) =>
        stop.stop === 2 ? { ...stop, coordinates: { latitude: 1.3731, longitude: 103.9493 } } : stop,
      ),
    };
    render({ 'ride.manifest': () => located });
    const map = await screen.findByRole('region', { name: 'Map of the stops in order' });
    const pins = await within(map).findByRole('list', { name: 'Pins, fitted' });
    expect(
      within(pins)
        .getAllByRole('listitem')
        .map((pin) => pin.textContent),
    ).toEqual(['2: 2. Olivia: Pasir Ris MRT']);
  });

  it('copies the manifest as plain text for WhatsApp and says so', async () => {
    render({ 'ride.manifest': () => manifest });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy for WhatsApp' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(manifestText(manifest)));
    expect(await screen.findByText('Manifest copied')).toBeTruthy();
  });

  it("shows the server's refusal to anyone but the organiser and the assigned vendor", async () => {
    render({
      'ride.manifest': () =>
        Promise.reject(
          apiError(
            'FORBIDDEN',
            'Only the assigned vendor and the organizer can see this manifest',
            'NOT_ASSIGNED_VENDOR',
          ),
        ),
    });
    expect(await screen.findByText('Only the assigned vendor and the organizer can see this manifest')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Copy for WhatsApp' })).toBeNull();
  });

  it('reads Ride Not Found for an unknown ride', async () => {
    render({ 'ride.manifest': () => Promise.reject(apiError('NOT_FOUND', 'Ride not found', 'NOT_FOUND')) });
    expect(await screen.findByText(/Ride Not Found/i)).toBeTruthy();
  });
});
