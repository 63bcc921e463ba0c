/**
 * `RideFilters`: the three list filters of docs/product.md#rides-list — Time (Upcoming, This Week, All), Direction
 * (All, SG->FC, FC->SG) and Sort (Date ascending, Date descending) — as labelled native selects,
 * which phones render with their own picker. Controlled: `value` in, `onChange(changes)` out. On a
 * phone they fold behind one "Filters (2)" button (the count: filters not at their default), so
 * the first screen shows rides rather than three selects.
 */
import { Button, Collapse, NativeSelect, SimpleGrid, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX, type DirectionFilter, type SortOrder, type TimeFilter } from '@rideshare/domain';
import { useId } from 'react';

import { activeFilterCount, type RideListFilterValues } from './ride-list-params';

export interface RideFiltersProps {
  value: Omit<RideListFilterValues, 'q'>;
  onChange: (changes: Partial<RideListFilterValues>) => void;
  disabled?: boolean;
}

const TIME_OPTIONS: { value: TimeFilter; label: string }[] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'thisWeek', label: 'This Week' },
  { value: 'all', label: 'All' },
];

const DIRECTION_OPTIONS: { value: DirectionFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'SG->FC', label: 'SG->FC' },
  { value: 'FC->SG', label: 'FC->SG' },
];

const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'dateAsc', label: 'Date ascending' },
  { value: 'dateDesc', label: 'Date descending' },
];

/** The filters: folded behind a "Filters (n)" button on a phone, laid out in a row elsewhere. */
export function RideFilters(props: RideFiltersProps) {
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX / 16}em)`) ?? false;
  const [open, { toggle }] = useDisclosure(false);
  const panelId = useId();
  if (!phone) return <FilterSelects {...props} />;
  const count = activeFilterCount(props.value);
  return (
    <Stack gap="xs">
      <Button
        variant="default"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={panelId}
        style={{ alignSelf: 'flex-start' }}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <Collapse expanded={open} id={panelId}>
        <FilterSelects {...props} />
      </Collapse>
    </Stack>
  );
}

function FilterSelects({ value, onChange, disabled = false }: RideFiltersProps) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" role="group" aria-label="Filter rides">
      <NativeSelect
        label="Time"
        data={TIME_OPTIONS}
        value={value.time}
        disabled={disabled}
        onChange={(event) => onChange({ time: event.currentTarget.value as TimeFilter })}
      />
      <NativeSelect
        label="Direction"
        data={DIRECTION_OPTIONS}
        value={value.direction}
        disabled={disabled}
        onChange={(event) => onChange({ direction: event.currentTarget.value as DirectionFilter })}
      />
      <NativeSelect
        label="Sort"
        data={SORT_OPTIONS}
        value={value.sort}
        disabled={disabled}
        onChange={(event) => onChange({ sort: event.currentTarget.value as SortOrder })}
      />
    </SimpleGrid>
  );
}
