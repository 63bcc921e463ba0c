/**
 * `MyRidesTab`: the signed-in user's own rides on /home (docs/product.md#my-rides), in these sections:
 *
 * 0. Still owed: rides they left after the price locked whose share is still due
 *    (docs/payments.md#still-owed), with the amount, the organiser and where to pay.
 * 1. Manage Route Order: their rides that are not cancelled (pick-ups or drop-offs), each with 'Share Summary'
 *    and the drag / keyboard reorder panel.
 * 2. Rides You Organized: cards with Share and Edit (→ /rides/edit/{id}; no Edit once past).
 * 3. Rides You Joined: cards with Share and View Details (→ /rides/{id}).
 * 4. Cancelled Rides: the rides they organised or joined that were cancelled, apart from the
 *    active ones, each card with its reason and View Details.
 *
 * The dates of one weekly series are one card, and one drop-off panel (the next date's), with the
 * other dates opening on demand (docs/series.md#list).
 *
 * A section without rides is left out; with none at all the tab says 'You haven't created or joined
 * any rides yet.'. Signed-out visitors are asked to log in. Upcoming rides come first, soonest
 * first, then past ones (the server's order).
 */
import { Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  directionLabel,
  formatRideDate,
  groupSeriesRides,
  isCancelled,
  isPast,
  type ViewerStanding,
} from '@rideshare/domain';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { trpc } from '../../lib/trpc';
import { UnreadChatLink } from '../chat/unread';
import { PaidCount } from '../payments/paid-count';
import { StillOwedSection, useStillOwed } from '../payments/still-owed';
import { ShareButton } from '../share/share-button';
import { RideCard } from './ride-card';
import { SeriesGroupCard } from './series-group-card';
import { SequenceRide, SeriesSequence } from './route-order';
import type { RideListItem } from '../../lib/api-types';
import { useClock } from '../../lib/clock';
import { useStandings } from './use-standings';

export interface MyRidesTabProps {
  viewer: { id: number; isVendor: boolean; isApprovedVendor: boolean } | null;
}

/** Words that tell one ride from another for screen readers, where buttons repeat per card. */
function rideName(ride: RideListItem): string {
  const label = directionLabel(ride.direction);
  return `${label}, ${formatRideDate(ride.date)}`;
}

function Section({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Stack gap={2}>
        <Title order={2} size="h3" id={id}>
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

function ViewDetailsButton({ ride }: { ride: RideListItem }) {
  return (
    <Button
      component={Link}
      to={`/rides/${ride.id}`}
      size="xs"
      variant="default"
      aria-label={`View Details: ${rideName(ride)}`}
    >
      View Details
    </Button>
  );
}

function SignedOutPrompt() {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h4">
          Log in to see your rides
        </Title>
        <Text c="dimmed" size="sm">
          The rides you organize and join appear here once you are logged in.
        </Text>
        <Button component={Link} to="/auth">
          Login or Register Now
        </Button>
      </Stack>
    </Card>
  );
}

/** The chat and share links every ride the viewer is on carries. */
function PartyLinks({ ride }: { ride: RideListItem }) {
  return (
    <>
      <UnreadChatLink rideId={ride.id} rideName={rideName(ride)} />
      <ShareButton ride={ride} label="Share" size="xs" aria-label={`Share ride: ${rideName(ride)}`} />
    </>
  );
}

/** One section's rides as cards, three across on wide screens, each with its own actions. */
function RideGrid({
  rides,
  viewer,
  standings,
  isPassenger,
  actions,
}: {
  rides: readonly RideListItem[];
  viewer: { id: number; isVendor: boolean };
  standings: ReadonlyMap<number, ViewerStanding>;
  isPassenger: (ride: RideListItem) => boolean;
  actions: (ride: RideListItem) => ReactNode;
}) {
  // A weekly series is one card (its next date), its other dates open on demand (docs/series.md#list).
  const items = groupSeriesRides(rides);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      {items.map((item) =>
        item.kind === 'ride' ? (
          <RideCard
            key={item.ride.id}
            ride={item.ride}
            viewerId={viewer.id}
            isVendorAccount={viewer.isVendor}
            standing={standings.get(item.ride.id)}
            isPassenger={isPassenger(item.ride)}
            actions={actions(item.ride)}
          />
        ) : (
          <SeriesGroupCard
            key={`series-${String(item.seriesId)}`}
            rides={item.rides}
            viewerId={viewer.id}
            joinedIds={new Set(item.rides.filter(isPassenger).map((ride) => ride.id))}
            actions={(ride) => actions(ride as RideListItem)}
            standing={(ride) => standings.get(ride.id)}
          />
        ),
      )}
    </SimpleGrid>
  );
}

export function MyRidesTab({ viewer }: MyRidesTabProps) {
  const signedIn = viewer !== null;
  const organized = trpc.ride.organized.useQuery(undefined, { enabled: signedIn });
  const joined = trpc.ride.joined.useQuery(undefined, { enabled: signedIn });
  const standings = useStandings(signedIn);
  const owed = useStillOwed(signedIn);

  // The server sends both lists in the spec's order: rides still to come first, then past ones.
  // `ride.joined` leaves out the caller's own rides (they hold a seat there too), so none repeats.
  const organizedRides = (organized.data ?? []).filter((ride) => !isCancelled(ride));
  const joinedRides = (joined.data ?? []).filter((ride) => !isCancelled(ride));
  // Cancelled rides from both lists, merged in the same order.
  const clock = useClock();
  const cancelledRides = useMemo(() => {
    const now = clock();
    return [...(organized.data ?? []), ...(joined.data ?? [])]
      .filter(isCancelled)
      .sort((a, b) => Number(isPast(a, now)) - Number(isPast(b, now)) || Date.parse(a.date) - Date.parse(b.date));
  }, [organized.data, joined.data, clock]);
  // Every ride has a route order: pick-ups on SG->FC, drop-offs on FC->SG (docs/product.md#route-order).
  const sequenceRides = organizedRides;

  if (!viewer) return <SignedOutPrompt />;

  if (organized.isLoading || joined.isLoading) {
    return (
      <Center py="xl" role="status" aria-label="Loading your rides">
        <Loader />
      </Center>
    );
  }

  const failed = organized.error ?? joined.error;
  if (failed) {
    return (
      <LoadErrorAlert
        title="Your rides could not be loaded"
        error={failed}
        retrying={organized.isFetching || joined.isFetching}
        onRetry={() => {
          void organized.refetch();
          void joined.refetch();
        }}
      />
    );
  }

  if (organizedRides.length === 0 && joinedRides.length === 0 && cancelledRides.length === 0) {
    return (
      <Stack gap="xl">
        <StillOwedSection owed={owed} />
        <Stack align="center" gap="sm" py="xl">
          <Text c="dimmed" ta="center">
            You haven&apos;t created or joined any rides yet.
          </Text>
          <Group justify="center" gap="xs">
            {!viewer.isVendor ? (
              <Button component={Link} to="/rides/create" variant="light">
                Create New Ride
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="xl">
      <StillOwedSection owed={owed} />
      {sequenceRides.length > 0 ? (
        <Section
          id="manage-dropoff-sequence"
          title="Manage Route Order"
          description="Set the order in which your passengers are picked up (Singapore to Forest City) or dropped off (Forest City to Singapore)."
        >
          <Stack gap="md">
            {groupSeriesRides(sequenceRides).map((item) =>
              item.kind === 'ride' ? (
                <SequenceRide key={item.ride.id} ride={item.ride} />
              ) : (
                <SeriesSequence key={`series-${String(item.seriesId)}`} rides={item.rides} />
              ),
            )}
          </Stack>
        </Section>
      ) : null}

      {organizedRides.length > 0 ? (
        <Section id="rides-you-organized" title="Rides You Organized">
          <RideGrid
            rides={organizedRides}
            viewer={viewer}
            standings={standings}
            isPassenger={() => false}
            actions={(ride) => (
              <>
                <PaidCount rideId={ride.id} />
                <PartyLinks ride={ride} />
                {isPast(ride, clock()) ? null : (
                  <Button
                    component={Link}
                    to={`/rides/edit/${ride.id}`}
                    size="xs"
                    variant="default"
                    aria-label={`Edit ride: ${rideName(ride)}`}
                  >
                    Edit
                  </Button>
                )}
              </>
            )}
          />
        </Section>
      ) : null}

      {joinedRides.length > 0 ? (
        <Section id="rides-you-joined" title="Rides You Joined">
          <RideGrid
            rides={joinedRides}
            viewer={viewer}
            standings={standings}
            isPassenger={() => true}
            actions={(ride) => (
              <>
                <PartyLinks ride={ride} />
                <ViewDetailsButton ride={ride} />
              </>
            )}
          />
        </Section>
      ) : null}

      {cancelledRides.length > 0 ? (
        <Section
          id="cancelled-rides"
          title="Cancelled Rides"
          description="Rides you organized or joined that were cancelled. They will not run."
        >
          <RideGrid
            rides={cancelledRides}
            viewer={viewer}
            standings={standings}
            isPassenger={(ride) => ride.creatorId !== viewer.id}
            actions={(ride) => <ViewDetailsButton ride={ride} />}
          />
        </Section>
      ) : null}
    </Stack>
  );
}
