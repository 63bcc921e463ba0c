/**
 * `AllRidesTab`: the filtered, paged rides list of /home (docs/product.md#rides-list). Filtering, sorting (past rides
 * after upcoming ones) and paging happen in SQL (`ride.list`); this screen shows one page of cards,
 * the total, and page controls. While the next page loads the current one stays on screen, dimmed.
 *
 * The viewer's joined rides (`ride.joined`) tell each card whether its viewer already has a seat,
 * which the domain's join eligibility needs; an approved vendor's available rides
 * (`vendor.available`, the rides its licence lets it take) which cards offer Assign Ride. The rides
 * of one weekly series on the page show as one card that opens its dates (`SeriesGroupCard`,
 * docs/series.md#list). A `promo` (the signed-out visitor's invitation) sits below the first rides,
 * so a phone's first screen shows rides (docs/product.md#rides-list).
 */
import { Box, Button, Center, Group, Loader, Pagination, SimpleGrid, Stack, Text } from '@mantine/core';
import { DEFAULT_DIRECTION_FILTER, DEFAULT_SORT_ORDER, DEFAULT_TIME_FILTER, groupSeriesRides } from '@rideshare/domain';
import { keepPreviousData } from '@tanstack/react-query';
import { Fragment, useEffect, useMemo, useRef, type ReactNode } from 'react';

import { LoadErrorAlert } from '../../components/load-error-alert';
import { trpc } from '../../lib/trpc';
import { SeriesGroupCard } from './series-group-card';
import { RideCard } from './ride-card';
import { RideFilters } from './ride-filters';
import { RideSearch } from './ride-search';
import type { RideListFilterValues, RideListState } from './ride-list-params';
import { useStandings } from './use-standings';

/** Cards per page: four rows of three on a desktop, a short scroll on a phone. */
export const RIDES_PAGE_SIZE = 12;

/** How many cards come before the `promo`: the first row on a desktop, a first screen on a phone. */
export const CARDS_BEFORE_PROMO = 3;

export interface AllRidesTabProps {
  state: RideListState;
  onChange: (changes: Partial<RideListState>) => void;
  viewer: { id: number; isVendor: boolean; isApprovedVendor: boolean } | null;
  /** True while the session is still being read: who is looking decides each card's actions. */
  viewerPending?: boolean;
  /** Shown after the first {@link CARDS_BEFORE_PROMO} cards (after the list when it is shorter). */
  promo?: ReactNode;
}

export function AllRidesTab({ state, onChange, viewer, viewerPending = false, promo }: AllRidesTabProps) {
  const filters: RideListFilterValues = { time: state.time, direction: state.direction, sort: state.sort, q: state.q };
  const { q, ...chosen } = filters;
  const list = trpc.ride.list.useQuery(
    // No search is left out, so the unsearched list's request stays the one it always was.
    { ...chosen, ...(q === '' ? {} : { q }), page: state.page, pageSize: RIDES_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const joined = trpc.ride.joined.useQuery(undefined, { enabled: viewer !== null });
  const standings = useStandings(viewer !== null);
  // An approved vendor may take only what its licence allows: the rides of its available list.
  const available = trpc.vendor.available.useQuery(undefined, { enabled: viewer?.isApprovedVendor ?? false });
  const assignable = useMemo(() => new Set((available.data ?? []).map((ride) => ride.id)), [available.data]);
  const joinedIds = useMemo(() => new Set((joined.data ?? []).map((ride) => ride.id)), [joined.data]);
  const listTop = useRef<HTMLDivElement>(null);

  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // A page beyond the end (an old link, or rides deleted meanwhile) moves to the last real page.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.items.length === 0 && data.total > 0 && state.page > pageCount) {
      onChange({ page: pageCount });
    }
  }, [data, list.isPlaceholderData, state.page, pageCount, onChange]);

  const changePage = (page: number) => {
    onChange({ page });
    listTop.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };

  // Cards wait for the session and the viewer's joined rides too, so their actions never flash.
  const joinedPending =
    viewerPending ||
    (viewer !== null && joined.isLoading) ||
    (viewer?.isApprovedVendor === true && available.isLoading);

  let body;
  if (list.isLoading || joinedPending) {
    body = (
      <Center py="xl" role="status" aria-label="Loading rides">
        <Loader />
      </Center>
    );
  } else if (list.isError && !data) {
    body = (
      <LoadErrorAlert
        title="Rides could not be loaded"
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (!data || data.items.length === 0) {
    // A search or filters other than the defaults may be what hides every ride: say so, and offer the way back.
    const filtered = state.time !== DEFAULT_TIME_FILTER || state.direction !== DEFAULT_DIRECTION_FILTER;
    body =
      state.q !== '' ? (
        <Stack align="center" gap="sm" py="xl" data-testid="rides-empty-search">
          <Text c="dimmed" ta="center">
            No rides match “{state.q}”{filtered ? ' with these filters' : ''}
          </Text>
          <Button variant="light" onClick={() => onChange({ q: '' })}>
            Clear search
          </Button>
          {promo}
        </Stack>
      ) : filtered ? (
        <Stack align="center" gap="sm" py="xl" data-testid="rides-empty-filtered">
          <Text c="dimmed" ta="center">
            No rides match these filters
          </Text>
          <Button
            variant="light"
            onClick={() =>
              onChange({ time: DEFAULT_TIME_FILTER, direction: DEFAULT_DIRECTION_FILTER, sort: DEFAULT_SORT_ORDER })
            }
          >
            Clear filters
          </Button>
          {promo}
        </Stack>
      ) : (
        <Stack gap="md">
          <Text c="dimmed" ta="center" py="xl">
            No rides available at the moment.
          </Text>
          {promo}
        </Stack>
      );
  } else {
    const items = groupSeriesRides(data.items);
    const first = (data.page - 1) * data.pageSize + 1;
    const last = first + data.items.length - 1;
    body = (
      <Stack gap="md">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="rides-count">
          Showing {first}–{last} of {data.total} {data.total === 1 ? 'ride' : 'rides'}
        </Text>
        <Box
          style={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms ease' }}
          aria-busy={list.isFetching}
        >
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {items.map((item, index) => (
              <Fragment key={item.kind === 'ride' ? `ride-${String(item.ride.id)}` : `series-${String(item.seriesId)}`}>
                {item.kind === 'ride' ? (
                  <RideCard
                    ride={item.ride}
                    viewerId={viewer?.id ?? null}
                    isVendor={(viewer?.isApprovedVendor ?? false) && assignable.has(item.ride.id)}
                    isVendorAccount={viewer?.isVendor ?? false}
                    isPassenger={joinedIds.has(item.ride.id)}
                    standing={standings.get(item.ride.id)}
                  />
                ) : (
                  <SeriesGroupCard
                    rides={item.rides}
                    viewerId={viewer?.id ?? null}
                    isVendor={viewer?.isApprovedVendor ?? false}
                    joinedIds={joinedIds}
                  />
                )}
                {promo && index === Math.min(CARDS_BEFORE_PROMO, items.length) - 1 ? (
                  <Box style={{ gridColumn: '1 / -1' }}>{promo}</Box>
                ) : null}
              </Fragment>
            ))}
          </SimpleGrid>
        </Box>
        {pageCount > 1 ? (
          <Group justify="center">
            <Pagination
              total={pageCount}
              value={data.page}
              onChange={changePage}
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
            />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack
      gap="md"
      ref={listTop}
      style={{ scrollMarginTop: 80 }}
      // Which list is on screen and whether it is final: lets browser tests wait for an answer.
      data-testid="all-rides"
      data-query={`${state.time} ${state.direction} ${state.sort} ${String(state.page)} ${state.q}`.trimEnd()}
      data-settled={list.isFetching || joinedPending ? 'false' : 'true'}
    >
      <RideSearch value={state.q} onSearch={(q) => onChange({ q })} />
      <RideFilters value={filters} onChange={onChange} />
      {body}
    </Stack>
  );
}
