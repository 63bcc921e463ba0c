import { announcementsConfigured, type WebhookSettings } from '../discord/webhooks';
import { discordEnabled } from '../auth/discord-oauth';
import type { Env } from '../env';
import { publicProcedure, router } from '../trpc/init';
import { publicConfigOutput } from './config.outputs';

/** What the web app needs to know at run time: the outside map services (docs/architecture.md#outside-services), the contacts window. */
export interface PublicConfig {
  /** A MapLibre style URL; empty means the web app uses its built-in OpenStreetMap raster style. */
  mapStyleUrl: string;
  /** A Nominatim-compatible search endpoint (`?q=...&format=json`). */
  placeSearchUrl: string;
  /** RIDER_CONTACTS_HOURS_BEFORE: when co-riders' numbers show, for the Passengers tab's note (docs/vendors.md#contacts). */
  riderContactsHoursBefore: number;
  /** TRIP_WINDOW_HOURS_BEFORE: when the ride page shows the Trip card (docs/trip-day.md#window). */
  tripWindowHoursBefore: number;
  /** A Discord webhook is set: the create form offers "Announce on Discord" (docs/announcements.md). */
  discordAnnouncements: boolean;
  /** TRIP_DEPART_EARLY_MINUTES: from when the Trip card offers `departed` (docs/trip-day.md#clock). */
  tripDepartEarlyMinutes: number;
  /** Sign in with Discord is configured: the web shows "Continue with Discord" (docs/sign-in.md). */
  discordSignIn: boolean;
  /** PASSWORD_SIGNUP: the web shows the password sign-up form (docs/sign-in.md#password-sign-up). */
  passwordSignup: boolean;
}

function publicConfig(
  env: Pick<
    Env,
    | 'MAP_STYLE_URL'
    | 'PLACE_SEARCH_URL'
    | 'RIDER_CONTACTS_HOURS_BEFORE'
    | 'TRIP_WINDOW_HOURS_BEFORE'
    | 'TRIP_DEPART_EARLY_MINUTES'
    | 'DISCORD_CLIENT_ID'
    | 'DISCORD_CLIENT_SECRET'
    | 'DISCORD_API_BASE'
    | 'DISCORD_AUTHORIZE_URL'
    | 'DISCORD_GUILD_ID'
    | 'PASSWORD_SIGNUP'
  > &
    WebhookSettings,
): PublicConfig {
  return {
    mapStyleUrl: env.MAP_STYLE_URL,
    placeSearchUrl: env.PLACE_SEARCH_URL,
    riderContactsHoursBefore: env.RIDER_CONTACTS_HOURS_BEFORE,
    tripWindowHoursBefore: env.TRIP_WINDOW_HOURS_BEFORE,
    discordAnnouncements: announcementsConfigured(env),
    tripDepartEarlyMinutes: env.TRIP_DEPART_EARLY_MINUTES,
    discordSignIn: discordEnabled(env),
    passwordSignup: env.PASSWORD_SIGNUP,
  };
}

export const configRouter = router({
  /**
   * Public, non-secret settings read by the browser, so one web build works against any map or
   * search provider chosen when the server starts (REST: GET /api/config).
   */
  get: publicProcedure.output(publicConfigOutput).query(({ ctx }): PublicConfig => publicConfig(ctx.env)),
});
