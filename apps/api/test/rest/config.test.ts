import { describe, expect, it } from 'vitest';

import { appsPerTest } from '../helpers/app';
import { useTestDatabase } from '../helpers/db';

const t = useTestDatabase({ reset: false });
const appWith = appsPerTest(() => t.db);

describe('GET /api/config (config.get)', () => {
  it('answers the configured map style and place search URLs without a session', async () => {
    const app = await appWith({
      MAP_STYLE_URL: 'https://tiles.example.test/style.json',
      PLACE_SEARCH_URL: 'https://search.example.test/search',
    });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({
      mapStyleUrl: 'https://tiles.example.test/style.json',
      placeSearchUrl: 'https://search.example.test/search',
      riderContactsHoursBefore: 48,
      tripWindowHoursBefore: 3,
      discordAnnouncements: false,
      tripDepartEarlyMinutes: 30,
      discordSignIn: false,
      passwordSignup: true,
    });
  });

  it('says whether rides can be announced on Discord (a webhook is set), never the webhook itself', async () => {
    const app = await appWith({ DISCORD_WEBHOOK_URL_FC_SG: 'https://discord.com/api/webhooks/123/secret-token' });
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.json()).toMatchObject({ discordAnnouncements: true });
    expect(response.body).not.toContain('secret-token');
  });

  it('is the config.get procedure the web app calls over tRPC: the same answer', async () => {
    const app = await appWith({
      MAP_STYLE_URL: 'https://tiles.example.test/style.json',
      PLACE_SEARCH_URL: 'https://search.example.test/search',
    });
    const rest = await app.inject({ method: 'GET', url: '/api/config' });
    const trpc = await app.inject({ method: 'GET', url: '/trpc/config.get' });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json<{ result: { data: unknown } }>().result.data).toEqual(rest.json());
  });

  it('answers an empty style URL when MAP_STYLE_URL is unset, so the web app uses its own raster style', async () => {
    const app = await appWith({});
    const response = await app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ mapStyleUrl: string; placeSearchUrl: string }>();
    expect(body.mapStyleUrl).toBe('');
    expect(body.placeSearchUrl).toBe('https://nominatim.openstreetmap.org/search');
  });
});
