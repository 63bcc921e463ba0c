/** `AppFooter`: the page footer (`<footer>`) with the credit line and links to the travel guides. */
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function AppFooter() {
  return (
    <Box component="footer" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            RideShare — built by and for the Forest City community
          </Text>
          <Group gap="md" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            <li>
              <Anchor component={Link} to="/guide" size="sm">
                Travel Guide
              </Anchor>
            </li>
            <li>
              <Anchor component={Link} to="/bus-guide" size="sm">
                Bus Guide
              </Anchor>
            </li>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
