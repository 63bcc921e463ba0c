/**
 * `RideFilters`: the three list filters of docs/product.md#rides-list — Time (Upcoming, This Week, All), Direction
 * (All, SG->FC, FC->SG) and Sort (Date ascending, Date descending) — as labelled native selects,
 * which phones render with their own picker. Controlled: `value` in, `onChange(changes)` out.
 */
import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { DirectionFilter, SortOrder, TimeFilter } from '@rideshare/domain';

import type { RideListFilterValues } from './ride-list-params';

export interface RideFiltersProps {
  value: RideListFilterValues;
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

export function RideFilters({ value, onChange, disabled = false }: RideFiltersProps) {
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
