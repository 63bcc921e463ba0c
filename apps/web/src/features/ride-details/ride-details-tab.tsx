/**
 * `<RideDetailsTab ride signedIn />`: the Details tab (docs/product.md#ride-detail): date and time, the
 * organiser, the pickup location (SG->FC) or the list of drop-off locations (FC->SG), and the cost
 * breakdown with the per-person share of a full ride. A visitor's ride carries no passenger's
 * drop-off (nor the organiser's Discord username: 'Unknown Organizer' when no name was given), so
 * for FC->SG they read a line asking them to log in instead of the list. Members read the drop-offs
 * as stops with the numbers the sequence panel shows (one source: domain `stopNumbers`), unnumbered
 * until the organizer orders them.
 * A rider on the ride (not its organizer) also reads their own stop: 'Your pick-up' (SG->FC) or
 * 'Your drop-off' (FC->SG), with its stop number once the order has one.
 * `<RideOrganizerCard creator />`: the organiser's name, their record (docs/record.md#where) and
 * WhatsApp / Malaysian Number / Discord buttons, for signed-in viewers who are not the organiser.
 */
import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import {
  dropoffStops,
  formatRideDateOnly,
  formatRideTime,
  normaliseDropoffLocations,
  organizerName,
  stopNumbers,
  type DropoffStop,
} from '@rideshare/domain';
import type { ReactNode } from 'react';

import { ContactButtons } from '../contacts/contact-buttons';
import { CostBox } from '../cost/cost-box';
import { useOwnShare } from '../payments/use-own-share';
import type { PassengerEntry, RideDetail } from '../../lib/api-types';
import { RecordLine } from '../record/record-line';
import { VerifiedMark } from '../../components/verified-mark';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children}</Text>
    </Stack>
  );
}

/**
 * The drop-offs as stops, numbered as the sequence panel numbers them (domain `dropoffStops`):
 * unnumbered, with a word saying so, until the organizer orders them.
 */
function DropoffList({ dropoffs }: { dropoffs: readonly Omit<DropoffStop, 'entryIds'>[] }) {
  const ordered = dropoffs.some((stop) => stop.stop !== null);
  return (
    <Stack gap={4}>
      <List
        spacing={4}
        aria-label="Drop-off locations"
        listStyleType={ordered ? 'none' : 'disc'}
        withPadding={!ordered}
      >
        {dropoffs.map((entry, index) => (
          <List.Item key={`${String(index)}-${entry.location}`} data-testid="dropoff-stop">
            {ordered ? (
              <Text span fw={600} size="sm">
                {entry.stop === null ? 'No stop yet' : `Stop #${String(entry.stop)}`} ·{' '}
              </Text>
            ) : null}
            <Text span style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {entry.location}
            </Text>
            {entry.passengerCount > 1 ? (
              <Text span c="dimmed" size="sm">
                {' '}
                ({entry.passengerCount} passengers)
              </Text>
            ) : null}
          </List.Item>
        ))}
      </List>
      {ordered ? null : (
        <Text size="sm" c="dimmed" data-testid="dropoff-order-note">
          The organizer has not set the drop-off order yet.
        </Text>
      )}
    </Stack>
  );
}

/** The viewer's own stop: where their entry is, numbered as the stops are (null: not ordered yet). */
interface OwnStop {
  location: string;
  stop: number | null;
}

function OwnStopFact({ direction, stop }: { direction: string; stop: OwnStop }) {
  const label = direction === 'FC->SG' ? 'Your drop-off' : 'Your pick-up';
  return (
    <div data-testid="own-stop">
      <Fact label={label}>
        {stop.location}
        {stop.stop !== null ? ` (stop ${String(stop.stop)})` : ''}
      </Fact>
    </div>
  );
}

export function RideDetailsTab({
  ride,
  signedIn,
  viewerId = null,
  passengers,
}: {
  ride: RideDetail;
  signedIn: boolean;
  /** The signed-in viewer (null: a visitor): once locked, the cost box shows their own share. */
  viewerId?: number | null;
  /** The ride's entries when loaded: the stops and their numbers come from them. */
  passengers?: readonly PassengerEntry[] | undefined;
}) {
  const myShare = useOwnShare(ride, viewerId);
  const dropoffs = passengers
    ? dropoffStops(passengers)
    : normaliseDropoffLocations(ride.dropoffLocations)
        .filter((entry) => entry.location.trim() !== '')
        .map((entry) => ({ ...entry, stop: null }));
  // A rider's own stop, numbered from the same stops as the list (not the organizer's: theirs is the ride's).
  const own =
    viewerId !== null && viewerId !== ride.creatorId ? passengers?.find((e) => e.userId === viewerId) : undefined;
  const ownStop: OwnStop | null =
    own && passengers
      ? {
          location: own.dropoffLocation,
          stop: stopNumbers(passengers).get(own.id) ?? null,
        }
      : null;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trip-details-title">
        <Stack gap="md">
          <Title order={2} size="h4" id="trip-details-title">
            Trip Details
          </Title>
          <Stack gap="md">
            <Group gap="xl" align="flex-start" wrap="wrap">
              <Fact label="Date">{formatRideDateOnly(ride.date)}</Fact>
              <Fact label="Time">{formatRideTime(ride.date)}</Fact>
              <Fact label="Organizer">
                {organizerName(ride.creator ?? { name: ride.creatorName })}
                <VerifiedMark verified={ride.creator?.discordVerified} />
              </Fact>
            </Group>
            {ownStop ? <OwnStopFact direction={ride.direction} stop={ownStop} /> : null}
            {ride.direction === 'FC->SG' ? (
              <Stack gap={2}>
                <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                  Drop-off Locations
                </Text>
                <div>
                  {!signedIn ? (
                    <Text span c="dimmed">
                      Log in to see the drop-off points.
                    </Text>
                  ) : dropoffs.length === 0 ? (
                    <Text span c="dimmed">
                      No drop-off locations yet.
                    </Text>
                  ) : (
                    <DropoffList dropoffs={dropoffs} />
                  )}
                </div>
              </Stack>
            ) : (
              <Fact label="Pickup Location">{ride.pickupLocation}</Fact>
            )}
          </Stack>
        </Stack>
      </Card>
      <CostBox ride={ride} myShare={myShare} title="Cost Breakdown" />
    </Stack>
  );
}

export function RideOrganizerCard({ ride }: { ride: RideDetail }) {
  const name = organizerName(ride.creator ?? { name: ride.creatorName });
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="organizer-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="organizer-title">
          Ride Organizer
        </Title>
        <Group gap={6} wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
          <VerifiedMark verified={ride.creator?.discordVerified} />
        </Group>
        <RecordLine userId={ride.creatorId} role="organizer" />
        <ContactButtons contacts={ride.creator ?? {}} show={['whatsapp', 'malaysian', 'discord']} name={name} />
      </Stack>
    </Card>
  );
}
