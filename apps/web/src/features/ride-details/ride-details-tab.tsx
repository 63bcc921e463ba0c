/**
 * `<RideDetailsTab ride signedIn />`: the Details tab (docs/product.md#ride-detail): date and time, the
 * organiser, the pickup location (SG->FC) or the list of drop-off locations (FC->SG), and the cost
 * breakdown with the per-person share of a full ride. A visitor's ride carries no passenger's
 * drop-off (nor the organiser's Discord username: 'Unknown Organizer' when no name was given), so
 * for FC->SG they read a line asking them to log in instead of the list. A rider on the ride (not
 * its organiser) also reads their own stop: 'Your pick-up' (SG->FC) or 'Your drop-off' (FC->SG),
 * with its stop number once the order has one.
 * `<RideOrganizerCard creator />`: the organiser's name and WhatsApp / Malaysian Number / Discord
 * buttons, for signed-in viewers who are not the organiser.
 */
import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { formatRideDateOnly, formatRideTime, normaliseDropoffLocations, organizerName } from '@rideshare/domain';
import type { ReactNode } from 'react';

import { ContactButtons } from '../contacts/contact-buttons';
import { CostBox } from '../cost/cost-box';
import type { PassengerEntry, RideDetail } from './types';

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

/** The viewer's own entry on the ride, as `passenger.list` gives it. */
export type OwnStop = Pick<PassengerEntry, 'dropoffLocation' | 'dropoffSequence'>;

function OwnStopFact({ direction, stop }: { direction: string; stop: OwnStop }) {
  const label = direction === 'FC->SG' ? 'Your drop-off' : 'Your pick-up';
  return (
    <div data-testid="own-stop">
      <Fact label={label}>
        {stop.dropoffLocation}
        {stop.dropoffSequence !== null ? ` (stop ${String(stop.dropoffSequence)})` : ''}
      </Fact>
    </div>
  );
}

export function RideDetailsTab({
  ride,
  signedIn,
  ownStop = null,
}: {
  ride: RideDetail;
  signedIn: boolean;
  /** The viewer's own entry when they ride on it and did not organise it. */
  ownStop?: OwnStop | null;
}) {
  const dropoffs = normaliseDropoffLocations(ride.dropoffLocations).filter((entry) => entry.location.trim() !== '');
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
              <Fact label="Organizer">{organizerName(ride.creator ?? { name: ride.creatorName })}</Fact>
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
                    <List type="ordered" spacing={4} aria-label="Drop-off locations">
                      {dropoffs.map((entry, index) => (
                        <List.Item key={`${index}-${entry.location}`}>
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
                  )}
                </div>
              </Stack>
            ) : (
              <Fact label="Pickup Location">{ride.pickupLocation}</Fact>
            )}
          </Stack>
        </Stack>
      </Card>
      <CostBox ride={ride} title="Cost Breakdown" />
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
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {name}
        </Text>
        <ContactButtons contacts={ride.creator ?? {}} show={['whatsapp', 'malaysian', 'discord']} name={name} />
      </Stack>
    </Card>
  );
}
