/**
 * Which reads the service worker keeps for offline reading (docs/product.md#offline-rides): the tRPC
 * GET batches the ride page makes (the ride, its passengers, the border checklist, who is signed in). Pure, so it is tested
 * without a worker.
 */

/** The procedures whose answers make a ride page readable offline. */
export const KEPT_PROCEDURES: ReadonlySet<string> = new Set([
  'auth.me',
  'ride.byId',
  'passenger.list',
  'travel.checklist',
]);

/** The cache the kept reads live in (emptied on sign-out). */
export const KEPT_READS_CACHE = 'rideshare-kept-reads-v1';

/** The procedures a tRPC GET path names (`/trpc/a.b,c.d` → ['a.b', 'c.d']); none for other paths. */
export function trpcProcedures(pathname: string): string[] {
  if (!pathname.startsWith('/trpc/')) return [];
  return decodeURIComponent(pathname.slice('/trpc/'.length))
    .split(',')
    .filter((name) => name !== '');
}

/** Whether a same-origin GET is one of the reads kept for offline reading. */
export function isKeptRead(url: URL, method: string): boolean {
  return method === 'GET' && trpcProcedures(url.pathname).some((name) => KEPT_PROCEDURES.has(name));
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
  /** Page → worker: signed out; drop every kept read. */
  | { type: 'forget-reads' };
