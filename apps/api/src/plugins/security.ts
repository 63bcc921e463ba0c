/**
 * Response hardening, registered before any route: security headers (docs/http-requests.md#security-headers:
 * the document set from @fastify/helmet on HTML pages only, a short set on everything else), the
 * cross-site write check (changes to /api and /trpc only from the app's own pages or CORS_ORIGIN;
 * REST bodies only as JSON), and CORS that is closed unless CORS_ORIGIN lists the origins allowed to
 * call the API from a browser. Body size is limited by Fastify's bodyLimit (BODY_LIMIT_BYTES) and
 * client addresses come from TRUST_PROXY, both set in buildApp.
 */
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Env } from '../env';
import { apiPathKind } from '../http/request-path';
import { UNSUPPORTED_MEDIA_TYPE_MESSAGE } from './error-handler';

/**
 * Fastify's trustProxy from TRUST_PROXY: 'true' (trust every hop: only when nothing can reach the
 * API except through the proxy), or the proxies' addresses, CIDR ranges or proxy-addr's names
 * ('loopback', 'linklocal', 'uniquelocal'), comma-separated. Then request.ip, which keys the login
 * rate limit, is the client's address from X-Forwarded-For rather than the load balancer's. Unset:
 * the socket's peer, and X-Forwarded-For is ignored, so a client cannot forge its address.
 */
export function trustProxyOption(env: Env): boolean | string[] {
  const value = env.TRUST_PROXY?.trim();
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Raster tiles the web app uses when MAP_STYLE_URL is empty. */
export const DEFAULT_TILE_ORIGIN = 'https://tile.openstreetmap.org';

/** The origin of an absolute http(s) URL; null for relative or unparsable values (same origin). */
export function originOf(value: string): string | null {
  if (!/^https?:\/\//i.test(value.trim())) return null;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return null;
  }
}

/**
 * The outside origins the browser talks to: the map style (and its tiles, sprites and glyphs,
 * which usually share its host) or the default tiles, the place search, and any the operator adds
 * with CSP_EXTRA_ORIGINS (a style whose tiles live on another host).
 */
export function externalOrigins(env: Env): string[] {
  const map = env.MAP_STYLE_URL.trim() === '' ? DEFAULT_TILE_ORIGIN : originOf(env.MAP_STYLE_URL);
  const search = originOf(env.PLACE_SEARCH_URL);
  const all = [map, search, ...env.CSP_EXTRA_ORIGINS].filter((o): o is string => o !== null);
  return [...new Set(all)];
}

/** The Content-Security-Policy directives (helmet's names), exported for tests and docs/security.md. */
export function contentSecurityPolicyDirectives(env: Env): Record<string, string[]> {
  const outside = externalOrigins(env);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // Vite emits module scripts as files; nothing inline, nothing evaluated.
    'script-src': ["'self'"],
    // Mantine and MapLibre set style attributes and inject <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Tiles arrive as fetched blobs or plain images; markers and icons are data: URIs.
    'img-src': ["'self'", 'data:', 'blob:', ...outside],
    'font-src': ["'self'", 'data:'],
    // MapLibre fetches style, tiles, sprites and glyphs; the place search is a fetch too.
    'connect-src': ["'self'", ...outside],
    // MapLibre starts its workers from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'child-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'manifest-src': ["'self'"],
  };
  // Only over HTTPS: on a plain-HTTP run (http://localhost) it would send every request to https.
  if (env.COOKIE_SECURE) directives['upgrade-insecure-requests'] = [];
  return directives;
}

const PERMISSIONS_POLICY = 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)';

/** What an API answer opened as a page may do: nothing, and not inside a frame. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Whether an answer is an HTML document (the app's page), judged by its Content-Type. */
export function isHtmlDocument(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^\s*text\/html\b/i.test(contentType);
}

const CORS_ALLOWED_METHODS = 'GET, HEAD, POST, PATCH, PUT, DELETE, OPTIONS';
const CORS_ALLOWED_HEADERS = 'content-type, x-request-id, trpc-accept, x-trpc-source';
const CORS_MAX_AGE_SECONDS = '600';

const HSTS_MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** host[:port] of an origin, lower-cased; null for 'null' and anything unparsable. */
function hostOfOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may go ahead, judged the way browsers label their requests
 * (the session cookie is SameSite=Lax, which leaves same-site and top-level-POST gaps):
 * - with an Origin: it must be the app's own origin or one in CORS_ORIGIN. The own origin is
 *   PUBLIC_URL's when set; otherwise the request's Host (X-Forwarded-Host only under TRUST_PROXY),
 *   compared as host[:port] so a TLS-terminating proxy or the Vite dev proxy (which keeps the
 *   browser's Host, changeOrigin: false) still matches;
 * - without an Origin, Sec-Fetch-Site must be same-origin or none (typed by the user);
 * - with neither, the caller is not a browser (curl, scripts, the typed client, another server)
 *   and cannot be carrying someone else's cookie by accident: allowed.
 */
export function crossSiteRefusal(
  request: Pick<FastifyRequest, 'headers' | 'host'>,
  allowed: { publicOrigin: string | null; corsOrigins: ReadonlySet<string> },
): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string') {
    if (allowed.corsOrigins.has(origin)) return null;
    if (allowed.publicOrigin !== null) {
      if (origin === allowed.publicOrigin) return null;
    } else {
      const host = hostOfOrigin(origin);
      if (host !== null && host === request.host.toLowerCase()) return null;
    }
    return `Cross-site request refused: changes can only be made from this app's own pages (origin ${origin.slice(0, 100)} is not allowed)`;
  }
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
    return `Cross-site request refused: changes can only be made from this app's own pages (Sec-Fetch-Site: ${site.slice(0, 20)})`;
  }
  return null;
}

/**
 * Whether the request carries a body, as Fastify decides before parsing one: a Transfer-Encoding
 * or a Content-Length other than 0. A bodyless POST (logout, lockSequence, assign) needs no type.
 */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function applyCors(allowed: ReadonlySet<string>, request: FastifyRequest, reply: FastifyReply): boolean {
  // Caches must not hand one origin's answer to another.
  reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  if (!origin || !allowed.has(origin)) return false;
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-allow-credentials', 'true');
  reply.header('access-control-expose-headers', 'x-request-id, etag');
  return true;
}

export const securityPlugin = fp(
  async (app: FastifyInstance, opts: { env: Env }) => {
    const { env } = opts;
    // The document set is computed by helmet, but sent only where a browser applies it: the HTML
    // page. Scripts, stylesheets and JSON get the few headers that protect a response itself, so a
    // page load does not carry a kilobyte of policy on each of its files
    // (docs/http-requests.md#security-headers).
    await app.register(fastifyHelmet, {
      global: false,
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives(env) },
      // Map tiles from other origins carry no CORP/CORS headers that require-corp would demand.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // OpenStreetMap's tile policy asks for a Referer; send the origin only, never paths.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: env.COOKIE_SECURE ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
      xFrameOptions: { action: 'deny' },
    });
    const everyAnswer: Record<string, string> = {
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
      ...(env.COOKIE_SECURE ? { 'strict-transport-security': `max-age=${String(HSTS_MAX_AGE_SECONDS)}` } : {}),
    };
    app.addHook('onRequest', async (_request, reply) => {
      void reply.headers(everyAnswer);
    });
    app.addHook('onSend', async (request, reply) => {
      if (isHtmlDocument(reply.getHeader('content-type'))) {
        void reply.header('permissions-policy', PERMISSIONS_POLICY);
        // Sets helmet's headers on the raw response, which Node merges into the head it writes.
        reply.helmet();
        return;
      }
      const api = apiPathKind(request.url);
      if (api.rest || api.trpc) void reply.header('content-security-policy', API_CONTENT_SECURITY_POLICY);
    });

    // Cross-site writes: checked before the session is loaded or a body is read.
    const writeOrigins = {
      publicOrigin: env.PUBLIC_URL ? originOf(env.PUBLIC_URL) : null,
      corsOrigins: new Set(env.CORS_ORIGINS),
    };
    app.addHook('onRequest', async (request, reply) => {
      if (!UNSAFE_METHODS.has(request.method)) return;
      const api = apiPathKind(request.url);
      if (!api.rest && !api.trpc) return;
      const refusal = crossSiteRefusal(request, writeOrigins);
      if (refusal !== null) {
        request.log.warn(
          { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
          'cross-site write refused',
        );
        return reply.code(403).send({ error: refusal });
      }
      // A text/plain or form body is what an HTML form on another site can send without a
      // preflight; the REST paths take JSON only (tRPC refuses other types itself).
      if (api.rest && hasBody(request) && !isJson(request.headers['content-type'])) {
        return reply.code(415).send({ error: UNSUPPORTED_MEDIA_TYPE_MESSAGE });
      }
    });

    if (env.CORS_ORIGINS.length === 0) return;
    const allowed = new Set(env.CORS_ORIGINS);
    app.addHook('onRequest', async (request, reply) => {
      const permitted = applyCors(allowed, request, reply);
      const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
      if (!preflight) return;
      if (!permitted) {
        return reply.code(403).send({ error: 'Origin not allowed' });
      }
      return reply
        .code(204)
        .header('access-control-allow-methods', CORS_ALLOWED_METHODS)
        .header('access-control-allow-headers', CORS_ALLOWED_HEADERS)
        .header('access-control-max-age', CORS_MAX_AGE_SECONDS)
        .send();
    });
  },
  { name: 'security' },
);
