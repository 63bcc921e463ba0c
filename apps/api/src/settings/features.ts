import {
  DEFAULT_MESSAGES_PER_MINUTE,
  DEFAULT_MESSAGE_RETENTION_DAYS,
  DEFAULT_PRICE_LOCK_HOURS,
  DEFAULT_RIDER_CONTACTS_HOURS_BEFORE,
  DEFAULT_TRIP_DEPART_EARLY_MINUTES,
  DEFAULT_TRIP_WINDOW_HOURS_BEFORE,
  DEFAULT_VENDOR_CONTACTS_HOURS_BEFORE,
} from '@rideshare/domain';
import { z } from 'zod';

import { DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES } from '../push/endpoint-policy';
import { booleanish, wholeSetting, HOST_NAME, splitList } from './checks';

/**
 * The sweep jobs and the product's own rules: vendors, the trip day, phone notifications, prices,
 * the chat and Discord. Each one carries its description for docs/configuration.md (`.meta`).
 */
export const featureSettings = {
  MIGRATE_ON_START: booleanish.default(true).meta({ description: 'Apply pending migrations at start-up' }),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .meta({ description: 'Longest graceful shutdown before a forced exit' }),
  // How often this instance runs each sweep job (services/sweep.ts; an advisory lock per job lets
  // one instance run it at a time): lapsed waitlist offers, price locks and payment reminders,
  // border reminders, pruning.
  WAITLIST_SWEEP_SECONDS: wholeSetting('WAITLIST_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60).meta({
    description:
      'Seconds between runs of the sweep job that passes on lapsed waitlist offers on rides nobody touches; 1 to 86400. Each sweep job runs on its own interval, one instance at a time by an advisory lock, and writes one log line per run ([docs/architecture.md](architecture.md#sweep-jobs))',
  }),
  PAYMENT_SWEEP_SECONDS: wholeSetting('PAYMENT_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60).meta({
    description:
      'Seconds between runs of the sweep job that locks prices, tells organizers their minimum is reached and sends the day-before payment reminders ([docs/payments.md](payments.md#price-lock)); 1 to 86400',
  }),
  BORDER_REMINDER_SWEEP_SECONDS: wholeSetting('BORDER_REMINDER_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60).meta({
    description:
      'Seconds between runs of the sweep job that sends the border reminders that are due ([docs/border.md](border.md#reminders)); 1 to 86400',
  }),
  PRUNE_SWEEP_SECONDS: wholeSetting('PRUNE_SWEEP_SECONDS', 1, 86_400, 'seconds').default(3600).meta({
    description:
      'Seconds between runs of the sweep job that prunes inboxes, ended write-limit counts, old leaves and the chat of rides past `MESSAGE_RETENTION_DAYS`; 1 to 86400',
  }),
  // A vendor's permit country decides the direction it may take (docs/vendors.md#licence-rules).
  VENDOR_PICKUP_COUNTRY_RULE: z
    .enum(['on', 'off'], { error: 'VENDOR_PICKUP_COUNTRY_RULE must be on or off' })
    .default('on')
    .meta({
      description:
        '`on`: a vendor with an SG permit sees and takes SG->FC rides only, an MY permit FC->SG only (a cross-border taxi picks up only in its home country); `off` lifts it. The operator must check the current rules with the authorities: see [docs/vendors.md](vendors.md#licence-rules)',
    }),
  // How long before departure the assigned vendor sees the passengers' numbers (docs/vendors.md#contacts).
  VENDOR_CONTACTS_HOURS_BEFORE: wholeSetting('VENDOR_CONTACTS_HOURS_BEFORE', 0, 720, 'hours')
    .default(DEFAULT_VENDOR_CONTACTS_HOURS_BEFORE)
    .meta({
      description:
        "Hours before departure from which a ride's assigned vendor sees its passengers' phone numbers (names, group sizes and stops at once); 0 to 720 ([docs/vendors.md](vendors.md#contacts))",
    }),
  // How long before departure co-riders see each other's numbers (docs/vendors.md#contacts).
  RIDER_CONTACTS_HOURS_BEFORE: wholeSetting('RIDER_CONTACTS_HOURS_BEFORE', 0, 720, 'hours')
    .default(DEFAULT_RIDER_CONTACTS_HOURS_BEFORE)
    .meta({
      description:
        "Hours before departure from which a ride's passengers see each other's phone numbers (the organizer sees them at once; Revolut usernames go to the organizer only); before it they talk in the ride chat; 0 to 720 ([docs/vendors.md](vendors.md#contacts))",
    }),
  // How long before departure the trip day opens: stages, late notices (docs/trip-day.md#window).
  TRIP_WINDOW_HOURS_BEFORE: wholeSetting('TRIP_WINDOW_HOURS_BEFORE', 0, 48, 'hours')
    .default(DEFAULT_TRIP_WINDOW_HOURS_BEFORE)
    .meta({
      description:
        'Hours before departure from which the trip day opens (stages, late notices, share links), until 24 hours after departure; 0 to 48 ([docs/trip-day.md](trip-day.md#window))',
    }),
  // How long before the departure time the car may be marked as departed (docs/trip-day.md#clock).
  TRIP_DEPART_EARLY_MINUTES: wholeSetting('TRIP_DEPART_EARLY_MINUTES', 0, 180, 'minutes')
    .default(DEFAULT_TRIP_DEPART_EARLY_MINUTES)
    .meta({
      description:
        'Minutes before the departure time from which `departed` and the later stages may be posted; `arrived` waits for the departure time itself; 0 to 180 ([docs/trip-day.md](trip-day.md#clock))',
    }),
  // Phone notifications (docs/architecture.md#vapid-keys): a VAPID key pair (base64url, both or
  // neither; unset, one is made at first start and kept beside the data folder) and who runs the server.
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional()
    .meta({
      description:
        "The phone notifications' VAPID key pair (base64url), both or neither; set them in production (every instance must share the pair). Unset, the first start makes one and keeps it in `<DATA_DIR>.vapid-keys` (mode 0600, beside the data folder like the session secret), never in a database table; one an earlier version kept in the database moves there ([docs/architecture.md](architecture.md#vapid-keys))",
      defaultText: 'unset → made once, kept beside the data folder',
    }),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional()
    .meta({
      description:
        "The phone notifications' VAPID key pair (base64url), both or neither; set them in production (every instance must share the pair). Unset, the first start makes one and keeps it in `<DATA_DIR>.vapid-keys` (mode 0600, beside the data folder like the session secret), never in a database table; one an earlier version kept in the database moves there ([docs/architecture.md](architecture.md#vapid-keys))",
      defaultText: 'unset → made once, kept beside the data folder',
    }),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: address or an https:// URL')
    .optional()
    .meta({
      description: 'Who runs the server, as push services are told: a `mailto:` address or an `https://` URL',
      defaultText: 'an `https://` `PUBLIC_URL`, else a stand-in',
    }),
  // Tests only: push endpoints on loopback over plain http are accepted (a local push service).
  PUSH_ALLOW_LOOPBACK: booleanish.default(false).meta({
    description: 'Tests only: push endpoints over plain http on loopback are accepted (a local push service)',
  }),
  // The push services a browser's endpoint may name (docs/architecture.md#push-endpoints).
  PUSH_ALLOWED_HOST_SUFFIXES: z
    .string()
    .default(DEFAULT_PUSH_ALLOWED_HOST_SUFFIXES.join(','))
    .transform((value) => splitList(value).map((host) => host.toLowerCase().replace(/^\./, '')))
    .refine((hosts) => hosts.length > 0 && hosts.every((host) => HOST_NAME.test(host)), {
      error: 'PUSH_ALLOWED_HOST_SUFFIXES must be a comma-separated list of host names (e.g. fcm.googleapis.com)',
    })
    .meta({
      description:
        "The push services a browser's subscription may name: https on port 443, no user info, a host equal to one of these or ending in `.` and one; at send time the name must resolve to public addresses only ([docs](architecture.md#push-endpoints))",
    }),
  // How long before departure a ride's price locks (docs/payments.md#price-lock).
  PRICE_LOCK_HOURS: wholeSetting('PRICE_LOCK_HOURS', 1, 720, 'hours').default(DEFAULT_PRICE_LOCK_HOURS).meta({
    description:
      "Hours before departure at which a ride's price locks: each party's amount is fixed, to the cent, until the organizer recalculates; 1 to 720 ([docs/payments.md](payments.md#price-lock))",
  }),
  // The ride chat (docs/messages.md): messages one member may post in a minute, and how many days
  // after the ride's date its messages are deleted by the sweep.
  MESSAGES_PER_MINUTE: wholeSetting('MESSAGES_PER_MINUTE', 1, 1000).default(DEFAULT_MESSAGES_PER_MINUTE).meta({
    description:
      'Messages one member may post in the ride chats in a minute; past it 429 with the reason ([docs/messages.md](messages.md#limits))',
  }),
  MESSAGE_RETENTION_DAYS: wholeSetting('MESSAGE_RETENTION_DAYS', 1, 3650, 'days')
    .default(DEFAULT_MESSAGE_RETENTION_DAYS)
    .meta({
      description:
        "Days after a ride's date its chat messages (and their reports) are deleted by the sweep ([docs/messages.md](messages.md#retention))",
    }),
  // Ride announcements in a Discord channel (docs/announcements.md): one webhook, or one per
  // direction; unset, nothing is announced. Checked in the transform below.
  DISCORD_WEBHOOK_URL: z.string().optional().meta({
    description:
      'A Discord channel\'s webhook URL (`https://discord.com/api/webhooks/…` or `https://discordapp.com/api/webhooks/…`): every ride whose organizer left "Announce on Discord" ticked is posted there and kept current ([docs/announcements.md](announcements.md))',
    defaultText: 'unset (no announcements)',
  }),
  DISCORD_WEBHOOK_URL_SG_FC: z.string().optional().meta({
    description: 'A webhook for SG->FC rides only, in place of `DISCORD_WEBHOOK_URL`',
    defaultText: 'unset → `DISCORD_WEBHOOK_URL`',
  }),
  DISCORD_WEBHOOK_URL_FC_SG: z.string().optional().meta({
    description: 'A webhook for FC->SG rides only, in place of `DISCORD_WEBHOOK_URL`',
    defaultText: 'unset → `DISCORD_WEBHOOK_URL`',
  }),
  // Tests only: webhook URLs over plain http on loopback (a local fake Discord) are accepted.
  DISCORD_WEBHOOK_ALLOW_LOOPBACK: booleanish.default(false).meta({
    description:
      'Tests only: the webhook settings also accept `http://127.0.0.1:PORT/…` or `http://localhost:PORT/…` (a local fake Discord), in any `NODE_ENV`; nothing else beyond the two Discord hosts',
  }),
  // How long a change waits before its edit goes, so a burst of joins makes one edit.
  DISCORD_EDIT_DELAY_SECONDS: wholeSetting('DISCORD_EDIT_DELAY_SECONDS', 0, 300, 'seconds').default(10).meta({
    description:
      "How long a ride's change waits before its message is edited, so a burst of joins makes one edit; 0 to 300",
  }),
  // How often the sweep marks departed or deleted rides' messages over and posts a series' next rides.
  DISCORD_SWEEP_SECONDS: wholeSetting('DISCORD_SWEEP_SECONDS', 1, 86_400, 'seconds').default(60).meta({
    description:
      "Seconds between runs of the sweep job that marks departed or deleted rides' messages over and announces a weekly series' next rides; 1 to 86400",
  }),
  // Sign in with Discord (docs/sign-in.md): both the client id and secret turn it on, neither off.
  DISCORD_CLIENT_ID: z.string().trim().min(1).optional().meta({
    description:
      "The Discord application's client id. With `DISCORD_CLIENT_SECRET` it turns on Sign in with Discord; set one without the other and the server refuses to start, naming the missing one ([docs/sign-in.md](sign-in.md#settings))",
    defaultText: 'unset (Sign in with Discord off)',
  }),
  DISCORD_CLIENT_SECRET: z.string().trim().min(1).optional().meta({
    description: "The Discord application's client secret; set together with `DISCORD_CLIENT_ID` (or neither)",
    defaultText: 'unset (Sign in with Discord off)',
  }),
  DISCORD_API_BASE: z
    .url({ error: 'DISCORD_API_BASE must be an http(s) URL such as https://discord.com/api/v10' })
    .refine((value) => /^https?:\/\//.test(value), {
      error: 'DISCORD_API_BASE must be an http(s) URL such as https://discord.com/api/v10',
    })
    .transform((value) => value.replace(/\/+$/, ''))
    .default('https://discord.com/api/v10')
    .meta({
      description:
        "Discord's API: the code is exchanged at `{base}/oauth2/token`, the user read from `{base}/users/@me`, membership from `{base}/users/@me/guilds/{DISCORD_GUILD_ID}/member`",
    }),
  DISCORD_AUTHORIZE_URL: z
    .url({ error: 'DISCORD_AUTHORIZE_URL must be an http(s) URL such as https://discord.com/oauth2/authorize' })
    .refine((value) => /^https?:\/\//.test(value), {
      error: 'DISCORD_AUTHORIZE_URL must be an http(s) URL such as https://discord.com/oauth2/authorize',
    })
    .default('https://discord.com/oauth2/authorize')
    .meta({ description: "Discord's page where the member approves the sign-in" }),
  DISCORD_GUILD_ID: z
    .string()
    .regex(/^\d{1,25}$/, 'DISCORD_GUILD_ID must be a Discord server id (digits only)')
    .optional()
    .meta({
      description:
        'The community Discord server: when set, only its members may sign in or sign up with Discord (scope `identify guilds.members.read`; otherwise `identify`)',
      defaultText: 'unset (any Discord account)',
    }),
  // An operator may close password sign-up once the community uses Discord (docs/sign-in.md#password-sign-up).
  PASSWORD_SIGNUP: booleanish.default(true).meta({
    description:
      '`false` turns password sign-up off: `POST /api/register` answers 403 and the web shows Discord only; password sign-in is kept ([docs/sign-in.md](sign-in.md#password-sign-up))',
  }),
};
