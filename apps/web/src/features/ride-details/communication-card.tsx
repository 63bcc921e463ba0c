/**
 * `<CommunicationCard ride passengers />`: 'WhatsApp Group' and 'Discord Group' copy a suggested
 * group (name 'RideShare: {direction} {date}' and every passenger's number or username, from the
 * domain's group suggestions) so someone can set the group up by hand; groups are not set up
 * automatically, and the card says so and points to the ride's own chat (docs/messages.md#web).
 * With nobody (or no contact) to add, the button explains why instead of copying
 * (docs/product.md#group-copy).
 */
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { discordGroupSuggestion, whatsappGroupSuggestion, type GroupSuggestion } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { notifyInfo } from '../../lib/notify';
import { ChatIcon, DiscordIcon } from '../../components/icons';
import { copyWithToast } from '../../lib/clipboard';
import type { PassengerEntry, RideDetail } from '../../lib/api-types';

export interface CommunicationCardProps {
  ride: Pick<RideDetail, 'id' | 'direction' | 'date'>;
  passengers: readonly PassengerEntry[];
}

async function copySuggestion(suggestion: GroupSuggestion, what: string): Promise<void> {
  if (!suggestion.ok) {
    notifyInfo('Cannot set up group', suggestion.message);
    return;
  }
  await copyWithToast(suggestion.text, {
    title: 'Copied to clipboard',
    message: `${what} group name and members copied. Create the group and add them.`,
  });
}

export function CommunicationCard({ ride, passengers }: CommunicationCardProps) {
  const groupRide = { direction: ride.direction, date: ride.date };
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="communication-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="communication-title">
          Communication
        </Title>
        <Text size="sm" c="dimmed">
          Get everyone on this ride into one chat group.
        </Text>
        <Alert color="blue" variant="light">
          WhatsApp and Discord groups are not set up automatically yet: use the{' '}
          <Anchor component={Link} to={`/rides/${String(ride.id)}?tab=chat`} inherit>
            ride chat
          </Anchor>
          . These buttons copy a suggested group name and the passengers&apos; contacts if you want to create a group
          yourself.
        </Alert>
        <Group gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <Button
            variant="light"
            color="green"
            leftSection={<ChatIcon size={16} />}
            onClick={() => void copySuggestion(whatsappGroupSuggestion(groupRide, passengers), 'WhatsApp')}
          >
            WhatsApp Group
          </Button>
          <Button
            variant="light"
            color="indigo"
            leftSection={<DiscordIcon size={16} />}
            onClick={() => void copySuggestion(discordGroupSuggestion(groupRide, passengers), 'Discord')}
          >
            Discord Group
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
