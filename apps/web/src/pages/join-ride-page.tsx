/**
 * /rides/:id/join (docs/product.md#join-screen): the ride's summary and cost, and the join form with a map
 * whose clicks and place search fill the location (the map code loads lazily, only on this screen).
 * The form's rules are `useJoinRide`'s, shared with the detail page's join card. A full ride offers
 * its waitlist (`WaitlistCard`), and so does the form for a group larger than the seats left
 * (`WaitlistInstead`); any other ride the user cannot join (domain `joinEligibility`) says
 * why instead of offering the form.
 */
import { Alert, Button, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { directionLabel, formatRideDate, isPast, joinEligibility, orderWords, withHeldSeats } from '@rideshare/domain';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';

import { RideStateBadges } from '../features/ride-details/ride-state-badges';
import { Page } from '../components/page';
import { CostBox, JoinShareBox } from '../features/cost/cost-box';
import { JoinRideButton, JoinRideFields } from '../features/join/join-ride-fields';
import { useStopChoices } from '../features/join/stop-choices';
import { joinGroupOf, notifyJoined, seatsLeftFor, useJoinRide } from '../features/join/use-join-ride';
import { LocationPicker, type MapLocation, type PickedPlace } from '../features/map';
import type { RideDetail } from '../lib/api-types';
import { parseRideId } from '../features/ride/ride-id';
import { RideLoadError } from '../features/ride/ride-load-error';
import { RideNotFoundCard } from '../features/ride/ride-not-found-card';
import { useSession } from '../features/session';
import { useClock } from '../lib/clock';
import { WaitlistCard } from '../features/waitlist/waitlist-card';
import { WaitlistInstead } from '../features/waitlist/waitlist-instead';
import { trpc } from '../lib/trpc';

function SummaryLine({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children}
      </Text>
    </Group>
  );
}

function RideSummaryCard({ ride }: { ride: RideDetail }) {
  // Seats held for the waitlist are not left for a newcomer.
  const remaining = seatsLeftFor(ride);
  return (
    <Card withBorder radius="md" p="md" component="section" aria-label="Ride summary">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4">
            {directionLabel(ride.direction)}
          </Title>
          <RideStateBadges ride={ride} />
        </Group>
        <Divider />
        <SummaryLine label="Date and time">{formatRideDate(ride.date)}</SummaryLine>
        <SummaryLine label="Organizer">{ride.creatorName ?? ride.creator?.name ?? 'Unknown Organizer'}</SummaryLine>
        <SummaryLine label="Pick-up">{ride.pickupLocation}</SummaryLine>
        <SummaryLine label="Passengers">
          {ride.currentPassengers}/{ride.maxPassengers} ({remaining} {remaining === 1 ? 'spot' : 'spots'} left)
        </SummaryLine>
      </Stack>
    </Card>
  );
}

function DirectionNotice({ ride }: { ride: RideDetail }) {
  const [showPassport, setShowPassport] = useState(true);
  const order = (
    <Alert color="blue" variant="light" title={orderWords(ride.direction).title}>
      The ride organizer sets the {orderWords(ride.direction).title.toLowerCase()} in Singapore once passengers have
      joined. If the order is already locked and you join at a new place, you are not placed yet until the organizer
      places you.
    </Alert>
  );
  if (ride.direction === 'FC->SG') return order;
  if (!showPassport) return order;
  return (
    <>
      {order}
      <Alert
        color="yellow"
        variant="light"
        title="Bring your passport"
        withCloseButton
        closeButtonLabel="Dismiss passport reminder"
        onClose={() => setShowPassport(false)}
        data-testid="passport-reminder"
      >
        You are crossing into Malaysia: bring a passport valid for at least 6 more months, and allow time for
        immigration.
      </Alert>
    </>
  );
}

function JoinForm({ ride }: { ride: RideDetail }) {
  const navigate = useNavigate();
  const join = useJoinRide(ride, {
    // The ride page holds what a rider needs next: payment, chat and checklist.
    onJoined: () => {
      notifyJoined();
      void navigate(`/rides/${String(ride.id)}`);
    },
  });
  const { form } = join;
  const stops = useStopChoices(ride.id);
  const [locations, setLocations] = useState<MapLocation[]>([]);
  const [pickCount, setPickCount] = useState(0);

  const fromMap = form.values.picked?.fromMap === true;

  function pick(place: PickedPlace) {
    const id = `pick-${pickCount + 1}`;
    setPickCount((count) => count + 1);
    // One person joins from one place: a new pick replaces the previous pin.
    setLocations([{ id, position: [place.latitude, place.longitude], name: place.name }]);
    const map = place.source === 'map';
    // A pin keeps its coordinates; the words are the rider's (docs/product.md#join-screen).
    form.setFieldValue('picked', {
      name: place.name,
      latitude: place.latitude,
      longitude: place.longitude,
      fromMap: map,
    });
    if (map) {
      document.getElementsByName('dropoffLocation')[0]?.focus();
      return;
    }
    form.setFieldValue('dropoffLocation', place.name);
    form.clearFieldError('dropoffLocation');
  }

  function removeLocation(id: string) {
    const removed = locations.find((location) => location.id === id);
    setLocations((current) => current.filter((location) => location.id !== id));
    if (!removed) return;
    form.setFieldValue('picked', null);
    if (form.getValues().dropoffLocation === removed.name) form.setFieldValue('dropoffLocation', '');
  }

  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Join this ride">
      <form onSubmit={join.submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            Your details
          </Title>
          <JoinRideFields
            stops={stops}
            join={join}
            locationHint={
              fromMap
                ? `Pin dropped at ${locations[0]?.name.replace('Pin at ', '') ?? ''}. Now describe the spot for the driver, e.g. Pasir Ris MRT, Exit A`
                : 'Type it, search for a place, or click the map below'
            }
            locationPlaceholder={fromMap ? 'e.g. Pasir Ris MRT, Exit A' : undefined}
          />
          <WaitlistInstead ride={ride} join={join} />
          <JoinShareBox ride={ride} group={joinGroupOf(form.values)} />
          <LocationPicker
            locations={locations}
            onPick={pick}
            onRemove={removeLocation}
            highlightId={locations[0]?.id ?? null}
          />
          <JoinRideButton pending={join.pending} size="md" />
        </Stack>
      </form>
    </Card>
  );
}

function NotJoinable({ rideId, title, message }: { rideId: number; title: string; message: string }) {
  return (
    <Alert color="gray" variant="light" title={title} data-testid="not-joinable">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Group gap="xs">
          <Button component={Link} to={`/rides/${rideId}`} size="xs">
            View Ride Details
          </Button>
          <Button component={Link} to="/home" size="xs" variant="default">
            View Available Rides
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function JoinRide({ rideId }: { rideId: number }) {
  const { user } = useSession();
  const now = useClock()();
  const ride = trpc.ride.byId.useQuery({ id: rideId });
  const passengers = trpc.passenger.list.useQuery({ rideId }, { enabled: !!user && ride.isSuccess });

  if (ride.isPending) {
    return (
      <Page title="Join Ride" size="md">
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading ride">
          <Skeleton h={180} radius="md" />
          <Skeleton h={320} radius="md" />
        </Stack>
      </Page>
    );
  }
  if (ride.isError) {
    return <RideLoadError title="Join Ride" size="md" error={ride.error} onRetry={() => void ride.refetch()} />;
  }

  const current = ride.data;
  const isPassenger = (passengers.data ?? []).some((entry) => entry.userId === user?.id);
  // Seats held for the waitlist are not free to a newcomer.
  const seen = withHeldSeats(current, current.waitlist.heldSeats);
  const eligibility = joinEligibility({
    ride: seen,
    viewerId: user?.id ?? null,
    isPassenger,
    isVendor: user?.isVendor ?? false,
    now,
  });
  // A member already in line, or one a full ride has no room for, gets the waitlist instead.
  const waitlist =
    user !== null &&
    !isPassenger &&
    !isPast(current, now) &&
    (current.waitlist.mine !== null || (!eligibility.eligible && eligibility.code === 'RIDE_FULL' && !user.isVendor));
  const showForm = !waitlist && eligibility.eligible;

  return (
    <Page
      title="Join Ride"
      description={`${directionLabel(current.direction)} · ${formatRideDate(current.date)}`}
      size="md"
    >
      {/* One cost box: the join form's, which follows what is typed; without the form, the ride's. */}
      {showForm ? (
        <RideSummaryCard ride={current} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <RideSummaryCard ride={current} />
          <CostBox ride={current} ifFullLabel="Your Cost (estimated)" />
        </SimpleGrid>
      )}
      {waitlist ? (
        <WaitlistCard ride={current} />
      ) : eligibility.eligible ? (
        <>
          <DirectionNotice ride={current} />
          {passengers.isPending && passengers.fetchStatus !== 'idle' ? (
            <Skeleton h={320} radius="md" />
          ) : (
            <JoinForm ride={current} />
          )}
        </>
      ) : (
        <NotJoinable
          rideId={current.id}
          {...(eligibility.code === 'RIDE_CANCELLED'
            ? {
                title: 'This Ride Was Cancelled',
                message: current.cancelReason ? `Reason: ${current.cancelReason}` : eligibility.message,
              }
            : { title: "You can't join this ride", message: eligibility.message })}
        />
      )}
    </Page>
  );
}

export function JoinRidePage() {
  const { id } = useParams();
  const rideId = parseRideId(id);
  if (rideId === null) return <RideNotFoundCard />;
  return <JoinRide key={rideId} rideId={rideId} />;
}
