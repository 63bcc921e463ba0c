import { afterEach, describe, expect, it, vi } from 'vitest';

import { coordinateName, placeName, placeSearchUrl, searchPlaces } from './place-search';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('placeName', () => {
  it.each([
    ['Tampines Mall, 4, Tampines Central 5, Singapore, 529510', 'Tampines Mall'],
    ['  Jurong East  , Singapore', 'Jurong East'],
    ['Forest City', 'Forest City'],
    [', Woodlands', ', Woodlands'],
  ])('%j → %j', (displayName, expected) => {
    expect(placeName(displayName)).toBe(expected);
  });
});

describe('coordinateName', () => {
  it('shows both coordinates to 4 decimals', () => {
    expect(coordinateName(1.352083, 103.819836)).toBe('Pin at 1.3521, 103.8198');
    expect(coordinateName(1.3, -0.00004)).toBe('Pin at 1.3000, -0.0000');
  });
});

describe('placeSearchUrl', () => {
  it('adds q and format=json, keeping the endpoint’s own parameters', () => {
    const url = new URL(placeSearchUrl('https://search.example.test/search?countrycodes=sg', 'Pasir Ris & MRT'));
    expect(url.origin + url.pathname).toBe('https://search.example.test/search');
    expect(url.searchParams.get('countrycodes')).toBe('sg');
    expect(url.searchParams.get('q')).toBe('Pasir Ris & MRT');
    expect(url.searchParams.get('format')).toBe('json');
  });
});

describe('searchPlaces', () => {
  it('reads Nominatim results and skips entries that are not places', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify([
            { place_id: 11, lat: '1.3526', lon: '103.9447', display_name: 'Tampines Mall, Singapore' },
            { place_id: 12, lat: 'not a number', lon: '103.9', display_name: 'Broken' },
            { place_id: 13, display_name: 'No coordinates' },
            { place_id: '14', lat: 1.33, lon: 103.74, display_name: 'Jurong East, Singapore' },
          ]),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const results = await searchPlaces('https://search.example.test/search', 'mall');
    expect(results).toEqual([
      { placeId: '11', latitude: 1.3526, longitude: 103.9447, displayName: 'Tampines Mall, Singapore' },
      { placeId: '14', latitude: 1.33, longitude: 103.74, displayName: 'Jurong East, Singapore' },
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('throws on a failed answer so the caller can log it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('busy', { status: 503, statusText: 'Service Unavailable' }))),
    );
    await expect(searchPlaces('https://search.example.test/search', 'mall')).rejects.toThrow('503');
  });
});
