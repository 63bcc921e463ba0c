/**
 * The ride alert dialog (docs/alerts.md#web), loaded when "Notify me of rides like this" is first
 * clicked: the direction (the list's filter, or SG->FC), the dates (today to two weeks ahead by
 * default, Singapore time), optional weekdays and times. The server decides; its refusal shows
 * in the dialog.
 */
import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import {
  addDays,
  ALERT_WEEKDAY_OPTIONS,
  DIRECTIONS,
  directionLabel,
  MAX_ALERT_WINDOW_DAYS,
  singaporeDay,
  type Direction,
} from '@rideshare/domain';
import { useState, type FormEvent } from 'react';

import { useClock } from '../../lib/clock';
import { useCreateAlert } from './use-alerts';

export interface AlertDialogProps {
  opened: boolean;
  onClose: () => void;
  initialDirection: Direction | null;
}

export function AlertDialog({ opened, onClose, initialDirection }: AlertDialogProps) {
  const [error, setError] = useState<string | null>(null);
  const create = useCreateAlert(setError);
  const today = singaporeDay(useClock()());
  const [direction, setDirection] = useState<Direction>(initialDirection ?? 'SG->FC');
  const [fromDate, setFromDate] = useState(today);
  const [toDate, setToDate] = useState(addDays(today, 13));
  const [weekdays, setWeekdays] = useState<string[]>([]);
  const [earliestTime, setEarliestTime] = useState('');
  const [latestTime, setLatestTime] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    create.mutate(
      {
        direction,
        fromDate,
        toDate,
        weekdays: weekdays.length > 0 ? weekdays.map(Number) : null,
        earliestTime,
        latestTime,
      },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Notify me of rides like this" size="md">
      <form onSubmit={submit} aria-label="New ride alert" noValidate>
        <Stack gap="md">
          <Radio.Group label="Direction" value={direction} onChange={(value) => setDirection(value)}>
            <Stack gap="xs" mt="xs">
              {DIRECTIONS.map((value) => (
                <Radio key={value} value={value} label={directionLabel(value)} />
              ))}
            </Stack>
          </Radio.Group>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="From"
              required
              value={fromDate}
              min={today}
              onChange={(event) => setFromDate(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="To"
              required
              value={toDate}
              min={fromDate}
              max={addDays(fromDate, MAX_ALERT_WINDOW_DAYS - 1)}
              onChange={(event) => setToDate(event.currentTarget.value)}
            />
          </Group>
          <Checkbox.Group
            label="Weekdays (optional)"
            description="Leave all unticked for any day"
            value={weekdays}
            onChange={setWeekdays}
          >
            <Group gap="sm" mt="xs">
              {ALERT_WEEKDAY_OPTIONS.map((day) => (
                <Checkbox key={day.value} value={String(day.value)} label={day.label} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group grow align="flex-start">
            <TextInput
              type="time"
              label="Earliest departure (optional)"
              value={earliestTime}
              onChange={(event) => setEarliestTime(event.currentTarget.value)}
            />
            <TextInput
              type="time"
              label="Latest departure (optional)"
              value={latestTime}
              onChange={(event) => setLatestTime(event.currentTarget.value)}
            />
          </Group>
          {error ? (
            <Alert color="red" role="alert" title="Could not save the alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save alert
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
