/**
 * `AppHeader`: the sticky top bar (a `<header>` with a labelled `<nav>`). Brand 'RideShare' links to
 * /home; the items come from `getNavItems(user)`, then Logout (signed in; toast 'Logout failed' on
 * failure) or Login. From 768px up the links sit in the bar; below it a burger ('Toggle
 * navigation') opens the same links in a panel that closes on navigation and on Escape. The current
 * page's link carries `aria-current="page"` and is highlighted. Signed-in members also get the
 * notification bell (in the bar at every width, and as a row of the phone menu).
 */
import { Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { NotificationBell } from '../notifications';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { useLogout, useSession } from '../session';
import classes from './app-header.module.css';
import { getNavItems, isNavItemActive } from './nav-items';

const MOBILE_NAV_ID = 'mobile-navigation';

function AuthAction({ mobile }: { mobile: boolean }) {
  const { user } = useSession();
  const logout = useLogout('Logout failed');
  const size = mobile ? 'md' : 'sm';
  if (!user) {
    return (
      <Button component={Link} to="/auth" size={size} fullWidth={mobile}>
        Login
      </Button>
    );
  }
  return (
    <Button variant="default" size={size} fullWidth={mobile} loading={logout.isPending} onClick={() => logout.mutate()}>
      Logout
    </Button>
  );
}

export function AppHeader() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const items = getNavItems(user);

  // Following a link (or any navigation) closes the phone menu.
  useEffect(() => {
    close();
  }, [pathname, search, close]);

  useEffect(() => {
    if (!opened) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [opened, close]);

  const links = (mobile: boolean) =>
    items.map((item) => (
      <Link
        key={item.to}
        to={item.to}
        className={mobile ? classes.mobileLink : classes.link}
        aria-current={isNavItemActive(item, pathname, search) ? 'page' : undefined}
      >
        {item.label}
      </Link>
    ));

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg" className={classes.bar}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Link to="/home" className={classes.brand}>
            RideShare
          </Link>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" wrap="nowrap">
            {links(false)}
            {user ? <NotificationBell variant="icon" /> : null}
            <ColorSchemeToggle />
            <Box ml="xs">
              <AuthAction mobile={false} />
            </Box>
          </Group>
          <Group hiddenFrom="sm" gap={4} wrap="nowrap">
            {user ? <NotificationBell variant="icon" /> : null}
            <ColorSchemeToggle />
            <Burger
              opened={opened}
              onClick={toggle}
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls={MOBILE_NAV_ID}
            />
          </Group>
        </Group>
      </Container>
      <Box hiddenFrom="sm">
        <Collapse expanded={opened} keepMounted={false}>
          <Container size="lg" py="sm" className={classes.mobilePanel}>
            <Stack component="nav" id={MOBILE_NAV_ID} aria-label="Main" gap={4}>
              {links(true)}
              {user ? <NotificationBell variant="menu" /> : null}
              <Box pt="xs">
                <AuthAction mobile />
              </Box>
            </Stack>
          </Container>
        </Collapse>
      </Box>
    </Box>
  );
}
