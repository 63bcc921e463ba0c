import { describe, expect, it } from 'vitest';

import { getNavItems, isNavItemActive } from './nav-items';

const labels = (user: { isVendor: boolean } | null) => getNavItems(user).map((item) => `${item.label} ${item.to}`);

describe('getNavItems', () => {
  it('offers Create Ride to visitors and members, Dashboard to vendors', () => {
    expect(labels(null)).toEqual(['Travel Guide /guide', 'Create Ride /rides/create', 'Profile /profile']);
    expect(labels({ isVendor: false })).toEqual(['Travel Guide /guide', 'Create Ride /rides/create', 'Profile /profile']);
    expect(labels({ isVendor: true })).toEqual(['Travel Guide /guide', 'Dashboard /vendor', 'Profile /profile']);
  });
});

describe('isNavItemActive', () => {
  const guide = { label: 'Travel Guide', to: '/guide', also: ['/bus-guide'] };
  const create = { label: 'Create Ride', to: '/rides/create' };
  it.each([
    [guide, '/guide', true],
    [guide, '/guide/', true],
    [guide, '/bus-guide', true],
    [guide, '/guidebook', false],
    [create, '/rides/create', true],
    [create, '/rides/12', false],
  ])('%o on %s → %s', (item, path, expected) => {
    expect(isNavItemActive(item, path)).toBe(expected);
  });
});
