/**
 * The location map feature. Import from here: the MapLibre map itself (`location-map.tsx`) is only
 * reached through `LocationPicker`'s lazy import, so importing this module never pulls maplibre-gl
 * (or its stylesheet) into a page's bundle.
 */
export { LocationPicker, type LocationPickerProps, type PickedPlace } from './location-picker';
export { coordinateName, placeName, searchPlaces, type PlaceResult } from './place-search';
export { DEFAULT_MAP_SERVICE_CONFIG, mapStyleFor, useMapServiceConfig } from './map-config';
export type { MapLocation, MapServiceConfig } from './types';
export { StopsMap } from './stops-map';
export { stopLocations, type MapStop } from './stops';
