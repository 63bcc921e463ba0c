/**
 * `AppLayout`: the shell every route renders in (the root layout route in router.tsx): a skip
 * link, `AppHeader`, the live event stream (`LiveUpdates`, which keeps what is on screen current),
 * `<main id="main">` holding the current page, and `AppFooter`. Pages load lazily
 * inside a `Suspense` with `PageLoader`, so the header stays put while a page's code arrives.
 * After each navigation, focus moves to `<main>` and the window scrolls to the top, so keyboard and
 * screen-reader users start reading the new page rather than the link they followed.
 */
import { Box } from '@mantine/core';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { PageLoader } from '../../components/page-loader';
import { LiveUpdates } from '../live/live-updates';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import classes from './app-layout.module.css';

function useFocusMainOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    // A page that already put the focus somewhere inside (a linked ride's button) keeps it, and the
    // place it scrolled to: its effects ran before this one.
    if (main.current?.contains(document.activeElement)) return;
    window.scrollTo({ top: 0 });
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}

export function AppLayout() {
  const main = useRef<HTMLElement>(null);
  useFocusMainOnNavigation(main);
  return (
    <div className={classes.shell}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <AppHeader />
      <LiveUpdates />
      <Box component="main" id="main" ref={main} tabIndex={-1} className={classes.main}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Box>
      <AppFooter />
    </div>
  );
}
