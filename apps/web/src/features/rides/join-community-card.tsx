/**
 * `JoinCommunityCard`: what a signed-out visitor sees above the rides list (docs/product.md#rides-list): the
 * 'Join RideShare Community' invitation, three blurbs and 'Login or Register Now' to /auth.
 */
import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

const BLURBS = [
  { icon: '+', title: 'Create Rides', text: 'Organize a trip and let others share the cost.' },
  { icon: '→', title: 'Join Existing Rides', text: 'Find a seat on a ride that suits your time.' },
  { icon: '✓', title: 'Manage Your Trips', text: 'Keep track of the rides you organize and join.' },
];

export function JoinCommunityCard() {
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="join-community-title"
      bg="var(--mantine-primary-color-light)"
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="join-community-title">
            Join RideShare Community
          </Title>
          <Text c="dimmed">Login to unlock full features and start sharing rides</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {BLURBS.map((blurb) => (
            <Stack key={blurb.title} gap={4} align="flex-start">
              <ThemeIcon variant="light" radius="xl" size="lg" aria-hidden="true">
                {blurb.icon}
              </ThemeIcon>
              <Text fw={600}>{blurb.title}</Text>
              <Text size="sm" c="dimmed">
                {blurb.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        <div>
          <Button component={Link} to="/auth" size="md">
            Login or Register Now
          </Button>
        </div>
      </Stack>
    </Card>
  );
}
