/**
 * A stop's place on the map (docs/vendors.md#stops-on-the-map): kept when the member picked the
 * location on the join screen's map or from the place search, so the driver's manifest and the ride
 * page can show the stops in order. Optional everywhere: a typed location has none.
 */
export const LATITUDE_MESSAGE = 'Latitude must be a number from -90 to 90';
export const LONGITUDE_MESSAGE = 'Longitude must be a number from -180 to 180';
export const COORDINATES_PAIR_MESSAGE = 'Latitude and longitude must be given together';

/** A point on the map, in degrees. */
export interface Coordinates {
  latitude: number;
  longitude: number;
}

/**
 * Whether the pair is given together or not at all (a lone latitude says nothing).
 *
 * @example coordinatesPaired({ latitude: 1.3, longitude: null }) // false
 */
export function coordinatesPaired(value: { latitude?: number | null; longitude?: number | null }): boolean {
  return (value.latitude == null) === (value.longitude == null);
}

/**
 * The stored pair, or null when the stop has none.
 *
 * @example coordinatesOf({ latitude: 1.35, longitude: 103.8 }) // { latitude: 1.35, longitude: 103.8 }
 */
export function coordinatesOf(value: { latitude?: number | null; longitude?: number | null }): Coordinates | null {
  return value.latitude == null || value.longitude == null
    ? null
    : { latitude: value.latitude, longitude: value.longitude };
}
