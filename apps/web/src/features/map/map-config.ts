/**
 * Where the map gets its style and the search box its results, decided by the server at start-up
 * (tRPC `config.get`, docs/architecture.md#outside-services), so one web build works with any provider.
 *
 * - `useMapServiceConfig()`: the settings, falling back to the defaults when the call fails (the map
 *   and the location field must keep working without it).
 * - `mapStyleFor(url)`: the style to hand to MapLibre: the configured URL, or an inline raster style
 *   with OpenStreetMap tiles when none is configured.
 */
import {
  DEFAULT_RIDER_CONTACTS_HOURS_BEFORE,
  DEFAULT_TRIP_DEPART_EARLY_MINUTES,
  DEFAULT_TRIP_WINDOW_HOURS_BEFORE,
} from '@rideshare/domain';
import { useEffect, useMemo } from 'react';
import type { StyleSpecification } from 'maplibre-gl';

import { trpc } from '../../lib/trpc';
import type { MapServiceConfig } from './types';

const DEFAULT_PLACE_SEARCH_URL = 'https://nominatim.openstreetmap.org/search';
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const DEFAULT_MAP_SERVICE_CONFIG: MapServiceConfig = {
  mapStyleUrl: '',
  placeSearchUrl: DEFAULT_PLACE_SEARCH_URL,
  riderContactsHoursBefore: DEFAULT_RIDER_CONTACTS_HOURS_BEFORE,
  tripWindowHoursBefore: DEFAULT_TRIP_WINDOW_HOURS_BEFORE,
  discordAnnouncements: false,
  tripDepartEarlyMinutes: DEFAULT_TRIP_DEPART_EARLY_MINUTES,
};

export function useMapServiceConfig(): { config: MapServiceConfig; isLoading: boolean } {
  // Settled for the life of the server process: read once per page load, not retried.
  const query = trpc.config.get.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY, retry: false });
  useEffect(() => {
    if (query.error) console.warn('Map settings could not be loaded; using the defaults.', query.error);
  }, [query.error]);
  const config = useMemo(
    () =>
      query.data
        ? {
            mapStyleUrl: query.data.mapStyleUrl.trim(),
            placeSearchUrl: query.data.placeSearchUrl.trim() || DEFAULT_PLACE_SEARCH_URL,
            riderContactsHoursBefore: query.data.riderContactsHoursBefore,
            tripWindowHoursBefore: query.data.tripWindowHoursBefore,
            discordAnnouncements: query.data.discordAnnouncements,
            tripDepartEarlyMinutes: query.data.tripDepartEarlyMinutes,
          }
        : DEFAULT_MAP_SERVICE_CONFIG,
    [query.data],
  );
  return { config, isLoading: query.isPending };
}

/** A light background under the tiles, so a map without network still looks like a map area. */
const BACKGROUND_COLOUR = '#e9eef2';

export function mapStyleFor(mapStyleUrl: string): string | StyleSpecification {
  if (mapStyleUrl) return mapStyleUrl;
  return {
    version: 8,
    sources: {
      osm: {
        type: 'raster',
        tiles: [OSM_TILE_URL],
        tileSize: 256,
        maxzoom: 19,
        attribution:
          '© <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer">OpenStreetMap</a> contributors',
      },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': BACKGROUND_COLOUR } },
      { id: 'osm-tiles', type: 'raster', source: 'osm' },
    ],
  };
}
