/**
 * `<StageTimeline stages current labelOf />`: every stage of a trip in order (docs/trip-day.md#stages),
 * each with the Singapore time it was reached ('–' before), the current one marked
 * (`aria-current="step"`) and the ones gone past without a tap read as skipped. The Trip card and
 * the shared trip page both show it.
 */
import { Box, Group, Text } from '@mantine/core';
import { formatRideTime, stageIndex, TRIP_STAGES, type TripStage } from '@rideshare/domain';

export interface StageTimelineProps {
  stages: readonly { stage: TripStage; at: string }[];
  current: TripStage | null;
  labelOf: (stage: TripStage) => string;
}

export function StageTimeline({ stages, current, labelOf }: StageTimelineProps) {
  const reached = new Map(stages.map((row) => [row.stage, row]));
  const currentIndex = current === null ? -1 : stageIndex(current);
  return (
    <Box component="ol" aria-label="Trip stages" m={0} p={0} style={{ listStyle: 'none' }}>
      {TRIP_STAGES.map((stage, index) => {
        const row = reached.get(stage);
        const skipped = !row && index < currentIndex;
        const isCurrent = stage === current;
        return (
          <Group
            component="li"
            key={stage}
            gap="sm"
            wrap="nowrap"
            py={4}
            aria-current={isCurrent ? 'step' : undefined}
            data-stage={stage}
            data-reached={row ? 'true' : 'false'}
          >
            <Box
              aria-hidden="true"
              w={14}
              h={14}
              style={{
                flexShrink: 0,
                borderRadius: '50%',
                border: '2px solid var(--mantine-color-teal-8)',
                background: row ? 'var(--mantine-color-teal-8)' : 'transparent',
              }}
            />
            <Text size="sm" fw={isCurrent ? 700 : 400} c={row || isCurrent ? undefined : 'dimmed'} style={{ flex: 1 }}>
              {labelOf(stage)}
              {skipped ? (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (skipped)
                </Text>
              ) : null}
            </Text>
            <Text size="sm" c={row ? undefined : 'dimmed'} style={{ flexShrink: 0 }}>
              {row ? <time dateTime={row.at}>{formatRideTime(row.at)}</time> : '–'}
            </Text>
          </Group>
        );
      })}
    </Box>
  );
}
