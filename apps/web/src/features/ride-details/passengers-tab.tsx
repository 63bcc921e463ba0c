/**
 * `<PassengersTab ride viewerId passengers />`: who is on the ride (docs/product.md#ride-detail,
 * Passengers tab; signed-in viewers only). Each entry shows the passenger's name (or Discord
 * name), their location, 'Stop #n' once the organiser has ordered the drop-offs, the group size and
 * contact buttons; the organiser also sees 'Passenger n' numbering. At most two of those marks are
 * badges, the rest words (passenger-marks.ts). On rides still ahead, the
 * organiser can remove anyone else ('Remove Passenger') and a passenger can take their own entry
 * off ('Leave Ride'), both after a confirmation. A passenger reads when the co-riders' numbers will
 * show and that the ride chat is where to talk until then. The stops picked on the map show on a map in the
 * list's order (none picked: the list alone). Then the Communication card and, for the
 * organiser, the route order editor (drop-offs or pick-ups, docs/product.md#route-order).
 */
import { Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ListCard } from '../../components/list-card';
import { isPast, isUnplaced, passengerDisplayName, sortBySequence, stopNumbers } from '@rideshare/domain';
import { useState } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { ContactButtons } from '../contacts/contact-buttons';
import { LeaveOwedNote } from '../payments/leave-owed';
import { StopsMap } from '../map';
import { RecordLine } from '../record/record-line';
import { SequencePanel } from '../sequence/sequence-panel';
import { useMapServiceConfig } from '../map/map-config';
import { CoRiderNumbersNote } from './co-rider-numbers-note';
import { CommunicationCard } from './communication-card';
import { passengerMarks, type PassengerMark } from './passenger-marks';
import { useRemovePassenger, type Removal } from './use-remove-passenger';
import type { PassengerEntry, RideDetail } from '../../lib/api-types';
import { useClock } from '../../lib/clock';
import { VerifiedMark } from '../../components/verified-mark';

const BADGE_STYLE: Record<PassengerMark['kind'], { variant: string; color?: string }> = {
  stop: { variant: 'filled' },
  own: { variant: 'light', color: 'teal' },
  organizer: { variant: 'light', color: 'blue' },
  number: { variant: 'light', color: 'gray' },
};

export interface PassengersTabProps {
  ride: RideDetail;
  viewerId: number;
  passengers: readonly PassengerEntry[] | undefined;
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
}

const people = (count: number): string => `${count} ${count === 1 ? 'passenger' : 'passengers'}`;

function PassengerItem({
  entry,
  stop,
  index,
  ride,
  viewerId,
  canManage,
  onRemove,
}: {
  entry: PassengerEntry;
  /** The entry's stop number as every screen shows it (domain `stopNumbers`), or null. */
  stop: number | null;
  index: number;
  ride: RideDetail;
  viewerId: number;
  canManage: boolean;
  onRemove: (removal: Removal) => void;
}) {
  const isCreator = viewerId === ride.creatorId;
  const isOwn = entry.userId === viewerId;
  const isOrganizerEntry = entry.userId === ride.creatorId;
  const name = passengerDisplayName(entry.user);
  const locationKind = ride.direction === 'FC->SG' ? 'Drop-off' : 'Pick-up';
  // The organiser's own entry is theirs for as long as the ride exists; the server refuses it too.
  const showRemove = canManage && isCreator && !isOwn && !isOrganizerEntry;
  const showLeave = canManage && isOwn && !isOrganizerEntry;
  // The organiser and the driver decide about the riders: they see each one's record (docs/record.md#where).
  const showRecord = !isOwn && (isCreator || viewerId === ride.vendorId);
  const marks = passengerMarks({
    stop,
    unplaced: isUnplaced(ride.sequenceLocked === true, entry),
    isOwn,
    isOrganizerEntry,
    listNumber: isCreator ? index + 1 : null,
  });

  return (
    <ListCard data-testid="passenger-entry">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Group gap={6} wrap="wrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <VerifiedMark verified={entry.user?.discordVerified} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
              {locationKind}: {entry.dropoffLocation}
            </Text>
            {showRecord ? <RecordLine userId={entry.userId} role="rider" /> : null}
            {marks.words ? (
              <Text size="sm" data-testid="passenger-marks">
                {marks.words}
              </Text>
            ) : null}
          </Stack>
          <Group gap={6} wrap="wrap">
            {marks.badges.map((mark) => (
              <Badge key={mark.kind} {...BADGE_STYLE[mark.kind]}>
                {mark.text}
              </Badge>
            ))}
          </Group>
        </Group>
        <Group justify="space-between" align="center" gap="xs" wrap="wrap">
          <Text size="sm">{people(entry.passengerCount)}</Text>
          <ContactButtons contacts={entry.user ?? {}} name={name} />
        </Group>
        {showRemove ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={() => onRemove({ entry, self: false })}>
              Remove Passenger
            </Button>
          </Group>
        ) : null}
        {showLeave ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="red" size="xs" onClick={() => onRemove({ entry, self: true })}>
              Leave Ride
            </Button>
          </Group>
        ) : null}
      </Stack>
    </ListCard>
  );
}

export function PassengersTab({ ride, viewerId, passengers, isLoading, error, onRetry }: PassengersTabProps) {
  const [removal, setRemoval] = useState<Removal | null>(null);
  // The removal being confirmed, whose words the toast uses.
  const remove = useRemovePassenger(removal);
  const past = isPast(ride, useClock()());
  const isCreator = viewerId === ride.creatorId;
  const { config } = useMapServiceConfig();

  const confirmRemoval = () => {
    if (!removal) return;
    remove.mutate({ rideId: ride.id, passengerId: removal.entry.id }, { onSettled: () => setRemoval(null) });
  };

  if (isLoading) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading passengers...">
        <Skeleton height={96} radius="md" />
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  }

  if (error) {
    return <LoadErrorAlert title="Could not load passengers" error={error} onRetry={onRetry} retryVariant="light" />;
  }

  const entries = sortBySequence(passengers ?? []);
  const stops = stopNumbers(entries);
  const removalName = removal ? passengerDisplayName(removal.entry.user) : '';

  return (
    <Stack gap="lg">
      <Stack gap="sm" component="section" aria-labelledby="passenger-list-title">
        <Group justify="space-between" align="baseline">
          <Title order={2} size="h4" id="passenger-list-title">
            Passengers
          </Title>
          <Text size="sm" c="dimmed">
            {ride.currentPassengers}/{ride.maxPassengers} seats taken
          </Text>
        </Group>
        {entries.some((entry) => entry.userId === viewerId) ? (
          <CoRiderNumbersNote ride={ride} viewerId={viewerId} hoursBefore={config.riderContactsHoursBefore} />
        ) : null}
        {entries.length === 0 ? (
          <Card withBorder radius="md" padding="lg">
            <Stack gap={4} align="center">
              <Text fw={600}>No Passengers Yet</Text>
              <Text size="sm" c="dimmed" ta="center">
                Nobody has joined this ride yet. Share it to find travel companions.
              </Text>
            </Stack>
          </Card>
        ) : (
          <Stack component="ul" gap="sm" p={0} m={0}>
            {entries.map((entry, index) => (
              <PassengerItem
                key={entry.id}
                entry={entry}
                stop={stops.get(entry.id) ?? null}
                index={index}
                ride={ride}
                viewerId={viewerId}
                canManage={!past}
                onRemove={setRemoval}
              />
            ))}
          </Stack>
        )}
        <StopsMap
          label="Map of the stops in order"
          stops={entries.map((entry) => ({
            id: entry.id,
            name: passengerDisplayName(entry.user),
            location: entry.dropoffLocation,
            coordinates: entry.coordinates,
          }))}
        />
      </Stack>

      {isCreator ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="sequence-title">
          <Stack gap="sm">
            <Title order={2} size="h4" id="sequence-title">
              {ride.direction === 'SG->FC' ? 'Pick-up Sequence' : 'Drop-off Sequence'}
            </Title>
            <SequencePanel ride={ride} />
          </Stack>
        </Card>
      ) : null}

      <CommunicationCard ride={ride} passengers={entries} />

      <Modal
        opened={removal !== null}
        onClose={() => {
          if (!remove.isPending) setRemoval(null);
        }}
        title={removal?.self ? 'Leave this ride?' : 'Remove this passenger?'}
        centered
      >
        <Stack gap="md">
          <Text size="sm">
            {removal?.self
              ? 'Your seat will be given up and the organizer will no longer see you on this ride.'
              : `${removalName} will be taken off this ride and their seats freed.`}
          </Text>
          {removal?.self ? <LeaveOwedNote ride={ride} /> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoval(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" loading={remove.isPending} onClick={confirmRemoval}>
              {removal?.self ? 'Leave Ride' : 'Remove Passenger'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
