/**
 * Where the map gets its style and the search box its results, decided by the server at start-up
 * (GET /api/config, docs/architecture.md#outside-services), so one web build works with any provider.
 *
 * - `useMapServiceConfig()`: the settings, falling back to the defaults when the call fails (the map
 *   and the location field must keep working without it).
 * - `mapStyleFor(url)`: the style to hand to MapLibre: the configured URL, or an inline raster style
 *   with OpenStreetMap tiles when none is configured.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StyleSpecification } from 'maplibre-gl';
import { z } from 'zod';

import type { MapServiceConfig } from './types';

const DEFAULT_PLACE_SEARCH_URL = 'https://nominatim.openstreetmap.org/search';
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export const DEFAULT_MAP_SERVICE_CONFIG: MapServiceConfig = {
  mapStyleUrl: '',
  placeSearchUrl: DEFAULT_PLACE_SEARCH_URL,
};

const configResponse = z.object({
  mapStyleUrl: z.string().catch(''),
  placeSearchUrl: z.string().catch(''),
});

async function fetchMapServiceConfig(signal?: AbortSignal): Promise<MapServiceConfig> {
  const response = await fetch('/api/config', {
    credentials: 'include',
    signal,
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const body = configResponse.parse(await response.json());
  return {
    mapStyleUrl: body.mapStyleUrl.trim(),
    placeSearchUrl: body.placeSearchUrl.trim() || DEFAULT_PLACE_SEARCH_URL,
  };
}

export function useMapServiceConfig(): { config: MapServiceConfig; isLoading: boolean } {
  const query = useQuery({
    queryKey: ['public-config'],
    queryFn: ({ signal }) => fetchMapServiceConfig(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  useEffect(() => {
    if (query.error) console.warn('Map settings could not be loaded; using the defaults.', query.error);
  }, [query.error]);
  return { config: query.data ?? DEFAULT_MAP_SERVICE_CONFIG, isLoading: query.isPending };
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
