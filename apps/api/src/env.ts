import {
  DEFAULT_MESSAGE_RETENTION_DAYS,
  DEFAULT_MESSAGES_PER_MINUTE,
  DEFAULT_PRICE_LOCK_HOURS,
  DEFAULT_RIDER_CONTACTS_HOURS_BEFORE,
  DEFAULT_TRIP_WINDOW_HOURS_BEFORE,
  DEFAULT_TRIP_DEPART_EARLY_MINUTES,
  DEFAULT_RIDES_PER_DAY,
  DEFAULT_VENDOR_CONTACTS_HOURS_BEFORE,
} from '@rideshare/domain';
import { z } from 'zod';

import { DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES } from './push/endpoint-policy';

/**
 * The only place that reads process.env. Every setting is validated at start-up; a bad value stops
 * the process with a message naming the variable, instead of failing later on a request.
 */
const booleanish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * A whole-number setting from `min` to `max` with one message naming it for every way of missing
 * (`unit`: 'hours', 'days', or '' for a plain count).
 */
function wholeSetting(name: string, min: number, max: number, unit = '') {
  const message = `${name} must be a whole number${unit ? ` of ${unit}` : ''} from ${String(min)} to ${String(max)}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** A DNS host name of two labels or more (no address literal, no port). */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

const DEV_SESSION_SECRET = 'development-only-session-secret-change-me-0123456789';

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
    // The embedded engine's page cache (Postgres shared_buffers), in MB: it stays resident once used.
    EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
    // A comma-separated list: the first secret signs new session cookies, every one verifies, so a
    // new secret can be put in front while cookies signed with the old one stay valid.
    SESSION_SECRET: z.string().optional(),
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    // A session also ends after this long unused; the administrator's sooner.
    SESSION_IDLE_HOURS: z.coerce.number().int().min(1).max(8760).default(168),
    SESSION_ADMIN_IDLE_HOURS: z.coerce.number().int().min(1).max(8760).default(12),
    // Production serves over HTTPS only, unless the operator says plain HTTP is intended.
    ALLOW_INSECURE_PUBLIC_URL: booleanish.default(false),
    MAP_STYLE_URL: z.string().default(''),
    PLACE_SEARCH_URL: z.string().default('https://nominatim.openstreetmap.org/search'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    // Hop counts are refused: Fastify ignores them (it cannot check that the peer is the proxy).
    TRUST_PROXY: z
      .string()
      .refine((value) => !/^\s*\d+\s*$/.test(value), {
        message: "takes 'true', 'false' or the proxies' addresses/CIDRs (e.g. 'uniquelocal'), not a hop count",
      })
      .optional(),
    CORS_ORIGIN: z.string().optional(),
    CSP_EXTRA_ORIGINS: z.string().optional(),
    READINESS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(10 * 1024 * 1024)
      .default(100 * 1024),
    LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    // Failures on one account from all addresses together before browsers that never signed in to
    // it wait too (those that did keep a device cookie and are never held back by this).
    LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL: z.coerce.number().int().min(1).default(20),
    LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
    LOGIN_MAX_LOCKOUT_MINUTES: z.coerce.number().int().min(1).max(525_600).default(1440),
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
    // Password checks waiting for an argon2 slot; past this, answer 503 with Retry-After.
    ARGON2_MAX_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
    // Every request per client address (@fastify/rate-limit, in memory per process), then the
    // expensive or spammable writes per signed-in user (per address for register), counted in
    // Postgres so they hold across instances.
    RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
    RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    RATE_LIMIT_REGISTER_PER_HOUR: z.coerce.number().int().min(1).default(10),
    RATE_LIMIT_RIDE_CREATE_PER_HOUR: z.coerce.number().int().min(1).default(20),
    // Rides a member may create in 24 hours, every ride of a weekly series counted (docs/series.md#rate-limit).
    RATE_LIMIT_RIDES_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_RIDES_PER_DAY),
    // Creating or deleting a ride alert (docs/alerts.md).
    RATE_LIMIT_ALERT_PER_HOUR: z.coerce.number().int().min(1).default(30),
    RATE_LIMIT_JOIN_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_ASSIGN_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_QUOTE_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_RIDE_EDIT_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_SEQUENCE_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_CANCEL_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_MARK_READ_PER_HOUR: z.coerce.number().int().min(1).default(60),
    RATE_LIMIT_PAYMENT_PER_HOUR: z.coerce.number().int().min(1).default(60),
    // Chat messages one member may report to the administrator (docs/messages.md#reports).
    RATE_LIMIT_REPORT_PER_HOUR: z.coerce.number().int().min(1).default(10),
    // Trip writes: stages, undo, late notices, no-shows, share links (docs/write-limits.md).
    RATE_LIMIT_TRIP_PER_HOUR: z.coerce.number().int().min(1).default(60),
    // Live event streams (GET /api/events, tRPC live.events): how many may be open per client
    // address, per member and in this process, and how long one lasts before the client resumes.
    EVENTS_MAX_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(6),
    EVENTS_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).default(10),
    EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).default(5000),
    EVENTS_MAX_STREAM_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    MIGRATE_ON_START: booleanish.default(true),
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    // How often this instance runs each sweep job (services/sweep.ts; an advisory lock per job lets
    // one instance run it at a time): lapsed waitlist offers, price locks and payment reminders,
    // border reminders, pruning.
    WAITLIST_SWEEP_SECONDS: wholeSetting('WAITLIST_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60),
    PAYMENT_SWEEP_SECONDS: wholeSetting('PAYMENT_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60),
    BORDER_REMINDER_SWEEP_SECONDS: wholeSetting('BORDER_REMINDER_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60),
    PRUNE_SWEEP_SECONDS: wholeSetting('PRUNE_SWEEP_SECONDS', 1, 86_400, 'seconds').default(3600),
    // A vendor's permit country decides the direction it may take (docs/vendors.md#licence-rules).
    VENDOR_PICKUP_COUNTRY_RULE: z
      .enum(['on', 'off'], { error: 'VENDOR_PICKUP_COUNTRY_RULE must be on or off' })
      .default('on'),
    // How long before departure the assigned vendor sees the passengers' numbers (docs/vendors.md#contacts).
    VENDOR_CONTACTS_HOURS_BEFORE: wholeSetting('VENDOR_CONTACTS_HOURS_BEFORE', 0, 720, 'hours').default(
      DEFAULT_VENDOR_CONTACTS_HOURS_BEFORE,
    ),
    // How long before departure co-riders see each other's numbers (docs/vendors.md#contacts).
    RIDER_CONTACTS_HOURS_BEFORE: wholeSetting('RIDER_CONTACTS_HOURS_BEFORE', 0, 720, 'hours').default(
      DEFAULT_RIDER_CONTACTS_HOURS_BEFORE,
    ),
    // How long before departure the trip day opens: stages, late notices (docs/trip-day.md#window).
    TRIP_WINDOW_HOURS_BEFORE: wholeSetting('TRIP_WINDOW_HOURS_BEFORE', 0, 48, 'hours').default(
      DEFAULT_TRIP_WINDOW_HOURS_BEFORE,
    ),
    // How long before the departure time the car may be marked as departed (docs/trip-day.md#clock).
    TRIP_DEPART_EARLY_MINUTES: wholeSetting('TRIP_DEPART_EARLY_MINUTES', 0, 180, 'minutes').default(
      DEFAULT_TRIP_DEPART_EARLY_MINUTES,
    ),
    // Phone notifications (docs/architecture.md#vapid-keys): a VAPID key pair (base64url, both or
    // neither; unset, one is made at first start and kept beside the data folder) and who runs the server.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
      .optional(),
    // Tests only: push endpoints on loopback over plain http are accepted (a local push service).
    PUSH_ALLOW_LOOPBACK: booleanish.default(false),
    // The push services a browser's endpoint may name (docs/architecture.md#push-endpoints).
    PUSH_ALLOWED_HOST_SUFFIXES: z
      .string()
      .default(DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES.join(','))
      .transform((value) => splitList(value).map((host) => host.toLowerCase().replace(/^\./, '')))
      .refine((hosts) => hosts.length > 0 && hosts.every((host) => HOST_NAME.test(host)), {
        error: 'PUSH_ALLOWED_HOST_SUFFIXES must be a comma-separated list of host names (e.g. fcm.googleapis.com)',
      }),
    // How long before departure a ride's price locks (docs/payments.md#price-lock).
    PRICE_LOCK_HOURS: wholeSetting('PRICE_LOCK_HOURS', 1, 720, 'hours').default(DEFAULT_PRICE_LOCK_HOURS),
    // The ride chat (docs/messages.md): messages one member may post in a minute, and how many days
    // after the ride's date its messages are deleted by the sweep.
    MESSAGES_PER_MINUTE: wholeSetting('MESSAGES_PER_MINUTE', 1, 1000).default(DEFAULT_MESSAGES_PER_MINUTE),
    MESSAGE_RETENTION_DAYS: wholeSetting('MESSAGE_RETENTION_DAYS', 1, 3650, 'days').default(
      DEFAULT_MESSAGE_RETENTION_DAYS,
    ),
    // Ride announcements in a Discord channel (docs/announcements.md): one webhook, or one per
    // direction; unset, nothing is announced. Checked in the transform below.
    DISCORD_WEBHOOK_URL: z.string().optional(),
    DISCORD_WEBHOOK_URL_SG_FC: z.string().optional(),
    DISCORD_WEBHOOK_URL_FC_SG: z.string().optional(),
    // Tests only: webhook URLs over plain http on loopback (a local fake Discord) are accepted.
    DISCORD_WEBHOOK_ALLOW_LOOPBACK: booleanish.default(false),
    // How long a change waits before its edit goes, so a burst of joins makes one edit.
    DISCORD_EDIT_DELAY_SECONDS: wholeSetting('DISCORD_EDIT_DELAY_SECONDS', 0, 300, 'seconds').default(10),
    // How often the sweep marks departed or deleted rides' messages over and posts a series' next rides.
    DISCORD_SWEEP_SECONDS: wholeSetting('DISCORD_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60),
    // Sign in with Discord (docs/sign-in.md): both the client id and secret turn it on, neither off.
    DISCORD_CLIENT_ID: z.string().trim().min(1).optional(),
    DISCORD_CLIENT_SECRET: z.string().trim().min(1).optional(),
    DISCORD_API_BASE: z
      .url({ error: 'DISCORD_API_BASE must be an http(s) URL such as https://discord.com/api/v10' })
      .refine((value) => /^https?:\/\//.test(value), {
        error: 'DISCORD_API_BASE must be an http(s) URL such as https://discord.com/api/v10',
      })
      .transform((value) => value.replace(/\/+$/, ''))
      .default('https://discord.com/api/v10'),
    DISCORD_AUTHORIZE_URL: z
      .url({ error: 'DISCORD_AUTHORIZE_URL must be an http(s) URL such as https://discord.com/oauth2/authorize' })
      .refine((value) => /^https?:\/\//.test(value), {
        error: 'DISCORD_AUTHORIZE_URL must be an http(s) URL such as https://discord.com/oauth2/authorize',
      })
      .default('https://discord.com/oauth2/authorize'),
    DISCORD_GUILD_ID: z
      .string()
      .regex(/^\d{1,25}$/, 'DISCORD_GUILD_ID must be a Discord server id (digits only)')
      .optional(),
    // An operator may close password sign-up once the community uses Discord (docs/sign-in.md#password-sign-up).
    PASSWORD_SIGNUP: booleanish.default(true),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const secrets = splitList(env.SESSION_SECRET);
    const https = env.PUBLIC_URL?.startsWith('https://') ?? false;
    let valid = true;
    if (production && secrets.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
      valid = false;
    } else if (secrets.some((secret) => secret.length < 32)) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'must be at least 32 characters (each one, when several are separated by commas)',
      });
      valid = false;
    }
    // Over plain HTTP, session cookies and passwords cross the network readable by anyone on the
    // way; a production run must say so explicitly (a local trial on http://localhost, say).
    if (production && !https && !env.ALLOW_INSECURE_PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'must be an https:// URL in production (set ALLOW_INSECURE_PUBLIC_URL=true to serve plain HTTP on purpose, e.g. a local trial)',
      });
      valid = false;
    }
    const corsOrigins = originList(env.CORS_ORIGIN, 'CORS_ORIGIN', ctx);
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither)',
      });
      valid = false;
    }
    for (const name of DISCORD_WEBHOOK_SETTINGS) {
      const problem = discordWebhookProblem(env[name], env.DISCORD_WEBHOOK_ALLOW_LOOPBACK);
      if (problem) {
        ctx.addIssue({ code: 'custom', path: [name], message: problem });
        valid = false;
      }
    }
    if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
      const missing = env.DISCORD_CLIENT_ID ? 'DISCORD_CLIENT_SECRET' : 'DISCORD_CLIENT_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: `${missing} is missing: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET are set together (or neither, which turns Sign in with Discord off)`,
      });
      valid = false;
    }
    const cspExtraOrigins = originList(env.CSP_EXTRA_ORIGINS, 'CSP_EXTRA_ORIGINS', ctx);
    if (!valid || !corsOrigins || !cspExtraOrigins) return z.NEVER;
    const sessionSecrets = secrets.length > 0 ? secrets : [DEV_SESSION_SECRET];
    return {
      ...env,
      HOST: env.HOST ?? '127.0.0.1',
      /** The secret that signs new session cookies (the first of SESSION_SECRETS). */
      SESSION_SECRET: sessionSecrets[0] ?? DEV_SESSION_SECRET,
      SESSION_SECRETS: sessionSecrets,
      CORS_ORIGINS: corsOrigins,
      CSP_EXTRA_ORIGINS: cspExtraOrigins,
      // Cookies are marked Secure (and the session cookie named __Host-…) exactly when the app is
      // served over HTTPS, so a local run on http://localhost still signs in.
      COOKIE_SECURE: https,
    };
  });

/** How docs/configuration.md shows a setting. */
export interface SettingDoc {
  /** The default as a reader should see it, when the schema's own default does not say it. */
  defaultText?: string;
  /** What it does (Markdown; links relative to docs/). */
  meaning: string;
}

/**
 * What every setting does, in the order docs/configuration.md lists them. The page is generated
 * from this and the schema's defaults (`pnpm --filter @rideshare/api config:docs`), and a test fails
 * when it differs; a new setting fails the typecheck until it is described here.
 */
export const SETTING_DOCS = {
  PORT: { meaning: 'HTTP port' },
  HOST: { defaultText: '`127.0.0.1`', meaning: 'Listen address; set `0.0.0.0` in containers' },
  PUBLIC_URL: {
    defaultText: 'unset',
    meaning:
      "The URL users reach; when it starts with `https://` cookies are marked Secure and the session cookie is named `__Host-rideshare.sid`. Unset, the cookie is marked Secure per request, when it came over HTTPS (through a proxy: only as `TRUST_PROXY` allows), and a process listening beyond loopback says at start-up what else that means ([docs](http-requests.md#secure-cookies)). **Production requires an `https://` URL**. Browsers may make changes (POST/PUT/PATCH/DELETE on `/api`, `/trpc`) only from this origin or `CORS_ORIGIN`; unset, from the origin of the request's own Host",
  },
  ALLOW_INSECURE_PUBLIC_URL: {
    meaning:
      '`true` lets production run without an `https://` `PUBLIC_URL` (a local trial on plain HTTP; `npm start` sets it when no `PUBLIC_URL` is given)',
  },
  DATABASE_URL: { defaultText: 'unset \u2192 embedded', meaning: 'A `postgres://` URL of a Postgres server' },
  DATA_DIR: {
    meaning:
      'Folder of the embedded database (`memory://` for a throwaway one); made private (0700, its files 0600, kept so while open) and locked while a process has it open. The embedded database is reached only through a Unix socket in it (`.s.PGSQL.5432`), never a TCP port (see [Security](security.md#security))',
  },
  EMBEDDED_SHARED_BUFFERS_MB: {
    meaning:
      "The embedded database's page cache (Postgres `shared_buffers`); it stays in the process's memory once used (see [Operations](operations.md#operations))",
  },
  DB_POOL_SIZE: {
    defaultText: '`10`',
    meaning:
      'Connections per process to a Postgres server (the embedded engine is one Postgres session: it always uses one)',
  },
  SESSION_SECRET: {
    defaultText: 'dev default; **required in production**',
    meaning:
      "At least 32 characters; a comma-separated list rotates it (the first signs, all verify; see infra/README.md). `npm start` makes one and keeps it beside the data folder in `<DATA_DIR>.session-secret` (e.g. `data.session-secret`, mode 0600), never inside it, where the embedded database's SQL could read it; one an earlier version kept in `DATA_DIR/.session-secret` is moved out",
  },
  SESSION_MAX_AGE_DAYS: { meaning: 'Absolute session lifetime' },
  SESSION_IDLE_HOURS: { defaultText: '`168` (7 days)', meaning: 'A session ends after this long unused' },
  SESSION_ADMIN_IDLE_HOURS: { meaning: "An administrator's session ends after this long unused" },
  MAP_STYLE_URL: {
    defaultText: 'empty \u2192 OpenStreetMap raster tiles',
    meaning: "MapLibre style URL for the join screen's map",
  },
  PLACE_SEARCH_URL: { meaning: 'Nominatim-compatible place search (`q`, `format=json`)' },
  LOG_LEVEL: { meaning: '`fatal` \u2026 `trace`, or `silent`' },
  NODE_ENV: {
    meaning:
      '`production` requires `SESSION_SECRET` and an `https://` `PUBLIC_URL` (or `ALLOW_INSECURE_PUBLIC_URL=true`)',
  },
  WEB_DIST_DIR: { defaultText: '`apps/web/dist`', meaning: 'Built web app served by the API' },
  TRUST_PROXY: {
    defaultText: 'unset (false)',
    meaning:
      "`true`, or the proxies' addresses/CIDRs (`loopback`, `uniquelocal`, `10.0.0.0/8`), not a hop count; rate limits then key on the real client address, and without `PUBLIC_URL` their `X-Forwarded-Proto: https` marks the session cookie Secure",
  },
  CORS_ORIGIN: {
    defaultText: 'unset (no cross-origin access)',
    meaning: 'Allowed origin(s), comma-separated; their pages may also make changes',
  },
  CSP_EXTRA_ORIGINS: {
    defaultText: 'unset',
    meaning: 'Extra origins the browser may load map data from (added to the Content-Security-Policy)',
  },
  READINESS_TIMEOUT_MS: { meaning: '`/readyz` answers 503 when the database does not answer within this' },
  BODY_LIMIT_BYTES: { meaning: 'Largest accepted request body' },
  RATE_LIMIT_MAX: {
    meaning:
      'Requests per client address per window, every route but `/healthz` and `/readyz` (see [Security](security.md#security))',
  },
  RATE_LIMIT_WINDOW_SECONDS: {
    meaning:
      'Requests per client address per window, every route but `/healthz` and `/readyz` (see [Security](security.md#security))',
  },
  RATE_LIMIT_REGISTER_PER_HOUR: { meaning: 'Registrations per client address per hour' },
  RATE_LIMIT_RIDE_CREATE_PER_HOUR: { meaning: 'Rides one member may create per hour' },
  RATE_LIMIT_RIDES_PER_DAY: {
    meaning:
      'Rides one member may create in 24 hours, each ride of a weekly series counted ([docs/series.md](series.md#rate-limit))',
  },
  RATE_LIMIT_ALERT_PER_HOUR: {
    meaning: 'Ride alerts one member may create or delete per hour ([docs/alerts.md](alerts.md#limits))',
  },
  RATE_LIMIT_JOIN_PER_HOUR: { meaning: 'Rides one member may join per hour' },
  RATE_LIMIT_ASSIGN_PER_HOUR: { meaning: 'Rides one vendor may take per hour' },
  RATE_LIMIT_QUOTE_PER_HOUR: { meaning: 'Quotes one vendor may make or withdraw per hour' },
  RATE_LIMIT_RIDE_EDIT_PER_HOUR: { meaning: 'Ride edits one member may save per hour' },
  RATE_LIMIT_SEQUENCE_PER_HOUR: { meaning: 'Drop-off order changes (move, lock) one member may make per hour' },
  RATE_LIMIT_CANCEL_PER_HOUR: { meaning: 'Rides one member may cancel per hour' },
  RATE_LIMIT_MARK_READ_PER_HOUR: { meaning: 'Times one member may mark notifications read per hour' },
  RATE_LIMIT_PAYMENT_PER_HOUR: {
    meaning:
      'Payment writes (mark paid, confirm, refund, waive, recalculate) one member may make per hour ([docs](payments.md#quiet))',
  },
  RATE_LIMIT_REPORT_PER_HOUR: {
    meaning: 'Chat messages one member may report per hour ([docs](messages.md#reports))',
  },
  RATE_LIMIT_TRIP_PER_HOUR: {
    meaning:
      'Trip writes (stages, undo, late notices, no-shows, share links and their revoking) one member may make per hour ([docs](write-limits.md))',
  },
  EVENTS_MAX_STREAMS_PER_ADDRESS: { meaning: 'Live event streams one client address may hold open (429 past it)' },
  EVENTS_MAX_STREAMS_PER_USER: {
    meaning: 'Live event streams one member may hold open, all devices together (429 past it)',
  },
  EVENTS_MAX_STREAMS: { meaning: 'Live event streams one API process holds at most (503 past it)' },
  EVENTS_MAX_STREAM_MINUTES: {
    meaning: 'A live event stream ends after this long; the client resumes with `Last-Event-ID`',
  },
  LOGIN_MAX_FAILURES_PER_ACCOUNT: {
    meaning: 'Password/reset-code attempts on one account **from one client address** before that address waits',
  },
  LOGIN_MAX_FAILURES_PER_ADDRESS: {
    meaning: 'Attempts from one client address, any accounts (sign-ins in progress included), before it waits',
  },
  LOGIN_MAX_FAILURES_PER_ACCOUNT_ALL: {
    meaning:
      'Attempts on one account from **all** addresses before browsers without its device cookie wait too; browsers that signed in to it before never do ([docs/sign-in-protection.md](sign-in-protection.md))',
  },
  LOGIN_FAILURE_WINDOW_MINUTES: { meaning: 'The first wait; also the quiet time after a wait before a count restarts' },
  LOGIN_MAX_LOCKOUT_MINUTES: { meaning: 'Waits double after each attempt made once a wait ended, up to this' },
  ARGON2_MEMORY_KIB: {
    meaning:
      "argon2id cost (OWASP minimum profile); hashes made with another cost are re-hashed at the owner's next sign-in",
  },
  ARGON2_TIME_COST: {
    meaning:
      "argon2id cost (OWASP minimum profile); hashes made with another cost are re-hashed at the owner's next sign-in",
  },
  ARGON2_MAX_QUEUE: {
    meaning:
      'Password computations that may wait for a free argon2 slot; past this the API answers 503 with `Retry-After`',
  },
  MIGRATE_ON_START: { meaning: 'Apply pending migrations at start-up' },
  SHUTDOWN_TIMEOUT_MS: { meaning: 'Longest graceful shutdown before a forced exit' },
  WAITLIST_SWEEP_SECONDS: {
    meaning:
      'Seconds between runs of the sweep job that passes on lapsed waitlist offers on rides nobody touches; 1 to 86400. Each sweep job runs on its own interval, one instance at a time by an advisory lock, and writes one log line per run ([docs/architecture.md](architecture.md#sweep-jobs))',
  },
  PAYMENT_SWEEP_SECONDS: {
    meaning:
      'Seconds between runs of the sweep job that locks prices, tells organizers their minimum is reached and sends the day-before payment reminders ([docs/payments.md](payments.md#price-lock)); 1 to 86400',
  },
  BORDER_REMINDER_SWEEP_SECONDS: {
    meaning:
      'Seconds between runs of the sweep job that sends the border reminders that are due ([docs/border.md](border.md#reminders)); 1 to 86400',
  },
  PRUNE_SWEEP_SECONDS: {
    meaning:
      'Seconds between runs of the sweep job that prunes inboxes, ended write-limit counts, old leaves and the chat of rides past `MESSAGE_RETENTION_DAYS`; 1 to 86400',
  },
  VENDOR_PICKUP_COUNTRY_RULE: {
    meaning:
      '`on`: a vendor with an SG permit sees and takes SG->FC rides only, an MY permit FC->SG only (a cross-border taxi picks up only in its home country); `off` lifts it. The operator must check the current rules with the authorities: see [docs/vendors.md](vendors.md#licence-rules)',
  },
  VENDOR_CONTACTS_HOURS_BEFORE: {
    meaning:
      "Hours before departure from which a ride's assigned vendor sees its passengers' phone numbers (names, group sizes and stops at once); 0 to 720 ([docs/vendors.md](vendors.md#contacts))",
  },
  RIDER_CONTACTS_HOURS_BEFORE: {
    meaning:
      "Hours before departure from which a ride's passengers see each other's phone numbers (the organizer sees them at once; Revolut usernames go to the organizer only); before it they talk in the ride chat; 0 to 720 ([docs/vendors.md](vendors.md#contacts))",
  },
  TRIP_DEPART_EARLY_MINUTES: {
    meaning:
      'Minutes before the departure time from which `departed` and the later stages may be posted; `arrived` waits for the departure time itself; 0 to 180 ([docs/trip-day.md](trip-day.md#clock))',
  },
  TRIP_WINDOW_HOURS_BEFORE: {
    meaning:
      'Hours before departure from which the trip day opens (stages, late notices, share links), until 24 hours after departure; 0 to 48 ([docs/trip-day.md](trip-day.md#window))',
  },
  VAPID_PUBLIC_KEY: {
    defaultText: 'unset \u2192 made once, kept beside the data folder',
    meaning:
      "The phone notifications' VAPID key pair (base64url), both or neither; set them in production (every instance must share the pair). Unset, the first start makes one and keeps it in `<DATA_DIR>.vapid-keys` (mode 0600, beside the data folder like the session secret), never in a database table; one an earlier version kept in the database moves there ([docs/architecture.md](architecture.md#vapid-keys))",
  },
  VAPID_PRIVATE_KEY: {
    defaultText: 'unset \u2192 made once, kept beside the data folder',
    meaning:
      "The phone notifications' VAPID key pair (base64url), both or neither; set them in production (every instance must share the pair). Unset, the first start makes one and keeps it in `<DATA_DIR>.vapid-keys` (mode 0600, beside the data folder like the session secret), never in a database table; one an earlier version kept in the database moves there ([docs/architecture.md](architecture.md#vapid-keys))",
  },
  VAPID_SUBJECT: {
    defaultText: 'an `https://` `PUBLIC_URL`, else a stand-in',
    meaning: 'Who runs the server, as push services are told: a `mailto:` address or an `https://` URL',
  },
  PUSH_ALLOW_LOOPBACK: {
    meaning: 'Tests only: push endpoints over plain http on loopback are accepted (a local push service)',
  },
  PUSH_ALLOWED_HOST_SUFFIXES: {
    meaning:
      "The push services a browser's subscription may name: https on port 443, no user info, a host equal to one of these or ending in `.` and one; at send time the name must resolve to public addresses only ([docs](architecture.md#push-endpoints))",
  },
  PRICE_LOCK_HOURS: {
    meaning:
      "Hours before departure at which a ride's price locks: each party's amount is fixed, to the cent, until the organizer recalculates; 1 to 720 ([docs/payments.md](payments.md#price-lock))",
  },
  MESSAGES_PER_MINUTE: {
    meaning:
      'Messages one member may post in the ride chats in a minute; past it 429 with the reason ([docs/messages.md](messages.md#limits))',
  },
  MESSAGE_RETENTION_DAYS: {
    meaning:
      "Days after a ride's date its chat messages (and their reports) are deleted by the sweep ([docs/messages.md](messages.md#retention))",
  },
  DISCORD_WEBHOOK_URL: {
    defaultText: 'unset (no announcements)',
    meaning:
      'A Discord channel\'s webhook URL (`https://discord.com/api/webhooks/…` or `https://discordapp.com/api/webhooks/…`): every ride whose organizer left "Announce on Discord" ticked is posted there and kept current ([docs/announcements.md](announcements.md))',
  },
  DISCORD_WEBHOOK_URL_SG_FC: {
    defaultText: 'unset \u2192 `DISCORD_WEBHOOK_URL`',
    meaning: 'A webhook for SG->FC rides only, in place of `DISCORD_WEBHOOK_URL`',
  },
  DISCORD_WEBHOOK_URL_FC_SG: {
    defaultText: 'unset \u2192 `DISCORD_WEBHOOK_URL`',
    meaning: 'A webhook for FC->SG rides only, in place of `DISCORD_WEBHOOK_URL`',
  },
  DISCORD_WEBHOOK_ALLOW_LOOPBACK: {
    meaning:
      'Tests only: the webhook settings also accept `http://127.0.0.1:PORT/…` or `http://localhost:PORT/…` (a local fake Discord), in any `NODE_ENV`; nothing else beyond the two Discord hosts',
  },
  DISCORD_EDIT_DELAY_SECONDS: {
    meaning:
      "How long a ride's change waits before its message is edited, so a burst of joins makes one edit; 0 to 300",
  },
  DISCORD_SWEEP_SECONDS: {
    meaning:
      "Seconds between runs of the sweep job that marks departed or deleted rides' messages over and announces a weekly series' next rides; 1 to 86400",
  },
  DISCORD_CLIENT_ID: {
    defaultText: 'unset (Sign in with Discord off)',
    meaning:
      "The Discord application's client id. With `DISCORD_CLIENT_SECRET` it turns on Sign in with Discord; set one without the other and the server refuses to start, naming the missing one ([docs/sign-in.md](sign-in.md#settings))",
  },
  DISCORD_CLIENT_SECRET: {
    defaultText: 'unset (Sign in with Discord off)',
    meaning: "The Discord application's client secret; set together with `DISCORD_CLIENT_ID` (or neither)",
  },
  DISCORD_API_BASE: {
    meaning:
      "Discord's API: the code is exchanged at `{base}/oauth2/token`, the user read from `{base}/users/@me`, membership from `{base}/users/@me/guilds/{DISCORD_GUILD_ID}/member`",
  },
  DISCORD_AUTHORIZE_URL: { meaning: "Discord's page where the member approves the sign-in" },
  DISCORD_GUILD_ID: {
    defaultText: 'unset (any Discord account)',
    meaning:
      'The community Discord server: when set, only its members may sign in or sign up with Discord (scope `identify guilds.members.read`; otherwise `identify`)',
  },
  PASSWORD_SIGNUP: {
    meaning:
      '`false` turns password sign-up off: `POST /api/register` answers 403 and the web shows Discord only; password sign-in is kept ([docs/sign-in.md](sign-in.md#password-sign-up))',
  },
} satisfies Record<keyof typeof envSchema.in.shape, SettingDoc>;

/** The webhook settings, the one for both directions first. */
export const DISCORD_WEBHOOK_SETTINGS = [
  'DISCORD_WEBHOOK_URL',
  'DISCORD_WEBHOOK_URL_SG_FC',
  'DISCORD_WEBHOOK_URL_FC_SG',
] as const;

const DISCORD_WEBHOOK = /^https:\/\/(discord\.com|discordapp\.com)\/api\/webhooks\/\d+\/[\w-]+$/;
const LOOPBACK_WEBHOOK = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}\/[\w\-/]+$/;

/** Why a webhook URL is refused, or null (unset, or acceptable). */
function discordWebhookProblem(value: string | undefined, allowLoopback: boolean): string | null {
  if (value === undefined) return null;
  if (DISCORD_WEBHOOK.test(value)) return null;
  if (allowLoopback && LOOPBACK_WEBHOOK.test(value)) return null;
  return allowLoopback
    ? 'must be a Discord webhook URL (https://discord.com/api/webhooks/ID/TOKEN) or an http://127.0.0.1:PORT/… address'
    : 'must be a Discord webhook URL: https://discord.com/api/webhooks/ID/TOKEN (or https://discordapp.com/api/webhooks/…)';
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** A comma-separated list of origins (scheme://host[:port], nothing after), or undefined on error. */
function originList(value: string | undefined, name: string, ctx: z.RefinementCtx): string[] | undefined {
  const origins: string[] = [];
  for (const part of splitList(value)) {
    let url: URL | null = null;
    try {
      url = new URL(part);
    } catch {
      url = null;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== part.replace(/\/$/, '')) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `'${part}' is not an origin such as https://rides.example.com (scheme and host, no path)`,
      });
      return undefined;
    }
    origins.push(url.origin);
  }
  return origins;
}

export type Env = z.infer<typeof envSchema> & {
  /** Settings that are set but no longer do anything, as lines for the start-up log. */
  STARTUP_WARNINGS: string[];
};

export class EnvError extends Error {}

/** Settings that were removed, and what replaced them; setting one only earns a warning. */
const RETIRED_SETTINGS: Record<string, string> = {
  ADMIN_DISCORD_USERNAME:
    'ADMIN_DISCORD_USERNAME is no longer used and grants nothing: an operator grants the administrator with `pnpm --filter @rideshare/api admin:grant -- --user NAME` (see docs/security.md)',
};

/** Parses an environment (process.env by default) or throws an EnvError listing every problem. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings mean "unset", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const warnings = Object.keys(RETIRED_SETTINGS)
    .filter((name) => name in cleaned)
    .map((name) => RETIRED_SETTINGS[name] ?? name);
  const exposure = exposureWarning(result.data);
  if (exposure) warnings.push(exposure);
  return { ...result.data, STARTUP_WARNINGS: warnings };
}

/** Whether a listen address only accepts connections from this machine. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * What listening beyond loopback without PUBLIC_URL means, for the start-up log: the app cannot
 * know the address people use, so it decides per request whether they came over HTTPS
 * (docs/http-requests.md#secure-cookies).
 */
function exposureWarning(env: z.infer<typeof envSchema>): string | null {
  if (env.PUBLIC_URL || isLoopback(env.HOST)) return null;
  const proxy = env.TRUST_PROXY
    ? 'directly or, as a proxy in TRUST_PROXY reports it, in X-Forwarded-Proto'
    : 'directly; TRUST_PROXY is not set, so behind a TLS-terminating proxy every request counts as plain HTTP and the cookie is never Secure';
  return (
    `HOST=${env.HOST} accepts connections from other machines and PUBLIC_URL is not set: the session cookie ` +
    `is marked Secure only on requests that arrive over HTTPS (${proxy}); it has no __Host- prefix, HSTS is ` +
    `off, and changes are accepted from pages on whatever host a request names. Set PUBLIC_URL to the ` +
    `https:// address people use.`
  );
}

/**
 * Whether the process runs under the test runner (Vitest sets VITEST): the procedures' answer objects
 * are then strict, so a key their schema does not name fails the test (docs/api.md#answers).
 */
export const UNDER_TEST = process.env.VITEST !== undefined;
