import { describe, expect, it } from 'vitest';

import { getNavItems, isNavItemActive } from './nav-items';

const labels = (user: { isVendor: boolean; vendorStatus?: string | null; isAdmin?: boolean } | null) =>
  getNavItems(user).map((item) => `${item.label} ${item.to}`);

describe('getNavItems', () => {
  it.each([
    ['a signed-out visitor', null, ['Travel Guide /guide', 'Create Ride /rides/create']],
    [
      'a member',
      { isVendor: false, vendorStatus: null },
      ['Travel Guide /guide', 'My rides /home?tab=my-rides', 'Create Ride /rides/create', 'Profile /profile'],
    ],
    [
      'an approved vendor',
      { isVendor: true, vendorStatus: 'approved' },
      ['Travel Guide /guide', 'Dashboard /vendor', 'Profile /profile'],
    ],
    ['a pending vendor', { isVendor: true, vendorStatus: 'pending' }, ['Dashboard /vendor', 'Profile /profile']],
    ['a rejected vendor', { isVendor: true, vendorStatus: 'rejected' }, ['Dashboard /vendor', 'Profile /profile']],
    ['a suspended vendor', { isVendor: true, vendorStatus: 'suspended' }, ['Dashboard /vendor', 'Profile /profile']],
    [
      'an administrator',
      { isVendor: false, vendorStatus: null, isAdmin: true },
      [
        'Travel Guide /guide',
        'My rides /home?tab=my-rides',
        'Create Ride /rides/create',
        'Profile /profile',
        'Admin /admin',
      ],
    ],
  ])('%s', (_label, user, expected) => {
    expect(labels(user)).toEqual(expected);
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

  it('My rides is active on the My Rides tab only', () => {
    const myRides = { label: 'My rides', to: '/home?tab=my-rides' };
    expect(isNavItemActive(myRides, '/home', '?tab=my-rides&page=2')).toBe(true);
    expect(isNavItemActive(myRides, '/home', '')).toBe(false);
    expect(isNavItemActive(myRides, '/home', '?tab=all')).toBe(false);
    expect(isNavItemActive(myRides, '/rides/3', '?tab=my-rides')).toBe(false);
  });
});
