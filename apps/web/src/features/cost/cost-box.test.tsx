import { cleanup, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';
import { CostBox, JoinShareBox } from './cost-box';

function lines(): string[] {
  return Array.from(document.querySelectorAll('[data-cost-line]')).map((line) => line.textContent ?? '');
}

function figures(): string[] {
  return Array.from(document.querySelectorAll('[data-cost-figure]')).map((figure) => figure.textContent ?? '');
}

describe('CostBox', () => {
  it('shows base, total and both per-person figures, without an additional-stops line when there are none', async () => {
    renderWithProviders(<CostBox ride={{ cost: 80, additionalStops: 0, currentPassengers: 2, maxPassengers: 3 }} />);
    await screen.findByText('Base Cost');
    expect(lines()).toEqual(['Base CostSGD 80', 'Total CostSGD 80']);
    expect(figures()).toEqual([
      'Per Person (now)SGD 40.00split by 2 people',
      'Per Person (if full)SGD 26.67split by 3 seats',
    ]);
    expect(screen.queryByText(/Additional Stops/)).toBeNull();
  });

  it.each([
    [
      'the default SGD 5 a stop',
      { cost: 80, additionalStops: 2, currentPassengers: 3, maxPassengers: 5 },
      ['Base CostSGD 80', 'Additional Stops (2 × SGD 5)SGD 10', 'Total CostSGD 90'],
      ['Per Person (now)SGD 30.00split by 3 people', 'Per Person (if full)SGD 18.00split by 5 seats'],
    ],
    [
      'the stop price the organiser set',
      { cost: 75, additionalStops: 2, stopPrice: 10, currentPassengers: 1, maxPassengers: 4 },
      ['Base CostSGD 75', 'Additional Stops (2 × SGD 10)SGD 20', 'Total CostSGD 95'],
      ['Per Person (now)SGD 95.00split by 1 person', 'Per Person (if full)SGD 23.75split by 4 seats'],
    ],
    [
      'free stops',
      { cost: 80, additionalStops: 1, stopPrice: 0, currentPassengers: 0, maxPassengers: 1 },
      ['Base CostSGD 80', 'Additional Stops (1 × SGD 0)SGD 0', 'Total CostSGD 80'],
      ['Per Person (now)SGD 80.00split by 1 person', 'Per Person (if full)SGD 80.00split by 1 seat'],
    ],
    [
      'a ride without cost data',
      { cost: null, additionalStops: null, currentPassengers: 4, maxPassengers: 4 },
      ['Base CostSGD 80', 'Total CostSGD 80'],
      ['Per Person (now)SGD 20.00split by 4 people', 'Per Person (if full)SGD 20.00split by 4 seats'],
    ],
  ])('prices %s', async (_label, ride, expectedLines, expectedFigures) => {
    renderWithProviders(<CostBox ride={ride} />);
    await screen.findByText('Base Cost');
    expect(lines()).toEqual(expectedLines);
    expect(figures()).toEqual(expectedFigures);
    cleanup();
  });
});

describe('JoinShareBox', () => {
  const ride = {
    id: 7,
    direction: 'FC->SG' as const,
    cost: 80,
    additionalStops: 0,
    stopPrice: 10,
    currentPassengers: 1,
    maxPassengers: 4,
    dropoffLocations: [{ location: 'Tampines Mall' }],
  };

  it('counts a new location as one more stop and the group on board', async () => {
    renderWithProviders(<JoinShareBox ride={ride} group={{ location: 'Jurong East', groupSize: 2 }} />);
    await screen.findByText('Base Cost');
    expect(screen.getByTestId('join-stop-note').textContent).toBe(
      'Your location is a new stop: it adds SGD 10 to the total.',
    );
    expect(lines()).toEqual(['Base CostSGD 80', 'Additional Stops (1 × SGD 10)SGD 10', 'Total CostSGD 90']);
    // 90 / 3 on board = 30 now, 90 / 4 seats = 22.50 if full; the group of 2 pays twice that.
    expect(figures()).toEqual([
      'Per Person (now)SGD 30.00with you, 3 people',
      'Per Person (if full)SGD 22.50split by 4 seats',
      'Your Cost (estimated)SGD 60.00for 2 people',
      'Your share if fullSGD 45.00for 2 people',
    ]);
  });

  it('adds no stop for a location the ride already makes, whatever its case and spacing', async () => {
    renderWithProviders(<JoinShareBox ride={ride} group={{ location: '  tampines   MALL.', groupSize: 1 }} />);
    await screen.findByText('Base Cost');
    // Offered as the existing stop (docs/product.md#same-stop).
    expect(screen.getByTestId('join-stop-note').textContent).toBe(
      'Same stop as Tampines Mall: your location adds no stop.',
    );
    expect(lines()).toEqual(['Base CostSGD 80', 'Total CostSGD 80']);
    expect(figures()).toEqual([
      'Per Person (now)SGD 40.00with you, 2 people',
      'Per Person (if full)SGD 20.00split by 4 seats',
      'Your Cost (estimated)SGD 40.00for 1 person',
      'Your share if fullSGD 20.00for 1 person',
    ]);
  });

  it('counts a cleared group size as one person', async () => {
    renderWithProviders(<JoinShareBox ride={ride} group={{ location: '', groupSize: Number.NaN }} />);
    await screen.findByText('Base Cost');
    expect(figures()[2]).toBe('Your Cost (estimated)SGD 40.00for 1 person');
  });
});

describe('one price story', () => {
  const ride = { id: 7, cost: 80, additionalStops: 0, currentPassengers: 3, maxPassengers: 4, status: 'open' as const };

  it('before the lock: the estimate, now and if full', async () => {
    renderWithProviders(<CostBox ride={{ ...ride, priceLockedAt: null }} />);
    expect((await screen.findByTestId('price-story')).textContent).toBe(
      'Price: about SGD 26.67 each now, SGD 20.00 if full',
    );
  });

  it('after the lock: the viewer’s own share or "Price locked", and no per-person figures', async () => {
    renderWithProviders(<CostBox ride={{ ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z' }} myShare={40} />);
    expect((await screen.findByTestId('price-story')).textContent).toBe('Your share SGD 40.00');
    expect(figures()).toEqual([]);
    expect(screen.queryByText(/Per Person/)).toBeNull();
    cleanup();
    renderWithProviders(<CostBox ride={{ ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z' }} />);
    expect((await screen.findByTestId('price-story')).textContent).toBe('Price locked');
  });

  it('a cancelled ride shows no price at all', async () => {
    renderWithProviders(
      <div data-testid="host">
        <CostBox ride={{ ...ride, status: 'cancelled' }} />
        <JoinShareBox
          ride={{ ...ride, status: 'cancelled', direction: 'FC->SG', dropoffLocations: [] }}
          group={{ location: '', groupSize: 1 }}
        />
      </div>,
    );
    const host = await screen.findByTestId('host');
    expect(host.textContent).toBe('');
  });

  it('after the lock, to someone not on the ride: what one seat would owe on joining', async () => {
    renderWithProviders(<CostBox ride={{ ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z', joinPrice: 17 }} />);
    expect((await screen.findByTestId('price-story')).textContent).toBe('SGD 17.00 if you join');
    cleanup();
    // A ride that has left (by the app's clock) offers nobody a seat.
    renderWithProviders(
      <CostBox
        ride={{ ...ride, priceLockedAt: '1999-12-30T00:00:00.000Z', joinPrice: 17, date: '2000-01-01T00:00:00.000Z' }}
      />,
    );
    expect((await screen.findByTestId('price-story')).textContent).toBe('Price locked');
  });

  it('the join box after the lock: the amount the server says the join charges the group at its place', async () => {
    const asked: unknown[] = [];
    const locked = { ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z', joinPrice: 17, direction: 'FC->SG' as const };
    renderWithProviders(
      <JoinShareBox
        ride={{ ...locked, dropoffLocations: [{ location: 'Bedok' }] }}
        group={{ location: 'Jurong East', groupSize: 2, latitude: 1.33, longitude: 103.74 }}
      />,
      {
        api: {
          'payment.joinPrice': (input) => {
            asked.push(input);
            return { rideId: 7, locked: true, amount: 27.5, addsStop: true, total: 90 };
          },
        },
      },
    );
    await waitFor(() => expect(lines()).toContain('Your share if you join, for 2 peopleSGD 27.50'));
    // The one-seat figure of the cards is not repeated beside the group's own.
    expect(screen.queryByTestId('price-story')).toBeNull();
    expect(asked).toEqual([
      { rideId: 7, passengerCount: 2, dropoffLocation: 'Jurong East', latitude: 1.33, longitude: 103.74 },
    ]);
    expect(screen.getByTestId('join-locked-note').textContent).toMatch(/nobody’s share goes up|nobody's share goes up/);
    // No guess from the estimate: the per-person figures are not shown once the price is locked.
    expect(screen.queryByText(/Your Cost \(estimated\)/)).toBeNull();
  });

  it('the join box after the lock says so when the group does not fit the seats left', async () => {
    renderWithProviders(
      <JoinShareBox
        ride={{ ...ride, priceLockedAt: '2099-01-01T00:00:00.000Z', direction: 'FC->SG', dropoffLocations: [] }}
        group={{ location: '', groupSize: 3 }}
      />,
      { api: { 'payment.joinPrice': () => ({ rideId: 7, locked: true, amount: null, addsStop: false, total: 80 }) } },
    );
    expect(await screen.findByText('Not enough seats left for 3 people.')).toBeTruthy();
  });
});
