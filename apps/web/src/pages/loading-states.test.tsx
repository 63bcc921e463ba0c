/**
 * Screens while their data is still loading, checked with axe's ARIA rules. A slow card used to
 * announce itself with `aria-label` on a plain div (not allowed without a role); this holds every
 * loading state to the rules the browser audit applies once everything has loaded.
 */
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';

import { inDays, makePassengerEntry, makeRideDetail, makeUser, renderWithProviders } from '../test-utils';
import { JoinRidePage } from './join-ride-page';
import { RideDetailsPage } from './ride-details-page';

// The rules that need no layout engine: happy-dom (the component tests' DOM) cannot judge contrast
// or target size.
const ARIA_RULES = [
  'aria-allowed-attr',
  'aria-prohibited-attr',
  'aria-required-attr',
  'aria-required-children',
  'aria-required-parent',
  'aria-roles',
  'aria-valid-attr',
  'aria-valid-attr-value',
  'button-name',
  'link-name',
  'label',
  'list',
  'listitem',
];

async function violations(container: HTMLElement): Promise<string[]> {
  const results = await axe.run(container, { runOnly: { type: 'rule', values: ARIA_RULES } });
  return results.violations.flatMap((v) => v.nodes.map((node) => `${v.id} at ${node.target.join(' ')}`));
}

describe('the check itself', () => {
  it('finds a name on an element without a role, as the browser audit does', async () => {
    const probe = document.createElement('div');
    probe.innerHTML = '<div aria-label="Loading..."></div><div role="status" aria-label="Loading..."></div>';
    document.body.append(probe);
    expect(await violations(probe)).toEqual([expect.stringMatching(/^aria-prohibited-attr at /)]);
    probe.remove();
  });
});

describe('RideDetailsPage while its cards load', () => {
  it('a passenger on a ride leaving in two hours: every loading card is a named status, no ARIA faults', async () => {
    const { container } = renderWithProviders(<RideDetailsPage />, {
      path: '/rides/:id',
      route: '/rides/7',
      unanswered: 'pending',
      api: {
        'auth.me': () => makeUser({ id: 2 }),
        'ride.byId': () => makeRideDetail({ date: inDays(2 / 24) }),
        'passenger.list': () => [
          makePassengerEntry(1, 50, 'Olivia Organiser', { passengerCount: 2 }),
          makePassengerEntry(2, 2, 'Alice Tan'),
        ],
      },
    });
    expect(await screen.findByRole('heading', { name: "You've Joined This Ride" })).toBeTruthy();
    const loading = screen.getAllByRole('status').map((node) => node.getAttribute('aria-label'));
    expect(loading).toEqual(['Loading the trip...', 'Loading your checklist...', 'Loading record']);
    expect(await violations(container)).toEqual([]);
  });
});

describe('JoinRidePage while the ride loads', () => {
  it('is one named, busy status with no ARIA faults', async () => {
    const { container } = renderWithProviders(<JoinRidePage />, {
      path: '/rides/:id/join',
      route: '/rides/7/join',
      unanswered: 'pending',
      api: { 'auth.me': () => makeUser({ id: 2 }) },
    });
    const loading = await screen.findByRole('status', { name: 'Loading ride' });
    expect(loading.getAttribute('aria-busy')).toBe('true');
    expect(await violations(container)).toEqual([]);
  });
});
