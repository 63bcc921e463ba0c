/** /bus-guide (docs/product.md#bus-guide): static content; the timetable facts live in features/guides. */
import { Anchor, Card, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';

import {
  BUS_FARE_FROM_FOREST_CITY,
  BUS_FARE_FROM_SINGAPORE,
  BUS_JOURNEY_HOURS,
  FC1_FROM_CIQ_HOURS,
  MALAYSIAN_CHECKPOINT,
  SINGAPORE_CHECKPOINT,
  FC1_FROM_FOREST_CITY_HOURS,
  SINGAPORE_BOARDING_POINTS,
} from '../features/guides/bus-facts';
import {
  BusNumbers,
  FactList,
  GuideScreen,
  type GuideScreenProps,
  HourlyBusAlert,
  ImmigrationAlert,
  RouteSteps,
  SectionTitle,
} from '../features/guides/guide-blocks';

function BoardingPoints() {
  return (
    <List spacing="sm" listStyleType="none" ml={0} pl={0}>
      {SINGAPORE_BOARDING_POINTS.map((point) => (
        <List.Item key={point.place}>
          <Text fw={500}>{point.place}</Text>
          <BusNumbers numbers={point.buses} />
        </List.Item>
      ))}
    </List>
  );
}

function Fc1Timetable() {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="fc1-timetable">
      <Stack gap="sm">
        <SectionTitle id="fc1-timetable">FC1 bus at a glance</SectionTitle>
        <FactList
          items={[
            { label: `From ${MALAYSIAN_CHECKPOINT} (Malaysian side)`, value: `${FC1_FROM_CIQ_HOURS}, hourly` },
            { label: 'From Forest City', value: `${FC1_FROM_FOREST_CITY_HOURS}, hourly` },
          ]}
        />
      </Stack>
    </Card>
  );
}

function ToForestCity() {
  return (
    <Stack gap="lg">
      <RouteSteps
        steps={[
          {
            title: 'Board a cross-border bus in Singapore',
            children: (
              <Stack gap="xs">
                <BoardingPoints />
                <Text>Fare {BUS_FARE_FROM_SINGAPORE}, paid in cash or with a stored-value card.</Text>
              </Stack>
            ),
          },
          {
            title: 'Clear immigration at the Second Link',
            children: (
              <Text>
                Get off with your belongings at the Singapore checkpoint ({SINGAPORE_CHECKPOINT}) and again at the
                Malaysian checkpoint ({MALAYSIAN_CHECKPOINT}) to clear immigration.
              </Text>
            ),
          },
          {
            title: 'Take FC1 to Forest City',
            children: (
              <Text>
                FC1 leaves {MALAYSIAN_CHECKPOINT} once an hour from {FC1_FROM_CIQ_HOURS}. If you arrive after the last
                departure, you will need a taxi or a chartered car.
              </Text>
            ),
          },
        ]}
      />
      <Text>The whole trip takes about {BUS_JOURNEY_HOURS} hours, longer when immigration is busy.</Text>
    </Stack>
  );
}

function ToSingapore() {
  return (
    <Stack gap="lg">
      <RouteSteps
        steps={[
          {
            title: 'Take FC1 from Forest City',
            children: (
              <Text>
                FC1 leaves Forest City once an hour from {FC1_FROM_FOREST_CITY_HOURS} for {MALAYSIAN_CHECKPOINT}. Fare{' '}
                {BUS_FARE_FROM_FOREST_CITY}.
              </Text>
            ),
          },
          {
            title: 'Clear immigration at the Second Link',
            children: (
              <Text>
                Clear Malaysian immigration at {MALAYSIAN_CHECKPOINT}, then Singapore immigration at{' '}
                {SINGAPORE_CHECKPOINT}
                across the bridge.
              </Text>
            ),
          },
          {
            title: 'Take a cross-border bus into Singapore',
            children: (
              <Stack gap="xs">
                <Text>The cross-border buses end at:</Text>
                <BoardingPoints />
              </Stack>
            ),
          },
        ]}
      />
      <Text>
        Plan for about {BUS_JOURNEY_HOURS} hours in total, and catch the last FC1 from Forest City in good time.
      </Text>
    </Stack>
  );
}

/** The bus guide: the hourly warning and the FC1 times first, one tab per direction. */
const BUS_GUIDE: GuideScreenProps = {
  title: 'Bus Guide',
  description: 'Public buses between Singapore and Forest City over the Second Link.',
  before: [<HourlyBusAlert key="hourly" />, <Fc1Timetable key="fc1" />],
  tabs: [
    { value: 'to-fc', label: 'Singapore to Forest City', content: <ToForestCity /> },
    { value: 'to-sg', label: 'Forest City to Singapore', content: <ToSingapore /> },
  ],
  after: [
    <ImmigrationAlert key="immigration" />,
    <Anchor key="back" component={Link} to="/guide">
      ← Back to the travel guide
    </Anchor>,
  ],
};

export const BusGuidePage = () => <GuideScreen {...BUS_GUIDE} />;
