/**
 * My Rides' "Still owed" lines (docs/payments.md#still-owed): every ride the viewer left after its
 * price locked whose share is still due, from the shares query, until it is paid or the organiser
 * waives it. Each names the amount, the organiser and how to pay: the ride's payment card (PayNow
 * code, Revolut link, "I have paid").
 */
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { directionLabel, formatRideDate, formatSgd, stillOwedLine } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { trpc } from '../../lib/trpc';

export interface StillOwedShare {
  rideId: number;
  stillOwed: number;
  owedTo: string;
  direction: 'SG->FC' | 'FC->SG';
  date: string;
}

/** The viewer's left rides with something still owed (none while loading, signed out or on error). */
export function useStillOwed(signedIn: boolean): StillOwedShare[] {
  const shares = trpc.payment.shares.useQuery(undefined, { enabled: signedIn, staleTime: 30_000 });
  return (shares.data ?? []).filter((share) => share.left && share.stillOwed > 0);
}

function StillOwedCard({ share }: { share: StillOwedShare }) {
  const ride = `${directionLabel(share.direction)}, ${formatRideDate(share.date)}`;
  const titleId = `still-owed-${String(share.rideId)}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={titleId} data-testid="still-owed">
      <Stack gap={6}>
        <Text fw={700} c="orange.9" id={titleId}>
          {stillOwedLine(share.stillOwed, share.owedTo)}
        </Text>
        <Text size="sm" c="dimmed">
          {ride} · you left after the price locked
        </Text>
        <Text size="sm">
          Pay {share.owedTo} with the PayNow code or Revolut link on the ride&apos;s payment card, then press &quot;I
          have paid&quot; there. It stays here until it is paid or {share.owedTo} waives it.
        </Text>
        <Group gap="xs">
          <Button
            component={Link}
            to={`/rides/${String(share.rideId)}`}
            size="xs"
            aria-label={`Pay ${formatSgd(share.stillOwed)} to ${share.owedTo}: ${ride}`}
          >
            Pay {formatSgd(share.stillOwed)}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

export function StillOwedSection({ owed }: { owed: readonly StillOwedShare[] }) {
  if (owed.length === 0) return null;
  return (
    <Stack gap="sm" component="section" aria-labelledby="still-owed-title">
      <Stack gap={2}>
        <Title order={2} size="h3" id="still-owed-title">
          Still owed
        </Title>
        <Text size="sm" c="dimmed">
          Rides you left after the price locked: the seat was held for you, so the share stays yours.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        {owed.map((share) => (
          <StillOwedCard key={share.rideId} share={share} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
