import type { Env } from '../env';
import { publicProcedure, router } from '../trpc/init';

/** What the web app needs to know at run time about the outside map services (docs/architecture.md#outside-services). */
export interface PublicConfig {
  /** A MapLibre style URL; empty means the web app uses its built-in OpenStreetMap raster style. */
  mapStyleUrl: string;
  /** A Nominatim-compatible search endpoint (`?q=...&format=json`). */
  placeSearchUrl: string;
}

function publicConfig(env: Pick<Env, 'MAP_STYLE_URL' | 'PLACE_SEARCH_URL'>): PublicConfig {
  return { mapStyleUrl: env.MAP_STYLE_URL, placeSearchUrl: env.PLACE_SEARCH_URL };
}

export const configRouter = router({
  /**
   * Public, non-secret settings read by the browser, so one web build works against any map or
   * search provider chosen when the server starts (REST: GET /api/config).
   */
  get: publicProcedure.query(({ ctx }): PublicConfig => publicConfig(ctx.env)),
});
