/**
 * `RideNotFoundCard`: shown when a ride id leads nowhere (docs/product.md#join-screen: 'Ride Not Found'
 * with View Available Rides to /home and Create a New Ride). Create a New Ride is left out for
 * vendors, who cannot create rides.
 */
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

import { usePageTitle } from '../../components/page';
import { useSession } from '../session';

export function RideNotFoundCard() {
  usePageTitle('Ride Not Found');
  const { isVendor } = useSession();
  return (
    <Card withBorder radius="md" p="xl" maw={560} mx="auto" my="xl" data-testid="ride-not-found">
      <Stack gap="md" align="center" ta="center">
        <Title order={1} fz="h2">
          Ride Not Found
        </Title>
        <Text c="dimmed">This ride does not exist or has been deleted.</Text>
        <Group justify="center" gap="sm">
          <Button component={Link} to="/home">
            View Available Rides
          </Button>
          {isVendor ? null : (
            <Button component={Link} to="/rides/create" variant="default">
              Create a New Ride
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
