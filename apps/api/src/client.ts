/**
 * A typed tRPC client for internal scripts and tools running outside the browser
 * (`import { createApiClient } from '@rideshare/api/client'`). Node's fetch keeps no cookies, so the
 * client carries its own small jar: the session cookie set at sign-in goes with every later call.
 *
 * @example
 *   const api = createApiClient({ baseUrl: 'http://127.0.0.1:3000' });
 *   await api.signIn('admin', process.env.ADMIN_PASSWORD);
 *   await api.trpc.admin.resetUserPassword.mutate({ discordUsername: 'bob', newPassword: '…' });
 *   await api.signOut();
 */
import { createTRPCClient, httpBatchLink, type TRPCClient } from '@trpc/client';

import type { PublicUser } from './repositories/user-repository';
import type { AppRouter } from './routers/app-router';

type TRPCFetchFn = NonNullable<Parameters<typeof httpBatchLink<AppRouter>>[0]['fetch']>;

export interface ApiClientOptions {
  /** Where the API is served, e.g. http://127.0.0.1:3000 (tRPC is at `${baseUrl}/trpc`). */
  baseUrl: string;
  /** A fetch implementation (defaults to the global one). */
  fetch?: typeof fetch;
}

export interface ApiClient {
  /** Every procedure of the API, typed from the router. */
  trpc: TRPCClient<AppRouter>;
  /** Logs in (auth.login) and keeps the session cookie for the following calls. */
  signIn(discordUsername: string, password: string): Promise<PublicUser>;
  /** Logs out server-side (auth.logout) and forgets the cookie. */
  signOut(): Promise<void>;
  /** Whether a session cookie is currently held. */
  hasSession(): boolean;
}

/** Cookies by name, for the one origin this client talks to. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  header(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(setCookieHeaders: readonly string[], now = Date.now()): void {
    for (const line of setCookieHeaders) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attrValue = ''] = attribute.split('=').map((part) => part.trim());
        if (key.toLowerCase() === 'max-age' && Number(attrValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires') {
          const at = Date.parse(attribute.slice(attribute.indexOf('=') + 1).trim());
          if (!Number.isNaN(at) && at <= now) expired = true;
        }
      }
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  clear(): void {
    this.cookies.clear();
  }

  get size(): number {
    return this.cookies.size;
  }
}

/** Builds a client for the API at `baseUrl`; see the module comment for an example. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? fetch;
  const jar = new CookieJar();

  const fetchWithCookies: TRPCFetchFn = async (input, init) => {
    const headers = new Headers(init?.headers);
    const cookie = jar.header();
    if (cookie) headers.set('cookie', cookie);
    const response = await fetchImpl(input as string | URL, {
      ...init,
      headers,
      // The session cookie must never follow a redirect to somewhere else; the API never redirects.
      redirect: 'error',
    });
    jar.store(response.headers.getSetCookie());
    return response;
  };

  const trpc = createTRPCClient<AppRouter>({
    // Long batches (an export asking for many rides' passengers) are split rather than sent as
    // one URL longer than servers and proxies accept, or with more calls than the API takes (10).
    links: [httpBatchLink({ url: `${baseUrl}/trpc`, fetch: fetchWithCookies, maxURLLength: 4000, maxItems: 10 })],
  });

  return {
    trpc,
    async signIn(discordUsername, password) {
      return trpc.auth.login.mutate({ discordUsername, password });
    },
    async signOut() {
      try {
        if (jar.size > 0) await trpc.auth.logout.mutate();
      } finally {
        jar.clear();
      }
    },
    hasSession() {
      return jar.size > 0;
    },
  };
}
