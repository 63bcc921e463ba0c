import { describe, expect, it } from 'vitest';

import { mapStyleFor, OSM_TILE_URL } from './map-config';

describe('mapStyleFor', () => {
  it('uses the configured style URL as it is', () => {
    expect(mapStyleFor('https://tiles.example.test/style.json')).toBe('https://tiles.example.test/style.json');
  });

  it('builds an OpenStreetMap raster style when no style is configured', () => {
    const style = mapStyleFor('');
    if (typeof style === 'string') throw new Error('expected an inline style');
    expect(style.version).toBe(8);
    expect(style.sources.osm).toMatchObject({ type: 'raster', tiles: [OSM_TILE_URL] });
    expect(style.layers.map((layer) => layer.id)).toEqual(['background', 'osm-tiles']);
  });
});
