/**
 * What the top bar offers, decided in one place from the session (SPEC §2 "Navigation"):
 * Travel Guide; Dashboard for vendors or Create Ride for everyone else (signed-out visitors are led
 * through /auth by the route guard); Profile. The Login / Logout action is added by the header.
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

export function getNavItems(user: { isVendor: boolean } | null): NavItem[] {
  return [
    { label: 'Travel Guide', to: '/guide', also: ['/bus-guide'] },
    user?.isVendor ? { label: 'Dashboard', to: '/vendor' } : { label: 'Create Ride', to: '/rides/create' },
    { label: 'Profile', to: '/profile' },
  ];
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [item.to, ...(item.also ?? [])].some((candidate) => path === candidate || path.startsWith(`${candidate}/`));
}
