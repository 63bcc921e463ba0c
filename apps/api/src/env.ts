import { z } from 'zod';

import { DISCORD_WEBHOOK_SETTINGS, discordWebhookProblem, originList, splitList } from './settings/checks';
import { featureSettings } from './settings/features';
import { limitsSettings } from './settings/limits';
import { serverSettings } from './settings/server';

/**
 * The only place that reads process.env. Every setting is validated at start-up; a bad value stops
 * the process with a message naming the variable, instead of failing later on a request. The settings
 * are declared, each with its description, in settings/ (docs/configuration.md is generated from them).
 */
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me-0123456789';

export const envSchema = z
  .object({ ...serverSettings, ...limitsSettings, ...featureSettings })
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
