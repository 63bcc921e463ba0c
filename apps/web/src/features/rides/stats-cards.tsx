/**
 * `StatsCards`: the two counters on /home, 'Total Rides' and 'Total Users' (`stats.get`). A
 * skeleton holds the number's place while it loads; if the call fails the cards say so quietly
 * instead of showing a misleading zero.
 */
import { Card, Skeleton, SimpleGrid, Text } from '@mantine/core';

import { trpc } from '../../lib/trpc';

const numberFormat = new Intl.NumberFormat('en-SG');

function StatCard({ label, value, isLoading }: { label: string; value: number | undefined; isLoading: boolean }) {
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {isLoading ? (
        <Skeleton height={32} width={64} mt={6} aria-hidden="true" />
      ) : (
        <Text fz={28} fw={700} lh={1.3} data-stat-value>
          {value === undefined ? '—' : numberFormat.format(value)}
        </Text>
      )}
      {!isLoading && value === undefined ? (
        <Text size="xs" c="dimmed">
          Not available right now
        </Text>
      ) : null}
    </Card>
  );
}

export function StatsCards() {
  const stats = trpc.stats.get.useQuery();
  return (
    <SimpleGrid cols={2} spacing="sm" aria-busy={stats.isLoading}>
      <StatCard label="Total Rides" value={stats.data?.totalRides} isLoading={stats.isLoading} />
      <StatCard label="Total Users" value={stats.data?.totalUsers} isLoading={stats.isLoading} />
    </SimpleGrid>
  );
}
