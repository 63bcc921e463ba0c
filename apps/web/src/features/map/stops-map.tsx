/**
 * `<StopsMap stops label />`: a ride's stops on a map in trip order, numbered pins matching the
 * list beside it (docs/vendors.md#stops-on-the-map). Nothing at all when no stop was picked on
 * the map: the list alone tells the stops then.
 */
import { MapFrame } from './map-frame';
import { stopLocations, type MapStop } from './stops';

export function StopsMap({ stops, label }: { stops: readonly MapStop[]; label: string }) {
  const locations = stopLocations(stops);
  if (locations.length === 0) return null;
  return (
    <MapFrame
      label={label}
      unavailableText="The map cannot be shown on this device; the stops are listed in order."
      locations={locations}
      editable={false}
      fitToLocations
      testId="stops-map"
    />
  );
}
