/** A point on the location map (docs/product.md#map-location-item, client only). */
export interface MapLocation {
  id: string;
  /** [latitude, longitude] */
  position: [number, number];
  name: string;
  /** Drawn on the pin, e.g. the stop's number (docs/vendors.md#stops-on-the-map). */
  label?: string;
}

/** The run-time settings of the outside map services, from `config.get` (docs/architecture.md#outside-services). */
export interface MapServiceConfig {
  /** A MapLibre style URL; empty means the built-in OpenStreetMap raster style. */
  mapStyleUrl: string;
  /** A Nominatim-compatible search endpoint. */
  placeSearchUrl: string;
}
