import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { LocationMapProps } from '../features/map/location-map';
import {
  apiError,
  makePassengerEntry,
  makePublicConfig,
  makeRideDetail,
  makeUser,
  renderWithProviders,
  type ApiHandlers,
  type TestRideDetail,
} from '../test-utils';
import { JoinRidePage } from './join-ride-page';

// MapLibre needs WebGL, which happy-dom lacks: a stand-in map reports a click at a fixed point and
// lists its pins with their Remove buttons, like the real popups do.
vi.mock('../features/map/location-map', () => {
  function FakeMap({ onPick, locations, onRemove }: LocationMapProps) {
    return (
      <div>
        <button type="button" onClick={() => onPick?.(1.352083, 103.819836)}>
          Fake map click
        </button>
        {locations.map((location) => (
          <div key={location.id}>
            <span>Pin: {location.name}</span>
            <button type="button" onClick={() => onRemove?.(location.id)}>
              Remove
            </button>
          </div>
        ))}
      </div>
    );
  }
  return { default: FakeMap, LocationMap: FakeMap };
});

const joiner = makeUser({ id: 20, name: 'Jamie Joiner' });

function rideDetail(overrides: Partial<TestRideDetail> = {}): TestRideDetail {
  return makeRideDetail({
    id: 12,
    creatorId: 7,
    date: '2099-05-01T10:00:00.000Z',
    maxPassengers: 5,
    creator: {
      id: 7,
      name: 'Olivia Organiser',
      discordUsername: 'olivia',
      discordVerified: false,
      whatsappNumber: null,
      malaysianNumber: null,
    },
    ...overrides,
  });
}

const joinerEntry = makePassengerEntry(5, joiner.id, joiner.name, { rideId: 12 });

function api(overrides: ApiHandlers = {}): ApiHandlers {
  return {
    'auth.me': () => joiner,
    'ride.byId': () => rideDetail(),
    'passenger.list': () => [],
    'config.get': () => makePublicConfig(),
    ...overrides,
  };
}

function renderJoin(handlers: ApiHandlers, route = '/rides/12/join') {
  return renderWithProviders(<JoinRidePage />, { path: '/rides/:id/join', route, api: handlers });
}

const searchResults = [
  { place_id: 1, lat: '1.3526', lon: '103.9447', display_name: 'Tampines Mall, 4, Tampines Central 5, Singapore' },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.startsWith('https://search.example.test/search')) return Promise.resolve(Response.json(searchResults));
      return Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JoinRidePage', () => {
  it('shows the summary, cost box and passport reminder for SG->FC, and joins with a map pick', async () => {
    const { calls, router } = renderJoin(
      api({ 'passenger.join': () => makePassengerEntry(3, joiner.id, joiner.name, { rideId: 12, passengerCount: 2 }) }),
    );
    const field = (await screen.findByLabelText('Pick-up Location', { exact: false })) as HTMLInputElement;
    expect(screen.getByText('Singapore to Forest City')).toBeTruthy();
    expect(screen.getByText('Olivia Organiser')).toBeTruthy();
    // One cost box, the form's: the ride's price story first, as the card tells it.
    const share = screen.getByRole('region', { name: 'Cost' });
    expect(screen.queryByRole('region', { name: 'Cost breakdown' })).toBeNull();
    expect(within(share).getByText('Base Cost')).toBeTruthy();
    expect(within(share).getByTestId('price-story').textContent).toMatch(
      /^Price: about SGD [\d.]+ each now, SGD 16\.00 if full$/,
    );
    expect(screen.getByText('Bring your passport')).toBeTruthy();

    fireEvent.click(await screen.findByRole('button', { name: 'Fake map click' }));
    // The pin keeps its coordinates and asks for words; it never names the stop itself.
    expect(await screen.findByText(/Now describe the spot for the driver, e.g. Pasir Ris MRT, Exit A/)).toBeTruthy();
    expect(field.value).toBe('');
    expect(field.placeholder).toBe('e.g. Pasir Ris MRT, Exit A');
    fireEvent.change(field, { target: { value: 'Pasir Ris MRT, Exit A' } });

    fireEvent.change(screen.getByLabelText('Number of Passengers', { exact: false }), { target: { value: '2' } });
    // Your share follows the form: the picked place is a new stop (80 + 5 = 85), 2 + 2 on board.
    await waitFor(() =>
      expect(Array.from(share.querySelectorAll('[data-cost-figure]')).map((node) => node.textContent)).toEqual([
        'Per Person (now)SGD 21.25with you, 4 people',
        'Per Person (if full)SGD 17.00split by 5 seats',
        'Your Cost (estimated)SGD 42.50for 2 people',
        'Your share if fullSGD 34.00for 2 people',
      ]),
    );
    expect(within(share).getByText('Total Cost').nextElementSibling?.textContent).toBe('SGD 85');
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    // It lands on the ride page, with the ride page's own toast.
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/rides\/\d+$/));
    expect(await screen.findByText('You have joined the ride')).toBeTruthy();
    expect(calls.find((call) => call.path === 'passenger.join')?.input).toEqual({
      rideId: 12,
      dropoffLocation: 'Pasir Ris MRT, Exit A',
      passengerCount: 2,
      // The map pick's coordinates go with it (docs/vendors.md#stops-on-the-map).
      latitude: 1.352083,
      longitude: 103.819836,
    });
  });

  it('fills the field with the first part of a search result’s name', async () => {
    renderJoin(api());
    const field = (await screen.findByLabelText('Pick-up Location', { exact: false })) as HTMLInputElement;
    const search = screen.getByLabelText('Search for a place');
    fireEvent.change(search, { target: { value: 'tampines mall' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    fireEvent.click(await screen.findByText('Tampines Mall, 4, Tampines Central 5, Singapore'));
    await waitFor(() => expect(field.value).toBe('Tampines Mall'));
    expect(await screen.findByText('Pin: Tampines Mall')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(field.value).toBe(''));
  });

  it('keeps working when place search fails: the failure is only logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderJoin(api());
    await screen.findByLabelText('Pick-up Location', { exact: false });
    fireEvent.change(screen.getByLabelText('Search for a place'), { target: { value: 'anything' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Place search failed', expect.any(TypeError)));
    expect(screen.getByRole('button', { name: 'Join Ride' })).toBeTruthy();
  });

  it('labels the field Drop-off Location and explains the drop-off order for FC->SG', async () => {
    renderJoin(api({ 'ride.byId': () => rideDetail({ direction: 'FC->SG', pickupLocation: 'Forest City' }) }));
    expect(await screen.findByLabelText('Drop-off Location', { exact: false })).toBeTruthy();
    expect(screen.getByText(/organizer sets the drop-off order/)).toBeTruthy();
    expect(screen.queryByText('Bring your passport')).toBeNull();
  });

  it('validates the location and the group size against the seats left', async () => {
    const { calls } = renderJoin(api({ 'ride.byId': () => rideDetail({ currentPassengers: 4 }) }));
    await screen.findByLabelText('Pick-up Location', { exact: false });
    fireEvent.change(screen.getByLabelText('Number of Passengers', { exact: false }), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('Drop-off location is required')).toBeTruthy();
    expect(screen.getByText('Number must be less than or equal to 1')).toBeTruthy();
    expect(calls.some((call) => call.path === 'passenger.join')).toBe(false);
  });

  it('shows a refusal as an Error toast with the server message', async () => {
    const { router } = renderJoin(
      api({
        'passenger.join': () => {
          throw apiError('CONFLICT', 'Only 1 spots remaining', 'RIDE_FULL');
        },
      }),
    );
    fireEvent.change(await screen.findByLabelText('Pick-up Location', { exact: false }), {
      target: { value: 'Bedok' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByText('Only 1 spots remaining')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/rides/12/join');
  });

  it('re-reads the ride before joining: a seat taken meanwhile is refused without a call, and the rule follows', async () => {
    let reads = 0;
    const { calls } = renderJoin(
      api({
        'ride.byId': () => {
          reads += 1;
          return rideDetail(reads === 1 ? {} : { currentPassengers: 4 });
        },
      }),
    );
    const count = await screen.findByLabelText('Number of Passengers', { exact: false });
    fireEvent.change(count, { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Pick-up Location', { exact: false }), { target: { value: 'Bedok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect((await screen.findAllByText('Only 1 spots remaining')).length).toBe(2);
    expect(screen.getByText('Error')).toBeTruthy();
    expect(calls.some((call) => call.path === 'passenger.join')).toBe(false);

    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.blur(count);
    expect(await screen.findByText('Number must be less than or equal to 1')).toBeTruthy();
  });

  it('reads the ride and passengers again after a refusal, so the screen says why', async () => {
    let joinedElsewhere = false;
    renderJoin(
      api({
        'passenger.list': () => (joinedElsewhere ? [joinerEntry] : []),
        'passenger.join': () => {
          joinedElsewhere = true;
          throw apiError('CONFLICT', 'You have already joined this ride', 'ALREADY_JOINED');
        },
      }),
    );
    fireEvent.change(await screen.findByLabelText('Pick-up Location', { exact: false }), {
      target: { value: 'Bedok' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    expect(await screen.findByTestId('not-joinable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Ride' })).toBeNull();
  });

  it('says why a ride cannot be joined instead of offering the form', async () => {
    renderJoin(api({ 'passenger.list': () => [joinerEntry] }));
    expect(await screen.findByText('You have already joined this ride')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Ride' })).toBeNull();
  });

  it('refuses a cancelled ride with This Ride Was Cancelled and the reason', async () => {
    renderJoin(
      api({
        'ride.byId': () =>
          rideDetail({
            status: 'cancelled',
            cancelReason: 'The car broke down',
            cancelledAt: '2099-04-01T00:00:00.000Z',
          }),
      }),
    );
    const notice = await screen.findByTestId('not-joinable');
    expect(notice.textContent).toContain('This Ride Was Cancelled');
    expect(notice.textContent).toContain('Reason: The car broke down');
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Join Ride' })).toBeNull();
  });

  it('shows Ride Not Found for a missing ride', async () => {
    renderJoin(
      api({
        'ride.byId': () => {
          throw apiError('NOT_FOUND', 'Ride not found', 'NOT_FOUND');
        },
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Ride Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View Available Rides' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Create a New Ride' }).getAttribute('href')).toBe('/rides/create');
  });
});

describe('JoinRidePage, one stop per place', () => {
  const withStops = () =>
    api({
      'passenger.list': () => [
        makePassengerEntry(1, 7, 'Olivia Organiser', { rideId: 12, dropoffLocation: 'Pasir Ris MRT' }),
        makePassengerEntry(2, 8, 'Ben', { rideId: 12, dropoffLocation: 'Clementi MRT Exit B' }),
      ],
    });

  it('offers the ride stops before the free-text field and fills the field with the chosen one', async () => {
    const { calls } = renderJoin(withStops());
    const stops = await screen.findByRole('region', { name: 'Existing stops' });
    fireEvent.click(within(stops).getByRole('button', { name: 'Same stop as Ben: Clementi MRT Exit B' }));
    const field = screen.getByLabelText('Pick-up Location', { exact: false }) as HTMLTextAreaElement;
    expect(field.value).toBe('Clementi MRT Exit B');
    fireEvent.click(screen.getByRole('button', { name: 'Join Ride' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === 'passenger.join')?.input).toMatchObject({
        dropoffLocation: 'Clementi MRT Exit B',
      }),
    );
  });

  it('warns when the typed place looks like an existing stop, and uses it on request', async () => {
    renderJoin(withStops());
    const field = (await screen.findByLabelText('Pick-up Location', { exact: false })) as HTMLTextAreaElement;
    fireEvent.change(field, { target: { value: 'Clementi MRT, exit B (bus stop)' } });
    expect(await screen.findByText('This looks like an existing stop')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Use Ben's stop" }));
    expect(field.value).toBe('Clementi MRT Exit B');
    await waitFor(() => expect(screen.queryByText('This looks like an existing stop')).toBeNull());
  });
});
