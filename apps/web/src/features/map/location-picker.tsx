/**
 * `LocationPicker`: the place search box and the map of the join screen (docs/product.md#join-screen, docs/architecture.md#outside-services).
 *
 * - Search: Enter in the box or the Search button asks the configured place-search service; a
 *   result is listed by its full name and, once chosen, reported as `onPick` with the first
 *   comma-separated part of that name. A failed search says so, and that typing the place in the
 *   field works without it.
 * - Map: a click reports `onPick` with the coordinates and, as `name`, only a label for the pin
 *   ('Pin at 1.3470, 103.8130'): the stop's text is the rider's own description, which the parent
 *   asks for. The map code is loaded only when this component renders, in its own chunk.
 *
 * The parent owns the list of `locations` (the pins) and decides what a pick means.
 */
import { Button, Group, Paper, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import type { MapFocus } from './location-map';
import { MapFrame } from './map-frame';
import { useMapServiceConfig } from './map-config';
import { coordinateName, placeName, searchPlaces, type PlaceResult } from './place-search';
import type { MapLocation } from './types';

export interface PickedPlace {
  latitude: number;
  longitude: number;
  name: string;
  source: 'map' | 'search';
}

export interface LocationPickerProps {
  locations: readonly MapLocation[];
  editable?: boolean;
  onPick: (place: PickedPlace) => void;
  onRemove: (id: string) => void;
  highlightId?: string | null;
}

type SearchState =
  { status: 'idle' } | { status: 'searching' } | { status: 'failed' } | { status: 'done'; results: PlaceResult[] };

/** What a failed place search says: it failed, and the field works without it. */
export const SEARCH_FAILED_TEXT =
  'The place search is not working right now. Type the place in the location field instead: that works without the search.';

export function LocationPicker({
  locations,
  editable = true,
  onPick,
  onRemove,
  highlightId = null,
}: LocationPickerProps) {
  const { config } = useMapServiceConfig();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<SearchState>({ status: 'idle' });
  const [focus, setFocus] = useState<MapFocus | null>(null);
  // Each pick moves the map, even to the same place twice: the count keeps the keys apart.
  const picks = useRef(0);
  const [mapUnavailable, setMapUnavailable] = useState(false);
  const pending = useRef<AbortController | null>(null);

  useEffect(() => () => pending.current?.abort(), []);

  async function runSearch() {
    const text = query.trim();
    if (!text) return;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setSearch({ status: 'searching' });
    try {
      const results = await searchPlaces(config.placeSearchUrl, text, controller.signal);
      if (!controller.signal.aborted) setSearch({ status: 'done', results });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Place search failed', error);
      setSearch({ status: 'failed' });
    }
  }

  function handleSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // The box sits inside the join form: Enter searches instead of submitting the form.
    event.preventDefault();
    void runSearch();
  }

  function choose(result: PlaceResult) {
    setSearch({ status: 'idle' });
    setFocus({
      latitude: result.latitude,
      longitude: result.longitude,
      key: `${result.placeId}-${String(++picks.current)}`,
    });
    onPick({
      latitude: result.latitude,
      longitude: result.longitude,
      name: placeName(result.displayName),
      source: 'search',
    });
  }

  function pickOnMap(latitude: number, longitude: number) {
    onPick({ latitude, longitude, name: coordinateName(latitude, longitude), source: 'map' });
  }

  const searching = search.status === 'searching';

  return (
    <Stack gap="sm">
      {editable ? (
        <Stack gap={6}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Search for a place"
              placeholder="e.g., Tampines Mall"
              value={query}
              onChange={(event) => setQuery(event.currentTarget.value)}
              onKeyDown={handleSearchKey}
              style={{ flex: 1, minWidth: 0 }}
              type="search"
              enterKeyHint="search"
              autoComplete="off"
            />
            <Button
              variant="default"
              onClick={() => void runSearch()}
              disabled={searching}
              aria-busy={searching || undefined}
            >
              {searching ? 'Searching...' : 'Search'}
            </Button>
          </Group>
          {search.status === 'failed' ? (
            <Text size="sm" c="red.8" role="alert" data-testid="place-search-failed">
              {SEARCH_FAILED_TEXT}
            </Text>
          ) : null}
          {search.status === 'done' ? (
            search.results.length > 0 ? (
              <Paper withBorder radius="md">
                <ScrollArea.Autosize mah="10rem" type="auto">
                  <Stack
                    gap={0}
                    component="ul"
                    role="list"
                    aria-label="Search results"
                    m={0}
                    p={0}
                    style={{ listStyle: 'none' }}
                  >
                    {search.results.map((result) => (
                      <li key={result.placeId}>
                        <UnstyledButton
                          onClick={() => choose(result)}
                          px="sm"
                          py={8}
                          w="100%"
                          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
                        >
                          <Text size="sm" fw={600} lineClamp={1}>
                            {placeName(result.displayName)}
                          </Text>
                          <Text size="xs" c="dimmed" lineClamp={2}>
                            {result.displayName}
                          </Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                </ScrollArea.Autosize>
              </Paper>
            ) : (
              <Text size="sm" c="dimmed" role="status">
                No places found. Try another search, or click the map.
              </Text>
            )
          ) : null}
        </Stack>
      ) : null}

      <MapFrame
        label={editable ? 'Map: click to choose a location' : 'Map'}
        unavailableText="The map cannot be shown on this device. Type your location in the field instead."
        locations={locations}
        editable={editable}
        onPick={pickOnMap}
        onRemove={onRemove}
        focus={focus}
        highlightId={highlightId}
        onUnavailable={() => setMapUnavailable(true)}
      />
      {editable && !mapUnavailable ? (
        <Text size="xs" c="dimmed">
          Click the map to drop a pin at your location, or search for a place above.
        </Text>
      ) : null}
    </Stack>
  );
}
