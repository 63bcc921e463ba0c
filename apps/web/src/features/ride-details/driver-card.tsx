/**
 * `<DriverCard driver onRelease? releasing? />`: the assigned driver on a ride's page, for its
 * organiser and passengers (the API sends `driver` to them only): company, driver name, driver
 * contact (the number calls when tapped; the WhatsApp button opens a chat) and car number. With
 * `onRelease` (the organiser, before departure) it offers 'Release Driver', which puts the ride
 * back to open.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { contactDigits, telLink } from '@rideshare/domain';
import type { ReactNode } from 'react';

import { ContactButtons } from '../contacts/contact-buttons';
import type { RideDetail } from '../../lib/api-types';

export type DriverDetailsCard = NonNullable<RideDetail['driver']>;

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={110} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

export function DriverCard({
  driver,
  onRelease,
  releasing = false,
}: {
  driver: DriverDetailsCard;
  onRelease?: () => void;
  releasing?: boolean;
}) {
  const contact = driver.driverContact ?? '';
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="driver-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="driver-title">
          Driver
        </Title>
        <Line label="Company">{driver.companyName ?? '—'}</Line>
        <Line label="Driver">{driver.driverName ?? '—'}</Line>
        <Line label="Contact">
          {contactDigits(contact) ? (
            <Anchor href={telLink(contact)} aria-label={`Call the driver on ${contact}`}>
              {contact}
            </Anchor>
          ) : (
            contact || '—'
          )}
        </Line>
        <Line label="Car Number">{driver.carNumber ?? '—'}</Line>
        <ContactButtons
          contacts={{ whatsappNumber: driver.driverContact }}
          show={['whatsapp']}
          name={driver.driverName ?? 'the driver'}
        />
        {onRelease ? (
          <Button
            variant="light"
            color="red"
            onClick={onRelease}
            loading={releasing}
            aria-busy={releasing || undefined}
          >
            Release Driver
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
