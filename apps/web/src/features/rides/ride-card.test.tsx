import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils';

import type { RideCardRide } from '../../lib/api-types';
import { RideCard } from './ride-card';

const NOW = new Date('2026-11-20T00:00:00Z');

function ride(overrides: Partial<RideCardRide> = {}): RideCardRide {
  return {
    id: 5,
    creatorId: 1,
    creatorName: 'Alice Tan',
    creatorVerified: false,
    direction: 'SG->FC',
    date: '2026-11-21T07:30:00.000Z',
    maxPassengers: 4,
    currentPassengers: 2,
    status: 'open',
    cost: 80,
    additionalStops: 1,
    ...overrides,
  };
}

function renderCard(ui: ReactElement) {
  return renderWithProviders(ui);
}

const card = () => screen.getByRole('article');
const price = () => card().querySelector('[data-testid="price-story"]')?.textContent ?? null;
const badge = () => card().querySelector('[data-badge]');
const joinLink = () => within(card()).queryByRole('link', { name: /^Join ride/ });
const assignLink = () => within(card()).queryByRole('link', { name: /^Assign ride/ });

describe('RideCard', () => {
  it('says how far a ride in progress got; nothing before a stage, once arrived or cancelled', () => {
    const going = { stage: 'cleared-exit-checkpoint' as const, at: '2026-11-21T02:42:00.000Z' };
    const { unmount } = renderCard(
      <RideCard ride={ride({ status: 'assigned', tripLatest: going })} viewerId={1} now={NOW} />,
    );
    expect(card().querySelector('[data-trip-progress]')?.textContent).toBe('On the way · cleared Tuas 10:42');
    unmount();
    for (const other of [
      ride({ tripLatest: null }),
      ride({ status: 'completed', tripLatest: { stage: 'arrived', at: going.at } }),
      ride({ status: 'cancelled', cancelReason: 'Storm', tripLatest: going }),
    ]) {
      const view = renderCard(<RideCard ride={other} viewerId={1} now={NOW} />);
      expect(card().querySelector('[data-trip-progress]')).toBeNull();
      view.unmount();
    }
  });

  it('marks the organiser verified only when their Discord name was proven', () => {
    const view = renderCard(<RideCard ride={ride()} viewerId={null} now={NOW} />);
    expect(screen.queryByTestId('verified-mark')).toBeNull();
    view.unmount();
    renderCard(<RideCard ride={ride({ creatorVerified: true })} viewerId={null} now={NOW} />);
    expect(screen.getByTestId('verified-mark').textContent).toBe('verified');
  });

  it('shows direction, Singapore date, organiser, passengers and the per-person cost now and if full', () => {
    renderCard(<RideCard ride={ride()} viewerId={null} now={NOW} />);
    const article = card();
    expect(within(article).getByRole('link', { name: 'Singapore to Forest City' }).getAttribute('href')).toBe(
      '/rides/5',
    );
    expect(article.textContent).toContain('SG → FC');
    expect(article.textContent).toContain('Sat, 21 Nov 2026, 3:30 pm');
    expect(article.textContent).toContain('Organizer: Alice Tan');
    expect(article.textContent).toContain('Passengers: 2/4');
    // (80 + 1 stop × 5) / 2 passengers = 42.5 now; / 4 seats = 21.25 if full
    expect(price()).toBe('Price: about SGD 42.50 each now, SGD 21.25 if full');
  });

  it.each([
    ['the stop price the organiser set', { stopPrice: 10, currentPassengers: 3 }, 'SGD 30.00', 'SGD 22.50'],
    ['a ride from before stop prices counts SGD 5', { stopPrice: undefined }, 'SGD 42.50', 'SGD 21.25'],
    ['nobody on board shows the full price now', { currentPassengers: 0 }, 'SGD 85.00', 'SGD 21.25'],
    ['free stops', { stopPrice: 0, cost: 75, maxPassengers: 3 }, 'SGD 37.50', 'SGD 25.00'],
  ])('prices %s', (_label, overrides, now, ifFull) => {
    renderCard(<RideCard ride={ride(overrides)} viewerId={null} now={NOW} />);
    expect(price()).toBe(`Price: about ${now} each now, ${ifFull} if full`);
    cleanup();
  });

  const SHARE = { owedTo: 'Olive', direction: 'SG->FC' as const, date: '2026-11-21T01:00:00.000Z' };

  it('after the lock shows a member their own share, from the one shares query', async () => {
    renderWithProviders(
      <RideCard ride={ride({ priceLockedAt: '2026-11-19T07:30:00.000Z' })} viewerId={7} now={NOW} />,
      {
        api: {
          'payment.shares': () => [
            // A row kept from an earlier entry the member left is not their share.
            { ...SHARE, rideId: 5, amountDue: 26.66, left: true, stillOwed: 26.66 },
            { ...SHARE, rideId: 5, amountDue: 40, left: false, stillOwed: 40 },
          ],
        },
      },
    );
    await waitFor(() => expect(price()).toBe('Your share SGD 40.00'));
  });

  it('after the lock tells a visitor only that the price is locked; a cancelled ride shows no price', () => {
    renderCard(<RideCard ride={ride({ priceLockedAt: '2026-11-19T07:30:00.000Z' })} viewerId={null} now={NOW} />);
    expect(price()).toBe('Price locked');
    expect(card().textContent).not.toContain('each now');
    cleanup();
    renderCard(<RideCard ride={ride({ status: 'cancelled', cancelReason: 'Rain' })} viewerId={null} now={NOW} />);
    expect(price()).toBeNull();
    expect(card().textContent).not.toMatch(/SGD/);
  });

  it("says 'Unknown Organizer' when the organiser is not known", () => {
    renderCard(<RideCard ride={ride({ creatorName: null, direction: 'FC->SG' })} viewerId={null} now={NOW} />);
    expect(card().textContent).toContain('Organizer: Unknown Organizer');
    expect(card().textContent).toContain('FC → SG');
    expect(within(card()).getByRole('link', { name: 'Forest City to Singapore' })).toBeTruthy();
  });

  it('dims a past ride, badges it Past and offers no join', () => {
    renderCard(<RideCard ride={ride({ date: '2026-11-19T07:30:00.000Z' })} viewerId={7} now={NOW} />);
    expect(card().getAttribute('data-past')).toBe('true');
    expect(Number(card().style.opacity)).toBeLessThan(1);
    expect(badge()?.textContent).toBe('Past');
    expect(joinLink()).toBeNull();
  });

  it('does not dim an upcoming ride', () => {
    renderCard(<RideCard ride={ride()} viewerId={7} now={NOW} />);
    expect(card().getAttribute('data-past')).toBe('false');
    expect(card().style.opacity).toBe('');
  });

  it('offers an eligible member the join screen', () => {
    renderCard(<RideCard ride={ride()} viewerId={7} now={NOW} />);
    expect(badge()?.textContent).toBe('Join');
    expect(joinLink()?.getAttribute('href')).toBe('/rides/5/join');
  });

  it('offers a visitor the join action too (the route guard asks them to log in)', () => {
    renderCard(<RideCard ride={ride()} viewerId={null} now={NOW} />);
    expect(joinLink()?.getAttribute('href')).toBe('/rides/5/join');
  });

  it('badges a full ride Full and offers no join, even to its organiser', () => {
    renderCard(<RideCard ride={ride({ currentPassengers: 4 })} viewerId={1} now={NOW} />);
    expect(badge()?.textContent).toBe('Full');
    expect(joinLink()).toBeNull();
  });

  it('counts seats held for the waitlist as taken: all free seats held reads Full, with no join', () => {
    renderCard(<RideCard ride={ride({ currentPassengers: 3, heldSeats: 1 })} viewerId={9} now={NOW} />);
    expect(badge()?.textContent).toBe('Full');
    expect(joinLink()).toBeNull();
    expect(card().textContent).toContain('Passengers: 3/4 · 1 held for the waitlist');
    cleanup();
    renderCard(<RideCard ride={ride({ currentPassengers: 3, heldSeats: 1 })} viewerId={null} now={NOW} />);
    expect(joinLink()).toBeNull();
  });

  it('still offers the join while a seat is free beside the held ones', () => {
    renderCard(<RideCard ride={ride({ currentPassengers: 2, heldSeats: 1 })} viewerId={9} now={NOW} />);
    expect(badge()?.textContent).toBe('Join');
    expect(joinLink()).not.toBeNull();
    expect(card().querySelector('[data-held-seats]')?.textContent).toBe(' · 1 held for the waitlist');
  });

  it("badges the organiser's own ride Your Ride without a join action", () => {
    renderCard(<RideCard ride={ride()} viewerId={1} now={NOW} />);
    expect(badge()?.textContent).toBe('Your Ride');
    expect(joinLink()).toBeNull();
  });

  it("offers no join to someone who already has a seat, and badges it Joined instead of 'Join'", () => {
    renderCard(<RideCard ride={ride()} viewerId={7} isPassenger now={NOW} />);
    expect(joinLink()).toBeNull();
    expect(badge()?.textContent).toBe('Joined');
  });

  it('keeps the Full and Past badges for rides the viewer joined', () => {
    renderCard(<RideCard ride={ride({ currentPassengers: 4 })} viewerId={7} isPassenger now={NOW} />);
    expect(badge()?.textContent).toBe('Full');
    cleanup();
    renderCard(<RideCard ride={ride({ date: '2026-11-19T07:30:00.000Z' })} viewerId={7} isPassenger now={NOW} />);
    expect(badge()?.textContent).toBe('Past');
  });

  it('gives vendors an assign action for open upcoming rides only', () => {
    const { unmount } = renderCard(<RideCard ride={ride()} viewerId={9} isVendor now={NOW} />);
    expect(assignLink()?.getAttribute('href')).toBe('/vendor?rideId=5');
    unmount();

    renderCard(<RideCard ride={ride({ id: 6, status: 'assigned' })} viewerId={9} isVendor now={NOW} />);
    expect(assignLink()).toBeNull();
    cleanup();

    renderCard(<RideCard ride={ride({ id: 7, date: '2026-11-01T00:00:00.000Z' })} viewerId={9} isVendor now={NOW} />);
    expect(assignLink()).toBeNull();
  });

  it('never gives members an assign action', () => {
    renderCard(<RideCard ride={ride()} viewerId={7} now={NOW} />);
    expect(assignLink()).toBeNull();
  });

  it('shows the given actions instead of the default ones', () => {
    renderCard(<RideCard ride={ride()} viewerId={7} now={NOW} actions={<button type="button">Edit</button>} />);
    expect(within(card()).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(joinLink()).toBeNull();
  });
});

describe('RideCard, cancelled', () => {
  it('shows the Cancelled badge first (over Past, Full, Your Ride) with the reason, and offers no Join or Assign', () => {
    const cancelled = ride({ status: 'cancelled', cancelReason: 'Flight moved', currentPassengers: 4 });
    renderCard(<RideCard ride={cancelled} viewerId={1} now={NOW} />);
    expect(badge()?.textContent).toBe('Cancelled');
    expect(within(card()).getByText('Cancelled: Flight moved')).toBeTruthy();
    cleanup();
    renderCard(<RideCard ride={{ ...cancelled, currentPassengers: 2 }} viewerId={null} now={NOW} />);
    expect(badge()?.textContent).toBe('Cancelled');
    expect(joinLink()).toBeNull();
    cleanup();
    renderCard(<RideCard ride={{ ...cancelled, currentPassengers: 2 }} viewerId={9} isVendor now={NOW} />);
    expect(joinLink()).toBeNull();
    expect(assignLink()).toBeNull();
  });

  it('names the pick-up areas, shortened, and the seats and driver in words', () => {
    renderCard(
      <RideCard
        ride={ride({
          dropoffLocations: [
            { location: 'Pasir Ris MRT, Exit A', passengerCount: 2 },
            { location: 'Jurong East', passengerCount: 1 },
            { location: 'Woodlands', passengerCount: 1 },
          ],
        })}
        viewerId={null}
        now={NOW}
      />,
    );
    expect(card().querySelector('[data-areas]')?.textContent).toBe('Pick-up: Pasir Ris MRT · Jurong East +1 more');
    expect(card().querySelector('[data-ride-state]')?.textContent).toBe('2 seats left · No driver yet');
  });

  it('names the drop-off areas of an FC->SG ride and says when a driver was found', () => {
    renderCard(
      <RideCard
        ride={ride({
          direction: 'FC->SG',
          status: 'assigned',
          currentPassengers: 4,
          dropoffLocations: [{ location: 'Bedok', passengerCount: 4 }],
        })}
        viewerId={null}
        now={NOW}
      />,
    );
    expect(card().querySelector('[data-areas]')?.textContent).toBe('Drop-off: Bedok');
    expect(card().querySelector('[data-ride-state]')?.textContent).toBe('Full · Driver found');
  });

  it('says where the viewer stands in one line', () => {
    renderCard(
      <RideCard
        ride={ride()}
        viewerId={9}
        isPassenger
        standing={{ rideId: 5, kind: 'passenger', stop: 2, amountDueCents: 2125 }}
        now={NOW}
      />,
    );
    expect(card().querySelector('[data-standing]')?.textContent).toBe('Joined · stop 2 · SGD 21.25 due');
  });
});
