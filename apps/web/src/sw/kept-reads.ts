/**
 * Which reads the service worker keeps for offline reading, and for whom (docs/product.md#offline-rides):
 * the tRPC GET batches of the ride page (the ride, its passengers, the border checklist), kept per
 * signed-in member in a cache named with their user id. Pure, so it is tested without a worker.
 */

/** The procedures whose answers make a ride page readable offline. */
export const KEPT_PROCEDURES: ReadonlySet<string> = new Set(['ride.byId', 'passenger.list', 'travel.checklist']);

/**
 * Never kept, whatever is added to {@link KEPT_PROCEDURES}: who is signed in, and the money, the
 * messages and the trip's live state of a ride (whole families, by prefix).
 */
const NEVER_KEPT: ReadonlySet<string> = new Set(['auth.me']);
const NEVER_KEPT_PREFIXES: readonly string[] = ['payment.', 'message.', 'trip.'];

/** The kept reads of one member live in a cache of this name followed by their user id. */
export const KEPT_READS_CACHE_PREFIX = 'rideshare-kept-reads-v2-u';
/** What older builds named their one shared cache: dropped when this worker starts. */
export const RETIRED_KEPT_READS_CACHES: readonly string[] = ['rideshare-kept-reads-v1'];

/** The cache of member `userId`'s kept reads. */
export function keptReadsCacheName(userId: number): string {
  return `${KEPT_READS_CACHE_PREFIX}${String(userId)}`;
}

/** The member a kept-reads cache belongs to, or null for any other cache. */
export function keptReadsCacheUser(cacheName: string): number | null {
  if (!cacheName.startsWith(KEPT_READS_CACHE_PREFIX)) return null;
  const id = cacheName.slice(KEPT_READS_CACHE_PREFIX.length);
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
}

/** Whether one procedure's answer may be kept. */
export function mayKeepProcedure(name: string): boolean {
  if (NEVER_KEPT.has(name) || NEVER_KEPT_PREFIXES.some((prefix) => name.startsWith(prefix))) return false;
  return KEPT_PROCEDURES.has(name);
}

/** The procedures a tRPC GET path names (`/trpc/a.b,c.d` → ['a.b', 'c.d']); none for other paths. */
export function trpcProcedures(pathname: string): string[] {
  if (!pathname.startsWith('/trpc/')) return [];
  return decodeURIComponent(pathname.slice('/trpc/'.length))
    .split(',')
    .filter((name) => name !== '');
}

/** Whether a same-origin GET is kept for offline reading: a batch only when every call in it may be. */
export function isKeptRead(url: URL, method: string): boolean {
  const procedures = trpcProcedures(url.pathname);
  return method === 'GET' && procedures.length > 0 && procedures.every(mayKeepProcedure);
}

/** Whether a kept read is about ride `rideId` (its input names it as `id` or `rideId`). */
export function readIsAboutRide(url: URL, rideId: number): boolean {
  const raw = url.searchParams.get('input');
  if (!raw) return false;
  try {
    const inputs = Object.values(JSON.parse(raw) as Record<string, unknown>);
    return inputs.some((input) => {
      if (typeof input !== 'object' || input === null) return false;
      const { id, rideId: ride } = input as { id?: unknown; rideId?: unknown };
      return id === rideId || ride === rideId;
    });
  } catch {
    return false;
  }
}

/** What the page and the worker say to each other. */
export type WorkerMessage =
  /** Worker → page: an answer came from the kept copy, fetched at `fetchedAt` (an HTTP date). */
  | { type: 'served-from-cache'; fetchedAt: string | null }
  /** Page → worker: the member is not on this ride; drop its copy. */
  | { type: 'forget-ride'; rideId: number }
  /**
   * Page → worker: who is signed in now (null: nobody). Any change drops every other member's kept
   * reads; from then on only this member's are kept and served.
   */
  | { type: 'signed-in'; userId: number | null }
  /** Page → worker: signed out; drop every kept read. */
  | { type: 'forget-reads' };
