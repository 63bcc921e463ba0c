/** /guide (docs/product.md#travel-guide): static content from features/guides. */
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { ADDITIONAL_STOP_FEE, DEFAULT_RIDE_COST, formatSgd, RECOMMENDED_DRIVER_PRICES } from '@rideshare/domain';
import { Link } from 'react-router-dom';

import { BorderRulesNote } from '../features/border/border-rules-note';
import { useSession } from '../features/session';
import {
  FactList,
  GuideScreen,
  type GuideScreenProps,
  ImmigrationAlert,
  SectionTitle,
} from '../features/guides/guide-blocks';
import { PublicBusSummary } from '../features/guides/public-bus-summary';

const RECOMMENDED_DRIVERS = RECOMMENDED_DRIVER_PRICES.map((prices, index) => ({
  name: `Recommended driver ${index + 1}`,
  trip: formatSgd(prices.trip),
  extraStop: formatSgd(prices.perStop),
}));

function CharteredCarPanel() {
  const { isVendor } = useSession();
  return (
    <Stack gap="lg">
      <Text>
        A chartered car picks you up, drives you through both checkpoints and drops you at your destination with no
        changes on the way. It is the quickest and most comfortable way to travel, and sharing the car through RideShare
        splits the price between everyone on board.
      </Text>

      <Stack gap="xs">
        <SectionTitle>How a shared ride is priced</SectionTitle>
        <List spacing={4}>
          <List.Item>A ride on RideShare costs SGD {DEFAULT_RIDE_COST} for the car by default.</List.Item>
          <List.Item>
            Each additional stop adds SGD {ADDITIONAL_STOP_FEE} unless the organizer sets another price per stop.
          </List.Item>
          <List.Item>The total is shared between the passengers of the ride.</List.Item>
        </List>
      </Stack>

      <Stack gap="xs">
        <SectionTitle>Community-recommended drivers</SectionTitle>
        <Text size="sm" c="dimmed">
          Prices are for the whole car, per trip between Singapore and Forest City.
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {RECOMMENDED_DRIVERS.map((driver) => (
            <Card key={driver.name} withBorder padding="md" component="section" aria-label={driver.name}>
              <Text fw={600} mb="xs">
                {driver.name}
              </Text>
              <FactList
                items={[
                  { label: 'Trip', value: driver.trip },
                  { label: 'Each additional stop', value: driver.extraStop },
                ]}
              />
            </Card>
          ))}
        </SimpleGrid>
      </Stack>

      <Group>
        {isVendor ? (
          <Button component={Link} to="/vendor">
            Open Dashboard
          </Button>
        ) : (
          <Button component={Link} to="/rides/create">
            Create Ride
          </Button>
        )}
        <Button component={Link} to="/home" variant="default">
          Find a ride to share
        </Button>
      </Group>
    </Stack>
  );
}

function PaymentOptions() {
  return (
    <Stack gap="xs" component="section" aria-labelledby="payment-options">
      <SectionTitle id="payment-options">Payment options</SectionTitle>
      <Text>Settle the ride cost with your driver or ride organizer in one of these ways:</Text>
      <List spacing={6}>
        <List.Item>
          <Group gap={6} wrap="wrap">
            <Text span fw={600}>
              Revolut
            </Text>
            <Badge color="teal" variant="light">
              Preferred
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Add your Revolut username to your profile so others can pay you.
          </Text>
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            USDC
          </Text>{' '}
          (crypto)
        </List.Item>
        <List.Item>
          <Text span fw={600}>
            Cash
          </Text>{' '}
          in SGD or RM
        </List.Item>
        <List.Item>
          <Group gap={6} wrap="wrap">
            <Text span fw={600}>
              BNPL (buy now, pay later)
            </Text>
            <Badge color="gray" variant="light">
              Not yet implemented
            </Badge>
          </Group>
        </List.Item>
      </List>
    </Stack>
  );
}

/** The travel guide: the border's rules first, one tab per way across, then how to pay. */
const TRAVEL_GUIDE: GuideScreenProps = {
  title: 'Travel Guide',
  description: 'Getting between Singapore and Forest City (Johor, Malaysia).',
  before: [<ImmigrationAlert key="immigration" />, <BorderRulesNote key="rules" />],
  tabs: [
    { value: 'car', label: 'Chartered Car', content: <CharteredCarPanel /> },
    { value: 'bus', label: 'Public Bus Options', content: <PublicBusSummary /> },
  ],
  after: <PaymentOptions />,
};

export const GuidePage = () => <GuideScreen {...TRAVEL_GUIDE} />;
