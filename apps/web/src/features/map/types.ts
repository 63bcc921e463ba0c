import type { RouterOutputs } from '@rideshare/api';

/** A point on the location map (docs/product.md#map-location-item, client only). */
export interface MapLocation {
  id: string;
  /** [latitude, longitude] */
  position: [number, number];
  name: string;
  /** Drawn on the pin, e.g. the stop's number (docs/vendors.md#stops-on-the-map). */
  label?: string;
}

/**
 * The run-time settings from `config.get` the map and the screens read: the outside map services
 * (docs/architecture.md#outside-services), the contacts and trip windows, the Discord announcements
 * switch. The answer's own type, so a setting is described once, on the server.
 */
export type MapServiceConfig = Omit<RouterOutputs['config']['get'], 'discordSignIn' | 'passwordSignup'>;
