/**
 * `RepeatWeeklyFields`: the "Repeat weekly" switch of the create form and, when on, the weekday
 * choices, the time, the start and until dates and a live preview of the dates with their count,
 * or the refusal the server would give (docs/series.md#limits), announced politely to screen readers.
 */
import { Chip, Group, List, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import {
  describeWeekdays,
  formatRideDate,
  MAX_SERIES_RIDES,
  MAX_SERIES_WEEKS,
  SERIES_WEEKDAYS,
  WEEKDAY_NAMES,
} from '@rideshare/domain';

import type { RepeatWeekly } from './use-repeat-weekly';

export function RepeatWeeklyFields({ repeat }: { repeat: RepeatWeekly }) {
  const { plan, preview } = repeat;
  return (
    <Stack gap="sm">
      <Switch
        label="Repeat weekly"
        description={`The same ride on chosen weekdays, up to ${MAX_SERIES_WEEKS} weeks and ${MAX_SERIES_RIDES} rides`}
        checked={repeat.enabled}
        onChange={(event) => repeat.setEnabled(event.currentTarget.checked)}
      />
      {repeat.enabled ? (
        <Stack gap="sm" data-testid="repeat-weekly">
          <Stack gap={4}>
            <Text component="div" id="series-weekdays-label" size="sm" fw={500}>
              Weekdays
            </Text>
            <Chip.Group
              multiple
              value={plan.weekdays.map(String)}
              onChange={(values) => repeat.update({ weekdays: values.map(Number).sort((a, b) => a - b) })}
            >
              <Group gap={6} role="group" aria-labelledby="series-weekdays-label">
                {SERIES_WEEKDAYS.map((day) => (
                  <Chip key={day} value={String(day)} size="sm" aria-label={WEEKDAY_NAMES[day]}>
                    {WEEKDAY_NAMES[day].slice(0, 3)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              type="time"
              label="Departure time"
              description="Singapore time (GMT+8)"
              value={plan.time}
              onChange={(event) => repeat.update({ time: event.currentTarget.value })}
              required
            />
            <TextInput
              type="date"
              label="Starting"
              value={plan.fromDate}
              onChange={(event) => repeat.update({ fromDate: event.currentTarget.value })}
              required
            />
            <TextInput
              type="date"
              label="Until"
              value={plan.untilDate}
              onChange={(event) => repeat.update({ untilDate: event.currentTarget.value })}
              required
            />
          </SimpleGrid>
          <Stack gap={4} role="status" aria-live="polite" data-testid="series-preview">
            {preview.ok ? (
              <>
                <Text size="sm">
                  <Text span fw={600}>
                    {preview.dates.length === 1 ? '1 ride' : `${preview.dates.length} rides`}
                  </Text>{' '}
                  <span data-testid="series-weekdays">on {describeWeekdays(plan.weekdays)}</span>
                </Text>
                <List size="sm" spacing={2}>
                  {preview.dates.map((date) => (
                    <List.Item key={date.toISOString()}>{formatRideDate(date)}</List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm" c="red.8" data-testid="series-preview-error">
                {preview.message}
              </Text>
            )}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}
