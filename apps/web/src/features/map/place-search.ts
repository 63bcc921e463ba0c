/**
 * Place search against a Nominatim-compatible endpoint (docs/architecture.md#outside-services: `q`, `format=json`; results with
 * lat, lon, display_name, place_id), plus the names the join screen writes into its location field.
 */
import { z } from 'zod';

export interface PlaceResult {
  placeId: string;
  latitude: number;
  longitude: number;
  displayName: string;
}

const coordinate = z.union([z.string(), z.number()]).transform((value) => Number(value));

const nominatimResult = z.object({
  place_id: z.union([z.string(), z.number()]).transform(String),
  lat: coordinate,
  lon: coordinate,
  display_name: z.string(),
});

/** Builds the search URL; the configured endpoint may already carry its own query parameters. */
export function placeSearchUrl(endpoint: string, query: string): string {
  const url = new URL(endpoint, window.location.origin);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'json');
  return url.toString();
}

/**
 * Looks a place up. Entries that are not usable places (no coordinates, no name) are skipped rather
 * than failing the whole answer; a failed request or an answer that is not a list throws.
 */
export async function searchPlaces(endpoint: string, query: string, signal?: AbortSignal): Promise<PlaceResult[]> {
  const response = await fetch(placeSearchUrl(endpoint, query), { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const body: unknown = await response.json();
  if (!Array.isArray(body)) throw new Error('Place search answered something other than a list');
  const results: PlaceResult[] = [];
  for (const entry of body) {
    const parsed = nominatimResult.safeParse(entry);
    if (!parsed.success) continue;
    const { place_id, lat, lon, display_name } = parsed.data;
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || display_name.trim() === '') continue;
    results.push({ placeId: place_id, latitude: lat, longitude: lon, displayName: display_name });
  }
  return results;
}

/**
 * The short name of a search result: the first comma-separated part of its display name.
 *
 * @example placeName('Tampines Mall, 4, Tampines Central 5, Singapore') // 'Tampines Mall'
 */
export function placeName(displayName: string): string {
  const first = displayName.split(',')[0]?.trim() ?? '';
  return first || displayName.trim();
}

/**
 * A point picked on the map, in words for the pin's label: its coordinates to 4 decimals (about
 * 11 m). The stop's own text is the rider's description, never this.
 *
 * @example coordinateName(1.352083, 103.819836) // 'Pin at 1.3521, 103.8198'
 */
export function coordinateName(latitude: number, longitude: number): string {
  return `Pin at ${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;
}
