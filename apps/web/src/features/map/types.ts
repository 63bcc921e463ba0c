/** A point on the location map (docs/product.md#map-location-item, client only). */
export interface MapLocation {
  id: string;
  /** [latitude, longitude] */
  position: [number, number];
  name: string;
  /** Drawn on the pin, e.g. the stop's number (docs/vendors.md#stops-on-the-map). */
  label?: string;
}

/** The run-time settings from `config.get`: the outside map services (docs/architecture.md#outside-services) and the contacts window. */
export interface MapServiceConfig {
  /** A MapLibre style URL; empty means the built-in OpenStreetMap raster style. */
  mapStyleUrl: string;
  /** A Nominatim-compatible search endpoint. */
  placeSearchUrl: string;
  /** Hours before departure from which co-riders see each other's numbers (docs/vendors.md#contacts). */
  riderContactsHoursBefore: number;
  /** Hours before departure from which the Trip card shows (docs/trip-day.md#window). */
  tripWindowHoursBefore: number;
  /** A Discord webhook is set: the create form offers "Announce on Discord" (docs/announcements.md). */
  discordAnnouncements: boolean;
  /** Minutes before departure from which the car may be marked as departed (docs/trip-day.md#clock). */
  tripDepartEarlyMinutes: number;
}
