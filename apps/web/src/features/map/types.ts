/** A point on the location map (docs/product.md#map-location-item, client only). */
export interface MapLocation {
  id: string;
  /** [latitude, longitude] */
  position: [number, number];
  name: string;
}

/** The run-time settings of the outside map services, from GET /api/config (docs/architecture.md#outside-services). */
export interface MapServiceConfig {
  /** A MapLibre style URL; empty means the built-in OpenStreetMap raster style. */
  mapStyleUrl: string;
  /** A Nominatim-compatible search endpoint. */
  placeSearchUrl: string;
}
