/**
 * /rides/:id (docs/product.md#ride-detail). Public; the passenger list and contacts need a login. The
 * open tab is kept in `?tab=`. The side column starts with one action card, chosen from the domain's
 * `joinEligibility` (seats held for the waitlist count as taken): the join form, the waitlist card
 * (a full ride, or the viewer already waiting), or the card that says why the viewer cannot join.
 */
import { Badge, Button, Grid, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import {
  directionLabel,
  formatRideDate,
  isApprovedVendor,
  isCancelled,
  isFull,
  isInTripWindow,
  isPast,
  joinEligibility,
  rideCalendarFilename,
  rideCalendarPath,
  withHeldSeats,
} from '@rideshare/domain';
import { Link, useParams, useSearchParams } from 'react-router-dom';

import { RideStateBadges } from '../features/ride-details/ride-state-badges';
import { LoadErrorAlert } from '../components/load-error-alert';
import { Page, usePageTitle } from '../components/page';
import { BorderChecklistCard } from '../features/border/border-checklist-card';
import { ChatPanel } from '../features/chat/chat-panel';
import { UnreadBadge, useUnreadMessages } from '../features/chat/unread';
import { PaymentCard } from '../features/payments/payment-card';
import { useOwesAfterLeaving } from '../features/payments/use-own-share';
import { CancelledRideBanner, CancelRideButton } from '../features/ride-details/cancel-ride';
import { DriverCard } from '../features/ride-details/driver-card';
import { OfflineNotice, useKeptCopyTime, useKeptRide } from '../features/offline';
import { JoinRideCard } from '../features/ride-details/join-ride-card';
import { PassengersTab } from '../features/ride-details/passengers-tab';
import { QuotesCard } from '../features/quotes/quotes-card';
import { ThumbsCard } from '../features/record/thumbs-card';
import { RideDetailsTab, RideOrganizerCard } from '../features/ride-details/ride-details-tab';
import { RidePointsList } from '../features/ride-details/ride-points-list';
import {
  CancelledRideCard,
  FullRideCard,
  JoinedCard,
  LoginRequiredCard,
  OrganizerCard,
  PastRideCard,
  VendorCannotJoinCard,
} from '../features/ride-details/ride-status-cards';
import type { PassengerEntry, RideDetail } from '../lib/api-types';
import { parseRideId } from '../features/ride/ride-id';
import { RideNotFoundCard } from '../features/ride/ride-not-found-card';
import { SeriesBadge } from '../features/series/series-badge';
import { EditRideButton } from '../features/series/series-scope';
import { useSession, type SessionUser } from '../features/session';
import { ShareButton } from '../features/share/share-button';
import { TripCard } from '../features/trip/trip-card';
import { useMapServiceConfig } from '../features/map/map-config';
import { useDriverActions } from '../features/vendor/use-driver-actions';
import { WaitlistCard } from '../features/waitlist/waitlist-card';
import { errorCode } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { useClock } from '../lib/clock';

type DetailTab = 'details' | 'passengers' | 'chat';

function readTab(value: string | null): DetailTab {
  return value === 'passengers' || value === 'chat' ? value : 'details';
}

function DetailSkeleton() {
  usePageTitle('Ride Details');
  return (
    <Stack gap="lg" px="md" py="lg" maw={1200} mx="auto" role="status" aria-label="Loading ride...">
      <Skeleton height={36} width="60%" />
      <Skeleton height={20} width="40%" />
      <Group gap="sm">
        <Skeleton height={24} width={80} radius="xl" />
        <Skeleton height={24} width={120} radius="xl" />
      </Group>
      <Skeleton height={260} radius="md" />
    </Stack>
  );
}

interface ActionCardProps {
  ride: RideDetail;
  user: SessionUser | null;
  passengers: readonly PassengerEntry[] | undefined;
  passengersLoading: boolean;
  passengersError: unknown;
  onRetryPassengers: () => void;
}

/** The one card that tells the viewer what they can do with this ride. */
function RideActionCard({
  ride,
  user,
  passengers,
  passengersLoading,
  passengersError,
  onRetryPassengers,
}: ActionCardProps) {
  const now = useClock()();
  const past = isPast(ride, now);
  if (!user) {
    // A visitor on a full ride is told that logging in offers the waitlist (docs/product.md#auth-screen).
    const full = !past && !isCancelled(ride) && isFull(withHeldSeats(ride, ride.waitlist.heldSeats));
    return <LoginRequiredCard full={full} />;
  }
  if (user.id === ride.creatorId) return <OrganizerCard past={past} cancelled={isCancelled(ride)} />;
  if (isCancelled(ride)) return <CancelledRideCard />;
  if (passengersError) {
    // Whether the viewer already joined is unknown, so neither the form nor "joined" can be shown.
    return (
      <LoadErrorAlert
        title="Could not check your seat on this ride"
        error={passengersError}
        onRetry={onRetryPassengers}
        retryVariant="light"
      />
    );
  }
  if (passengersLoading || !passengers) return <Skeleton height={220} radius="md" />;
  const isPassenger = passengers.some((entry) => entry.userId === user.id);
  // Waiting, or holding an offer: the waitlist card says where the viewer stands.
  if (!isPassenger && !past && ride.waitlist.mine) return <WaitlistCard ride={ride} />;
  // Seats held for the waitlist are not free to a newcomer.
  const eligibility = joinEligibility({
    ride: withHeldSeats(ride, ride.waitlist.heldSeats),
    viewerId: user.id,
    isPassenger,
    now,
    isVendor: user.isVendor,
  });
  if (eligibility.eligible) return <JoinRideCard ride={ride} />;
  if (isPassenger) return <JoinedCard past={past} />;
  if (past) return <PastRideCard />;
  if (eligibility.code === 'NOT_ELIGIBLE') return <VendorCannotJoinCard message={eligibility.message} />;
  if (eligibility.code === 'RIDE_FULL' && !user.isVendor) return <WaitlistCard ride={ride} />;
  return <FullRideCard />;
}

function RideDetails({ ride, user }: { ride: RideDetail; user: SessionUser | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = readTab(searchParams.get('tab'));
  const passengersQuery = trpc.passenger.list.useQuery({ rideId: ride.id }, { enabled: user !== null });
  const passengers = user ? passengersQuery.data : undefined;

  const direction = ride.direction;
  // Seats held for the line read as taken, except those held for the viewer (theirs to accept).
  const heldForViewer = ride.waitlist.mine?.offerExpiresAt ? ride.waitlist.mine.passengerCount : 0;
  const now = useClock()();
  const past = isPast(ride, now);
  // The Trip card shows during the trip window (docs/trip-day.md#window).
  const { tripWindowHoursBefore, tripDepartEarlyMinutes } = useMapServiceConfig().config;
  const isCreator = user?.id === ride.creatorId;
  const cancelled = isCancelled(ride);
  // A rider who left after the lock still owes their row and sees it (docs/payments.md#leavers).
  const owesAfterLeaving = useOwesAfterLeaving(ride, user?.id ?? null);
  // Editing and cancelling are for rides still ahead and not cancelled (the server refuses the rest).
  const canChange = isCreator && !past && !cancelled;
  const driverActions = useDriverActions('Driver released');
  const canRelease = isCreator && ride.status === 'assigned' && !past;
  // The driver's manifest: the organiser's and the assigned vendor's (docs/vendors.md#manifest).
  const canSeeManifest = user !== null && (isCreator || user.id === ride.vendorId) && !cancelled;
  const onRide = isCreator || (user && passengers ? passengers.some((entry) => entry.userId === user.id) : null);
  // Offline nobody is known to be signed in: the kept copy stays until a member is known not to be on the ride.
  useKeptRide(ride.id, user ? onRide : null);
  // A kept copy is only ever the signed-in member's own (docs/product.md#offline-rides), though
  // offline the page cannot ask who that is.
  const offlineCopy = useKeptCopyTime() !== null;
  // The chat's party: the organiser, the riders on it and the approved assigned vendor (docs/messages.md#party).
  const inChatParty = user !== null && (onRide === true || (user.id === ride.vendorId && isApprovedVendor(user)));
  const unreadMessages = useUnreadMessages(ride.id, inChatParty);

  const onTabChange = (value: string | null) => {
    const next = readTab(value);
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'details') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Page
      title={directionLabel(direction)}
      documentTitle={`${directionLabel(direction)} · ${formatRideDate(ride.date)}`}
      description={formatRideDate(ride.date)}
      size="lg"
      actions={
        <>
          {canChange ? <EditRideButton ride={ride} /> : null}
          {canChange ? <CancelRideButton ride={ride} /> : null}
          {canSeeManifest ? (
            <Button component={Link} to={`/rides/${ride.id}/manifest`} variant="light">
              Manifest
            </Button>
          ) : null}
          <ShareButton ride={ride} label="Share" />
          {/* A plain download, not a route: the .ics opens in the device's calendar app. */}
          <Button
            component="a"
            href={rideCalendarPath(ride.id)}
            download={rideCalendarFilename(ride.id)}
            variant="default"
          >
            Add to calendar
          </Button>
        </>
      }
    >
      <OfflineNotice />
      <Group gap="sm" wrap="wrap" aria-label="Ride status" role="group">
        <RideStateBadges
          ride={ride}
          seats={past || cancelled ? undefined : withHeldSeats(ride, ride.waitlist.heldSeats - heldForViewer)}
        />
        {ride.seriesId !== null ? <SeriesBadge /> : null}
        <Text fw={600} data-testid="passenger-count">
          Passengers {ride.currentPassengers}/{ride.maxPassengers}
          {ride.waitlist.heldSeats > 0 && !past && !cancelled ? (
            <Text span fw={400} c="dimmed" data-held-seats>
              {' '}
              · {ride.waitlist.heldSeats} held for the waitlist
            </Text>
          ) : null}
        </Text>
        {past ? (
          <Badge color="gray" variant="outline">
            Past
          </Badge>
        ) : null}
      </Group>
      {cancelled ? <CancelledRideBanner ride={ride} /> : null}
      {user && inChatParty && !cancelled && isInTripWindow(ride.date, tripWindowHoursBefore, now) ? (
        <TripCard
          ride={ride}
          viewerId={user.id}
          crew={isCreator || user.id === ride.vendorId}
          rider={isCreator || (passengers ?? []).some((entry) => entry.userId === user.id)}
          passengers={passengers}
          departEarlyMinutes={tripDepartEarlyMinutes}
        />
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Tabs value={tab} onChange={onTabChange} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="details">Details</Tabs.Tab>
              <Tabs.Tab value="passengers">{user ? 'Passengers' : 'Passengers (Login required)'}</Tabs.Tab>
              {inChatParty || tab === 'chat' ? (
                <Tabs.Tab value="chat" rightSection={<UnreadBadge count={tab === 'chat' ? 0 : unreadMessages} />}>
                  Chat
                </Tabs.Tab>
              ) : null}
            </Tabs.List>
            <Tabs.Panel value="details">
              <RideDetailsTab
                ride={ride}
                signedIn={user !== null || offlineCopy}
                viewerId={user?.id ?? null}
                passengers={passengers}
              />
            </Tabs.Panel>
            <Tabs.Panel value="passengers">
              {user ? (
                <PassengersTab
                  ride={ride}
                  viewerId={user.id}
                  passengers={passengersQuery.data}
                  isLoading={passengersQuery.isLoading}
                  error={passengersQuery.error}
                  onRetry={() => void passengersQuery.refetch()}
                />
              ) : (
                <LoginRequiredCard>
                  Log in to see who is travelling on this ride and how to reach them.
                </LoginRequiredCard>
              )}
            </Tabs.Panel>
            <Tabs.Panel value="chat">
              <ChatPanel ride={ride} user={user} inParty={inChatParty} partyKnown={!user || onRide !== null} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <RideActionCard
              ride={ride}
              user={user}
              passengers={passengersQuery.data}
              passengersLoading={passengersQuery.isLoading}
              passengersError={passengersQuery.error}
              onRetryPassengers={() => void passengersQuery.refetch()}
            />
            {isCreator && ride.status === 'open' && !past ? <QuotesCard ride={ride} /> : null}
            {ride.driver ? (
              <DriverCard
                driver={ride.driver}
                onRelease={canRelease ? () => driverActions.unassign(ride.id) : undefined}
                releasing={driverActions.pending?.action === 'unassign'}
              />
            ) : null}
            <PaymentCard
              ride={ride}
              viewerId={user?.id ?? null}
              inParty={isCreator || owesAfterLeaving || (passengers ?? []).some((entry) => entry.userId === user?.id)}
            />
            {user && !cancelled ? (
              <BorderChecklistCard
                ride={ride}
                inParty={isCreator || (passengers ?? []).some((entry) => entry.userId === user.id)}
              />
            ) : null}
            {user && !isCreator ? <RideOrganizerCard ride={ride} /> : null}
            {ride.status === 'completed' && user && (onRide === true || user.id === ride.vendorId) ? (
              <ThumbsCard rideId={ride.id} />
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>

      <RidePointsList ride={ride} passengers={passengers ?? []} />
    </Page>
  );
}

export function RideDetailsPage() {
  const params = useParams();
  const rideId = parseRideId(params.id);
  const session = useSession();
  const rideQuery = trpc.ride.byId.useQuery({ id: rideId ?? 0 }, { enabled: rideId !== null });

  if (rideId === null) return <RideNotFoundCard />;
  if (rideQuery.isLoading || session.isLoading) return <DetailSkeleton />;
  if (rideQuery.error) {
    const code = errorCode(rideQuery.error);
    if (code === 'NOT_FOUND') return <RideNotFoundCard />;
    return (
      <Stack px="md" py="xl" maw={640} mx="auto">
        <LoadErrorAlert
          title="Could not load this ride"
          error={rideQuery.error}
          onRetry={() => void rideQuery.refetch()}
          retryVariant="light"
        />
      </Stack>
    );
  }
  if (!rideQuery.data) return <RideNotFoundCard />;
  return <RideDetails ride={rideQuery.data} user={session.user} />;
}
