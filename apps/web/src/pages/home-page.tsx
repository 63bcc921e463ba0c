/**
 * /home (docs/product.md#rides-list). The open tab, filters and page live in the address (see
 * ride-list-params), so a reload or a shared link shows the same list.
 */
import { Button, Center, Loader, Tabs } from '@mantine/core';
import { lazy, Suspense, useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';

import { Page } from '../components/page';
import { NotifyMeButton } from '../features/alerts/notify-me-button';
import { AllRidesTab } from '../features/rides/all-rides-tab';
import { JoinCommunityCard } from '../features/rides/join-community-card';
import {
  HOME_TABS,
  readRideListState,
  writeRideListState,
  type HomeTab,
  type RideListState,
} from '../features/rides/ride-list-params';
import { StatsCards } from '../features/rides/stats-cards';
import { useSession } from '../features/session';
import { withPageStyles } from '../lib/page-styles';

// Loaded when the tab opens: it brings the drag-and-drop sequence editor, which the first load of
// the page (the All Rides tab) does without.
const MyRidesTab = lazy(async () => ({
  default: (await withPageStyles(() => import('../features/rides/my-rides-tab'))).MyRidesTab,
}));

function LoadingMyRides() {
  return (
    <Center py="xl" role="status" aria-label="Loading your rides">
      <Loader />
    </Center>
  );
}

export function HomePage() {
  const { user, isLoading, isVendor, isApprovedVendor } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = readRideListState(searchParams);
  // Ride cards offer the assign action to approved vendors only.
  const viewer = user ? { id: user.id, isVendor, isApprovedVendor } : null;

  const update = useCallback(
    (changes: Partial<RideListState>) => {
      // Filter and page changes replace the history entry; switching tabs is worth a Back step.
      setSearchParams((current) => writeRideListState(current, changes), { replace: changes.tab === undefined });
    },
    [setSearchParams],
  );

  const onTabChange = (value: string | null) => {
    if (value && (HOME_TABS as readonly string[]).includes(value)) update({ tab: value as HomeTab });
  };

  return (
    <Page
      title="Rides"
      description="Shared chartered rides between Singapore and Forest City"
      size="lg"
      actions={
        user && !isVendor ? (
          <Button component={Link} to="/rides/create">
            Create New Ride
          </Button>
        ) : null
      }
    >
      <StatsCards />

      <Tabs value={state.tab} onChange={onTabChange} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="all-rides">All Rides</Tabs.Tab>
          <Tabs.Tab value="my-rides">My Rides</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="all-rides">
          {user && !isVendor ? <NotifyMeButton direction={state.direction} /> : null}
          <AllRidesTab
            state={state}
            onChange={update}
            viewer={viewer}
            viewerPending={isLoading}
            // Below the first rides, so a phone's first screen shows rides rather than the invitation.
            promo={!isLoading && !user ? <JoinCommunityCard /> : null}
          />
        </Tabs.Panel>
        <Tabs.Panel value="my-rides">
          {isLoading ? (
            <LoadingMyRides />
          ) : (
            <Suspense fallback={<LoadingMyRides />}>
              <MyRidesTab viewer={viewer} />
            </Suspense>
          )}
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
