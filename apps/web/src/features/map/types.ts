/** A point on the location map (SPEC §3 "Map location item", client only). */
export interface MapLocation {
  id: string;
  /** [latitude, longitude] */
  position: [number, number];
  name: string;
}

/** The run-time settings of the outside map services, from GET /api/config (DESIGN §8). */
export interface MapServiceConfig {
  /** A MapLibre style URL; empty means the built-in OpenStreetMap raster style. */
  mapStyleUrl: string;
  /** A Nominatim-compatible search endpoint. */
  placeSearchUrl: string;
}
