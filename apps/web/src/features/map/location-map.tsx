/**
 * `LocationMap`: the MapLibre map of the join screen (loaded lazily by `LocationPicker`, so neither
 * maplibre-gl nor its stylesheet is part of any other page). It opens on central Singapore, turns a
 * click into `onPick(latitude, longitude)`, shows `locations` as pins (a pin opens a popup with the
 * name and, when `editable`, a Remove button; a location's `label`, such as a stop's number, is
 * drawn on its pin) and flies to `focus` when that changes. With `fitToLocations` it opens on the
 * pins instead (the stops of a ride).
 *
 * Tiles and style come from outside services that may be unreachable; the map keeps taking clicks
 * anyway. Only when the map cannot be created at all (no WebGL) does it call `onUnavailable`.
 */
import 'maplibre-gl/dist/maplibre-gl.css';

import { Button, Stack, Text } from '@mantine/core';
import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM } from '@rideshare/domain';
import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import {
  Map as MapView,
  Marker,
  NavigationControl,
  Popup,
  type ErrorEvent,
  type MapLayerMouseEvent,
  type MapRef,
  type PopupProps,
} from 'react-map-gl/maplibre';

import classes from './location-map.module.css';
import type { MapLocation } from './types';

export interface MapFocus {
  latitude: number;
  longitude: number;
  /** Changes for every request, so flying to the same place twice still moves the map. */
  key: string;
}

export interface LocationMapProps {
  locations: readonly MapLocation[];
  editable: boolean;
  mapStyle: string | StyleSpecification;
  onPick?: (latitude: number, longitude: number) => void;
  onRemove?: (id: string) => void;
  focus?: MapFocus | null;
  /** Open on the pins (every one in view) rather than on central Singapore. */
  fitToLocations?: boolean;
  /** The newest location, whose popup opens by itself as feedback for the pick. */
  highlightId?: string | null;
  onUnavailable: () => void;
}

const FOCUS_ZOOM = 15;
const PIN_HEIGHT = 38;
const PIN_HALF_WIDTH = 14;

/*
 * The popup picks the side with room (near the map's top edge it opens below the pin); these keep
 * it clear of the pin, which stands above its point, whichever side it opens on.
 */
const POPUP_OFFSET: PopupProps['offset'] = {
  center: [0, -PIN_HEIGHT / 2],
  top: [0, 4],
  'top-left': [4, 4],
  'top-right': [-4, 4],
  bottom: [0, -PIN_HEIGHT - 2],
  'bottom-left': [PIN_HALF_WIDTH, -PIN_HEIGHT + 6],
  'bottom-right': [-PIN_HALF_WIDTH, -PIN_HEIGHT + 6],
  left: [PIN_HALF_WIDTH, -PIN_HEIGHT / 2],
  right: [-PIN_HALF_WIDTH, -PIN_HEIGHT / 2],
};

function PinIcon({ label }: { label?: string }) {
  return (
    <svg viewBox="0 0 28 38" width="28" height="38" aria-hidden="true" focusable="false">
      <path d="M14 0C6.3 0 0 6.2 0 13.9 0 24.3 14 38 14 38s14-13.7 14-24.1C28 6.2 21.7 0 14 0z" fill="currentColor" />
      {label ? (
        <text x="14" y="18.5" textAnchor="middle" fontSize="12" fontWeight="700" fill="#fff">
          {label}
        </text>
      ) : (
        <circle cx="14" cy="14" r="5" fill="#fff" />
      )}
    </svg>
  );
}

/** The smallest box around the locations, as MapLibre takes it ([west, south], [east, north]). */
function boundsOf(locations: readonly MapLocation[]): [[number, number], [number, number]] | null {
  if (locations.length === 0) return null;
  const lats = locations.map((location) => location.position[0]);
  const lngs = locations.map((location) => location.position[1]);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

export function LocationMap({
  locations,
  editable,
  mapStyle,
  onPick,
  onRemove,
  focus = null,
  highlightId = null,
  onUnavailable,
  fitToLocations = false,
}: LocationMapProps) {
  const mapRef = useRef<MapRef>(null);
  const [openId, setOpenId] = useState<string | null>(highlightId);
  const warnedAboutTiles = useRef(false);

  useEffect(() => {
    setOpenId(highlightId);
  }, [highlightId]);

  useEffect(() => {
    if (!focus) return;
    mapRef.current?.flyTo({ center: [focus.longitude, focus.latitude], zoom: FOCUS_ZOOM, essential: true });
  }, [focus]);

  function handleError(event: ErrorEvent) {
    // No target: the map itself could not be created (typically no WebGL). Anything else is a
    // style or tile request failing, which is expected without network and leaves the map usable.
    const target: unknown = event.target;
    if (target == null) {
      console.error('The map could not be created', event.error);
      onUnavailable();
      return;
    }
    if (!warnedAboutTiles.current) {
      warnedAboutTiles.current = true;
      console.warn('Map style or tiles could not be loaded; the map still takes clicks.', event.error);
    }
  }

  function handleClick(event: MapLayerMouseEvent) {
    if (!editable || !onPick) return;
    onPick(event.lngLat.lat, event.lngLat.lng);
  }

  const open = locations.find((location) => location.id === openId) ?? null;
  const bounds = fitToLocations ? boundsOf(locations) : null;

  return (
    <MapView
      ref={mapRef}
      initialViewState={
        bounds
          ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: FOCUS_ZOOM } }
          : { latitude: MAP_DEFAULT_CENTER.latitude, longitude: MAP_DEFAULT_CENTER.longitude, zoom: MAP_DEFAULT_ZOOM }
      }
      mapStyle={mapStyle}
      style={{ width: '100%', height: '100%' }}
      cursor={editable ? 'crosshair' : 'grab'}
      onClick={handleClick}
      onError={handleError}
      attributionControl={{ compact: true }}
      dragRotate={false}
      touchPitch={false}
    >
      <NavigationControl position="top-right" showCompass={false} />
      {locations.map((location) => (
        <Marker
          key={location.id}
          latitude={location.position[0]}
          longitude={location.position[1]}
          anchor="bottom"
          onClick={(event) => {
            // A click on a pin is not a new pick on the map underneath it.
            event.originalEvent.stopPropagation();
            setOpenId(location.id);
          }}
        >
          <button
            type="button"
            className={classes.pin}
            aria-label={`Marker: ${location.name}`}
            data-testid="map-marker"
          >
            <PinIcon label={location.label} />
          </button>
        </Marker>
      ))}
      {open ? (
        <Popup
          latitude={open.position[0]}
          longitude={open.position[1]}
          offset={POPUP_OFFSET}
          maxWidth="260px"
          className={classes.popup}
          closeOnClick
          onClose={() => setOpenId(null)}
        >
          <Stack gap={6} align="flex-start">
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {open.name}
            </Text>
            {editable ? (
              <Button
                size="compact-xs"
                color="red"
                variant="light"
                onClick={() => {
                  setOpenId(null);
                  onRemove?.(open.id);
                }}
              >
                Remove
              </Button>
            ) : null}
          </Stack>
        </Popup>
      ) : null}
    </MapView>
  );
}

export default LocationMap;
