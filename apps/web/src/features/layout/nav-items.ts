/**
 * What the top bar offers, decided in one place from the session (docs/vendors.md#navigation):
 * - signed-out visitors: Travel Guide and Create Ride (the route guard leads them through /auth);
 *   no Profile, which would only lead to the sign-in page;
 * - members: Travel Guide, My rides (the My Rides tab of /home), Create Ride, Profile;
 * - approved vendors: Travel Guide, Dashboard, Profile;
 * - vendors not (or no longer) approved: Dashboard (which shows their status) and Profile;
 * - administrators also get Admin (/admin), last.
 * The Login / Logout action is added by the header.
 *
 * - `getNavItems(user)` → `NavItem[]` (pure, so it is easy to test).
 * - `isNavItemActive(item, pathname, search)`: an item is active on its own path and on the paths it
 *   lists in `also` (the bus guide belongs to Travel Guide); an item whose address has a query
 *   (My rides) only when the page's query carries the same values.
 */
export interface NavItem {
  label: string;
  to: string;
  also?: string[];
}

const GUIDE: NavItem = { label: 'Travel Guide', to: '/guide', also: ['/bus-guide'] };
const MY_RIDES: NavItem = { label: 'My rides', to: '/home?tab=my-rides' };
const CREATE: NavItem = { label: 'Create Ride', to: '/rides/create' };
const DASHBOARD: NavItem = { label: 'Dashboard', to: '/vendor' };
const PROFILE: NavItem = { label: 'Profile', to: '/profile' };
const ADMIN: NavItem = { label: 'Admin', to: '/admin' };

function roleItems(user: { isVendor: boolean; vendorStatus?: string | null }): NavItem[] {
  if (!user.isVendor) return [GUIDE, MY_RIDES, CREATE, PROFILE];
  return user.vendorStatus === 'approved' ? [GUIDE, DASHBOARD, PROFILE] : [DASHBOARD, PROFILE];
}

export function getNavItems(
  user: { isVendor: boolean; vendorStatus?: string | null; isAdmin?: boolean } | null,
): NavItem[] {
  if (!user) return [GUIDE, CREATE];
  const items = roleItems(user);
  return user.isAdmin ? [...items, ADMIN] : items;
}

export function isNavItemActive(item: NavItem, pathname: string, search = ''): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  const [itemPath = '', itemQuery] = item.to.split('?');
  if (itemQuery !== undefined) {
    const current = new URLSearchParams(search);
    const wanted = [...new URLSearchParams(itemQuery)];
    return path === itemPath && wanted.every(([key, value]) => current.get(key) === value);
  }
  return [item.to, ...(item.also ?? [])].some((candidate) => path === candidate || path.startsWith(`${candidate}/`));
}
