/**
 * `<ManifestView manifest />`: the driver's manifest as one sheet (docs/vendors.md#manifest): the
 * trip's heading and departure, the vehicle and the organiser, then the pick-up and each passenger
 * group in stop order (name, group size, location and, inside the contacts window, numbers, or a
 * flag that the group gave none with a link to the ride's chat), the
 * total heads and the group travel QR code note. It prints on one A4 page (manifest.module.css).
 */
import { Alert, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import {
  directionLabel,
  formatRideDate,
  lacksPhone,
  manifestNumbers,
  manifestVehicle,
  type ManifestStop,
  type RideManifest,
} from '@rideshare/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import classes from './manifest.module.css';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm" className={classes.wrap}>
      <Text span fw={700}>
        {label}:
      </Text>{' '}
      {children}
    </Text>
  );
}

/** The flag on a group without a phone number, pointing to the ride's chat. */
function NoPhone({ rideId }: { rideId: number }) {
  return (
    <Group gap={6} wrap="wrap" data-testid="manifest-no-phone">
      <Badge color="orange" variant="light">
        No phone number
      </Badge>
      <Anchor component={Link} to={`/rides/${String(rideId)}?tab=chat`} size="sm">
        Reach them in the ride chat
      </Anchor>
    </Group>
  );
}

function StopItem({ stop, rideId, contactsVisible }: { stop: ManifestStop; rideId: number; contactsVisible: boolean }) {
  const phone = manifestNumbers(stop);
  return (
    <li className={classes.stop} data-testid="manifest-stop">
      <span className={classes.number} aria-hidden="true">
        {stop.stop === null ? '–' : `${String(stop.stop)}.`}
      </span>
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {stop.name} ({stop.passengerCount} {stop.passengerCount === 1 ? 'person' : 'people'})
          {stop.isOrganiser ? ' · Organizer' : ''}
          {stop.stop === null ? ' · Not placed yet' : ''}
        </Text>
        <Text size="sm" className={classes.wrap}>
          {stop.location}
        </Text>
        {phone ? <Text size="sm">{phone}</Text> : null}
        {lacksPhone(stop, contactsVisible) ? <NoPhone rideId={rideId} /> : null}
      </Stack>
    </li>
  );
}

export function ManifestView({ manifest }: { manifest: RideManifest }) {
  const organiserNumbers = manifestNumbers(manifest.organiser);
  return (
    <Stack gap="md" className={classes.sheet}>
      <Stack gap={2}>
        <Title order={2} size="h3">
          {directionLabel(manifest.direction)}
        </Title>
        <Text fw={600}>{formatRideDate(manifest.date)}</Text>
      </Stack>
      <Card withBorder radius="md" padding="md" component="section" aria-label="Vehicle and organizer">
        <Stack gap={4}>
          <Line label="Vehicle">{manifestVehicle(manifest.vehicle)}</Line>
          <Line label="Organizer">
            {manifest.organiser.name}
            {organiserNumbers ? ` · ${organiserNumbers}` : ''}
          </Line>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="manifest-stops-title">
        <Stack gap="xs">
          <Title order={3} size="h4" id="manifest-stops-title">
            Stops in order
          </Title>
          <Line label="Pick-up">{manifest.pickupLocation}</Line>
          <ol className={classes.stops} aria-label="Passenger groups in stop order">
            {manifest.stops.map((stop) => (
              <StopItem
                key={stop.passengerId}
                stop={stop}
                rideId={manifest.rideId}
                contactsVisible={manifest.contactsVisible}
              />
            ))}
          </ol>
          <Group justify="space-between">
            <Text fw={700} data-testid="manifest-total">
              Total: {manifest.totalPassengers} {manifest.totalPassengers === 1 ? 'person' : 'people'}
            </Text>
          </Group>
        </Stack>
      </Card>
      {!manifest.contactsVisible ? (
        <Alert color="blue" variant="light" title="Passengers' numbers">
          Passengers&apos; phone numbers appear here from {formatRideDate(manifest.contactsVisibleFrom)}.
        </Alert>
      ) : null}
      {manifest.note ? (
        <Alert color="orange" variant="light" title="Group travel QR code" role="note">
          {manifest.note}
        </Alert>
      ) : null}
    </Stack>
  );
}
