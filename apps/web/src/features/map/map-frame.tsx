/**
 * `MapFrame`: the framed MapLibre map every screen shows (the join screen's picker, the ride's and
 * the manifest's stops): it reads the configured style (MAP_STYLE_URL through `config.get`; the
 * built-in OpenStreetMap raster style when empty), loads the map code lazily in its own chunk, and
 * says so in words when the device cannot draw a map (no WebGL).
 */
import { Box, Paper, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense, useMemo, useState } from 'react';

import classes from './location-map.module.css';
import type { LocationMapProps } from './location-map';
import { mapStyleFor, useMapServiceConfig } from './map-config';

const LocationMap = lazy(() => import('./location-map'));

export interface MapFrameProps extends Omit<LocationMapProps, 'mapStyle' | 'onUnavailable'> {
  /** The region's accessible name. */
  label: string;
  /** What to read instead when no map can be drawn. */
  unavailableText: string;
  /** Told once when the map cannot be drawn on this device. */
  onUnavailable?: () => void;
  testId?: string;
}

export function MapFrame({ label, unavailableText, onUnavailable, testId = 'location-map', ...map }: MapFrameProps) {
  const { config, isLoading } = useMapServiceConfig();
  const [unavailable, setUnavailable] = useState(false);
  // One style object per setting: a new object on every render would make MapLibre diff the style.
  const mapStyle = useMemo(() => mapStyleFor(config.mapStyleUrl), [config.mapStyleUrl]);

  if (unavailable) {
    return (
      <Paper withBorder p="md" radius="md" bg="var(--mantine-color-default-hover)">
        <Text size="sm" c="dimmed">
          {unavailableText}
        </Text>
      </Paper>
    );
  }
  return (
    <Box className={classes.frame} role="region" aria-label={label} data-testid={testId}>
      {isLoading ? (
        <Skeleton h="100%" radius={0} />
      ) : (
        <Suspense fallback={<Skeleton h="100%" radius={0} />}>
          <LocationMap
            {...map}
            mapStyle={mapStyle}
            onUnavailable={() => {
              setUnavailable(true);
              onUnavailable?.();
            }}
          />
        </Suspense>
      )}
    </Box>
  );
}
