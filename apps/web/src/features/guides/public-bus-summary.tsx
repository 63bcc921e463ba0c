/**
 * The travel guide's "Public Bus Options" tab: the bus route in three steps, its facts, the hourly
 * warning and a link to the full bus guide (docs/product.md#travel-guide).
 */
import { Anchor, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import {
  BUS_FARE_FROM_SINGAPORE,
  BUS_JOURNEY_HOURS,
  CROSS_BORDER_BUSES,
  MALAYSIAN_CHECKPOINT,
  SINGAPORE_CHECKPOINT,
} from './bus-facts';
import { BusNumbers, FactList, HourlyBusAlert, RouteSteps, SectionTitle } from './guide-blocks';

export function PublicBusSummary() {
  return (
    <Stack gap="lg">
      <Text>
        The cheapest way to Forest City is by public bus, with a change of bus at the Malaysian checkpoint of the Second
        Link.
      </Text>

      <Stack gap="xs">
        <SectionTitle>The route</SectionTitle>
        <RouteSteps
          steps={[
            {
              title: 'Jurong Town Hall Bus Interchange',
              children: (
                <Text>
                  Board a cross-border bus at Jurong East (CW3, CW4 or CW4S). CW6 also runs from Boon Lay MRT and CW7
                  from Kranji MRT.
                </Text>
              ),
            },
            {
              title: `${SINGAPORE_CHECKPOINT} and ${MALAYSIAN_CHECKPOINT}`,
              children: (
                <Text>
                  Get off with your belongings to clear Singapore immigration at {SINGAPORE_CHECKPOINT}, then Malaysian
                  immigration at {MALAYSIAN_CHECKPOINT}.
                </Text>
              ),
            },
            {
              title: 'FC1 to Forest City',
              children: (
                <Text>At {MALAYSIAN_CHECKPOINT}, the Malaysian checkpoint, take the FC1 bus to Forest City.</Text>
              ),
            },
          ]}
        />
      </Stack>

      <Card withBorder padding="md">
        <FactList
          items={[
            { label: 'Buses', value: <BusNumbers numbers={CROSS_BORDER_BUSES} /> },
            { label: 'Fare', value: BUS_FARE_FROM_SINGAPORE },
            { label: 'How to pay', value: 'Cash or stored-value card' },
            { label: 'Journey time', value: `About ${BUS_JOURNEY_HOURS} hours` },
          ]}
        />
      </Card>

      <HourlyBusAlert />

      <Anchor component={Link} to="/bus-guide" fw={600}>
        Read the full bus guide (timetable and return trip) →
      </Anchor>
    </Stack>
  );
}
