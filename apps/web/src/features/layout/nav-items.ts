/**
 * What the top bar offers, decided in one place from the session (docs/vendors.md#navigation):
 * - signed-out visitors: Travel Guide and Create Ride (the route guard leads them through /auth);
 *   no Profile, which would only lead to the sign-in page;
 * - members: Travel Guide, Create Ride, Profile;
 * - approved vendors: Travel Guide, Dashboard, Profile;
 * - vendors not (or no longer) approved: Dashboard (which shows their status) and Profile;
 * - administrators also get Admin (/admin), last.
 * The Login / Logout action is added by the header.
 *
 * - `getNavItems(user)` → `NavItem[]` (pure, so it is easy to test).
 * - `isNavItemActive(item, pathname)`: an item is active on its own path and on the paths it
 *   lists in `also` (the bus guide belongs to Travel Guide).
 */
export interface NavItem {
  label: string;
  to: string;
  also?: string[];
}

const GUIDE: NavItem = { label: 'Travel Guide', to: '/guide', also: ['/bus-guide'] };
const CREATE: NavItem = { label: 'Create Ride', to: '/rides/create' };
const DASHBOARD: NavItem = { label: 'Dashboard', to: '/vendor' };
const PROFILE: NavItem = { label: 'Profile', to: '/profile' };
const ADMIN: NavItem = { label: 'Admin', to: '/admin' };

function roleItems(user: { isVendor: boolean; vendorStatus?: string | null }): NavItem[] {
  if (!user.isVendor) return [GUIDE, CREATE, PROFILE];
  return user.vendorStatus === 'approved' ? [GUIDE, DASHBOARD, PROFILE] : [DASHBOARD, PROFILE];
}

export function getNavItems(
  user: { isVendor: boolean; vendorStatus?: string | null; isAdmin?: boolean } | null,
): NavItem[] {
  if (!user) return [GUIDE, CREATE];
  const items = roleItems(user);
  return user.isAdmin ? [...items, ADMIN] : items;
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [item.to, ...(item.also ?? [])].some((candidate) => path === candidate || path.startsWith(`${candidate}/`));
}
