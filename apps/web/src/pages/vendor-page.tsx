/**
 * /vendor (docs/product.md#vendor-dashboard). The open tab lives in the address (`?tab=`). A ride card's
 * assign link (/vendor?rideId={id}) opens the available rides with that ride outlined, scrolled to
 * and its assign button focused, or a notice saying why it is not on offer. Both lists reload every
 * time the dashboard opens, since other people create and take rides meanwhile. Members who are not
 * vendors are told the dashboard is for vendors (the route guard already sent visitors to /auth);
 * vendors an administrator has not approved see their status instead (`VendorStatusNotice`). Each
 * available ride also offers the vendor's own quote (`quote.mine`, docs/vendors.md#quotes).
 */
import { Tabs } from '@mantine/core';
import { directionLabel, formatRideDate, releaseRuleSentence, type Direction, type Permit } from '@rideshare/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useConfirm } from '../components/confirm-action';
import { Page } from '../components/page';
import { useSession } from '../features/session';
import { parseRideId } from '../features/ride/ride-id';
import { AssignTargetNotice } from '../features/vendor/assign-target-notice';
import { PermitScopeNote } from '../features/vendor/permit-scope-note';
import { useAssignRide } from '../features/vendor/use-assign-ride';
import { useDriverActions } from '../features/vendor/use-driver-actions';
import { VendorOnlyNotice } from '../features/vendor/vendor-only-notice';
import { VendorRideCard } from '../features/vendor/vendor-ride-card';
import { VendorRideList } from '../features/vendor/vendor-ride-list';
import { PermitExpiryAlert } from '../features/vendor/permit-expiry-alert';
import { VendorQuoteControls } from '../features/quotes/vendor-quote-controls';
import { VendorStatusNotice } from '../features/vendor/vendor-status-notice';
import { useClock } from '../lib/clock';
import { trpc } from '../lib/trpc';

const TITLE = 'Vendor Dashboard';
const VENDOR_TABS = ['my-rides', 'available'] as const;
type VendorTab = (typeof VENDOR_TABS)[number];

function isVendorTab(value: string | null): value is VendorTab {
  return value !== null && (VENDOR_TABS as readonly string[]).includes(value);
}

export function VendorPage() {
  const { user, isVendor, isApprovedVendor } = useSession();
  if (!user || !isVendor) {
    return (
      <Page title={TITLE}>
        <VendorOnlyNotice />
      </Page>
    );
  }
  if (!isApprovedVendor) {
    return (
      <Page title={TITLE}>
        <VendorStatusNotice user={user} />
      </Page>
    );
  }
  return <VendorDashboard vendorId={user.id} companyName={user.companyName} permit={user.permit} />;
}

function VendorDashboard({
  vendorId,
  companyName,
  permit,
}: {
  vendorId: number;
  companyName: string | null;
  permit: Permit | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const hasTarget = searchParams.has('rideId');
  const targetId = parseRideId(searchParams.get('rideId'));
  const tabParam = searchParams.get('tab');
  const tab: VendorTab = isVendorTab(tabParam) ? tabParam : hasTarget ? 'available' : 'my-rides';

  const mine = trpc.vendor.rides.useQuery(undefined, { refetchOnMount: 'always' });
  const available = trpc.vendor.available.useQuery(undefined, { refetchOnMount: 'always' });
  const quotes = trpc.quote.mine.useQuery(undefined, { refetchOnMount: 'always' });
  const quoteByRide = useMemo(() => new Map((quotes.data ?? []).map((quote) => [quote.rideId, quote])), [quotes.data]);
  const { assign, pendingRideId } = useAssignRide();
  const driver = useDriverActions();

  const targetListed = useMemo(
    () => targetId !== null && (available.data ?? []).some((ride) => ride.id === targetId),
    [available.data, targetId],
  );

  // Choosing a tab by hand ends the "look at this ride" visit; the link has done its job.
  const showTab = useCallback(
    (value: VendorTab) => {
      setSearchParams({ tab: value });
    },
    [setSearchParams],
  );

  const clearTarget = useCallback(() => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('rideId');
        next.set('tab', 'available');
        return next;
      },
      { replace: true },
    );
  }, [setSearchParams]);

  const confirmAssign = useConfirm();
  const clock = useClock();
  // Taking a ride tells its organiser and every passenger: ask once (docs/product.md#confirmations).
  const onAssign = (ride: { id: number; direction: Direction; date: string }) => {
    confirmAssign.ask({
      title: 'Take this ride?',
      message: `You will drive ${directionLabel(ride.direction)} on ${formatRideDate(ride.date)}. The organizer and every passenger are told at once, and see your driver and car. ${releaseRuleSentence(ride, clock(), formatRideDate)}`,
      confirmLabel: 'Assign to Me',
      onConfirm: () => assign(ride.id, ride.id === targetId ? clearTarget : undefined),
    });
  };

  const showNotice =
    hasTarget && tab === 'available' && !targetListed && !available.isFetching && available.data !== undefined;

  return (
    <Page
      title={TITLE}
      description={
        companyName
          ? `${companyName}: take open rides and keep track of the rides assigned to you.`
          : 'Take open rides and keep track of the rides assigned to you.'
      }
      size="lg"
    >
      {confirmAssign.modal}
      <PermitExpiryAlert permit={permit} />
      <Tabs
        value={tab}
        onChange={(value) => {
          if (isVendorTab(value)) showTab(value);
        }}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="my-rides">My Rides</Tabs.Tab>
          <Tabs.Tab value="available">Available Rides</Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="my-rides">
          <VendorRideList
            rides={mine.data}
            isLoading={mine.isLoading}
            error={mine.error}
            isFetching={mine.isFetching}
            onRetry={() => void mine.refetch()}
            loadingLabel="Loading your assigned rides"
            errorTitle="Your rides could not be loaded"
            emptyText="No assigned rides yet."
            renderCard={(ride) => (
              <VendorRideCard
                ride={ride}
                driverActions={{
                  onUnassign: () => driver.unassign(ride.id),
                  onComplete: () => driver.complete(ride.id),
                  pending: driver.pending?.rideId === ride.id ? driver.pending.action : null,
                  disabled: driver.pending !== null && driver.pending.rideId !== ride.id,
                }}
              />
            )}
          />
        </Tabs.Panel>

        <Tabs.Panel value="available">
          {showNotice ? (
            <div style={{ marginBottom: 'var(--mantine-spacing-md)' }}>
              <AssignTargetNotice
                rideId={targetId}
                vendorId={vendorId}
                onShowMyRides={() => showTab('my-rides')}
                onRetry={() => void available.refetch()}
              />
            </div>
          ) : null}
          <PermitScopeNote />
          <VendorRideList
            rides={available.data}
            isLoading={available.isLoading}
            error={available.error}
            isFetching={available.isFetching}
            onRetry={() => void available.refetch()}
            loadingLabel="Loading available rides"
            errorTitle="Available rides could not be loaded"
            emptyText="No available rides at the moment."
            renderCard={(ride) => (
              <VendorRideCard
                ride={ride}
                highlighted={ride.id === targetId}
                onAssign={() => onAssign(ride)}
                pending={pendingRideId === ride.id}
                disabled={pendingRideId !== null && pendingRideId !== ride.id}
                quoteControls={
                  <VendorQuoteControls
                    ride={ride}
                    quote={quoteByRide.get(ride.id) ?? null}
                    loading={quotes.isLoading}
                    error={!quotes.data && !quotes.isLoading}
                    onRetry={() => void quotes.refetch()}
                  />
                }
              />
            )}
          />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
