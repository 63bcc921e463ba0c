/**
 * Building blocks of the travel and bus guides, laid out for a phone held at a checkpoint: short
 * headings, lists and alerts instead of wide tables. The alerts are static advice, so they are
 * notes, not live `alert`s that a screen reader would interrupt the user with.
 *
 * - `PassportAlert`: the "at least 6 months validity" warning.
 * - `ImmigrationAlert`: peak-time immigration takes 45-60 minutes.
 * - `HourlyBusAlert`: buses depart only once per hour.
 * - `FactList items={[{ label, value }]}`: a description list of short facts (fare, hours, ...).
 * - `BusNumbers numbers={['CW3', 'CW4']}`: bus services as badges, read out as a list.
 * - `RouteSteps steps={[{ title, children }]}`: an ordered, numbered route.
 * - `SectionTitle`: an `<h2>` sized for phones.
 * - `GuideTabs tabs={[{ value, label, content }]}`: a guide's tabs (the first open), keeping two
 *   long tab labels side by side on a phone, wrapping the words inside each tab instead of stacking
 *   the tabs.
 * - `GuideScreen`: a guide's page: the passport warning, `before`, the tabs, then `after`.
 */
import { Alert, Badge, Box, Group, List, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { Page } from '../../components/page';

const twoLineTabs = {
  list: { flexWrap: 'nowrap' },
  tab: { minWidth: 0, whiteSpace: 'normal' },
  tabLabel: { whiteSpace: 'normal', textAlign: 'center' },
} as const;

export interface GuideTab {
  value: string;
  label: string;
  content: ReactNode;
}

export function GuideTabs({ tabs }: { tabs: readonly GuideTab[] }) {
  return (
    <Tabs defaultValue={tabs[0]?.value} keepMounted={false} styles={twoLineTabs}>
      <Tabs.List grow mb="lg">
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tabs.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

const PASSPORT_MIN_VALIDITY_MONTHS = 6;
const PEAK_IMMIGRATION_MINUTES = '45-60';

export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Title order={2} fz={{ base: 'h3', sm: 'h2' }} id={id}>
      {children}
    </Title>
  );
}

export function PassportAlert() {
  return (
    <Alert color="yellow" variant="light" title="Bring your passport" role="note">
      Your passport must be valid for at least {PASSPORT_MIN_VALIDITY_MONTHS} months from the day you travel. You show
      it at both the Singapore and the Malaysian checkpoint, whether you go by car or by bus.
    </Alert>
  );
}

export function ImmigrationAlert() {
  return (
    <Alert color="blue" variant="light" title="Allow time for immigration" role="note">
      Clearing immigration can take {PEAK_IMMIGRATION_MINUTES} minutes at peak times, such as weekends and public
      holidays. Leave early and keep a buffer.
    </Alert>
  );
}

export function HourlyBusAlert() {
  return (
    <Alert color="orange" variant="light" title="Buses depart only once per hour" role="note">
      Missing a bus can mean waiting up to an hour for the next one. Arrive early at each stop, especially for the last
      bus of the day.
    </Alert>
  );
}

export interface Fact {
  label: string;
  value: ReactNode;
}

export function FactList({ items }: { items: Fact[] }) {
  return (
    <Stack component="dl" gap="xs" m={0}>
      {items.map((item) => (
        <Box key={item.label}>
          <Text component="dt" fw={600} size="sm">
            {item.label}
          </Text>
          <Text component="dd" m={0}>
            {item.value}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

export function BusNumbers({ numbers }: { numbers: readonly string[] }) {
  return (
    <Group component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none', display: 'inline-flex' }}>
      {numbers.map((number) => (
        <li key={number}>
          <Badge variant="light" size="lg" radius="sm">
            {number}
          </Badge>
        </li>
      ))}
    </Group>
  );
}

export interface RouteStep {
  title: string;
  children: ReactNode;
}

export function RouteSteps({ steps }: { steps: RouteStep[] }) {
  return (
    <List
      type="ordered"
      spacing="md"
      listStyleType="none"
      styles={{ itemWrapper: { alignItems: 'flex-start' }, itemLabel: { flex: 1 } }}
    >
      {steps.map((step, index) => (
        <List.Item
          key={step.title}
          icon={
            <ThemeIcon radius="xl" size={28} aria-hidden>
              <Text size="sm" fw={700} c="white">
                {index + 1}
              </Text>
            </ThemeIcon>
          }
        >
          <Text fw={600}>{step.title}</Text>
          <Box c="var(--mantine-color-text)">{step.children}</Box>
        </List.Item>
      ))}
    </List>
  );
}

export interface GuideScreenProps {
  title: string;
  description: string;
  before: ReactNode;
  tabs: readonly GuideTab[];
  after: ReactNode;
}

export function GuideScreen({ title, description, before, tabs, after }: GuideScreenProps) {
  return (
    <Page title={title} description={description}>
      <PassportAlert />
      {before}
      <GuideTabs tabs={tabs} />
      {after}
    </Page>
  );
}
