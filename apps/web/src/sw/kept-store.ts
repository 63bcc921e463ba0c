/**
 * The worker's store of kept reads, one cache per member (docs/product.md#offline-rides). Exactly one
 * member's cache exists at a time: its name says who is signed in as far as the worker knows, so the
 * worker remembers it across restarts without any other state. Every step that reads or changes the
 * store runs one after another, so an answer fetched for one member is never stored or served after
 * the worker learnt of another.
 */
import { keptReadsCacheName, keptReadsCacheUser, RETIRED_KEPT_READS_CACHES } from './kept-reads';

let queue: Promise<unknown> = Promise.resolve();

/** Runs `step` after every step queued before it. */
function serially<T>(step: () => Promise<T>): Promise<T> {
  const run = queue.then(step, step);
  queue = run.catch(() => undefined);
  return run;
}

/** The name of the signed-in member's cache, or null when the worker knows of nobody signed in. */
async function currentCacheName(storage: CacheStorage): Promise<string | null> {
  const names = (await storage.keys()).filter((name) => keptReadsCacheUser(name) !== null);
  if (names.length === 1) return names[0] ?? null;
  // Two members' caches would mean a lost step: nobody's copy is trusted.
  await Promise.all(names.map((name) => storage.delete(name)));
  return null;
}

/**
 * Who is signed in now (null: nobody): every other member's kept reads are dropped, and the member's
 * own cache is made when missing (so the worker knows whom it keeps for).
 */
export function switchMember(storage: CacheStorage, userId: number | null): Promise<void> {
  return serially(async () => {
    const keep = userId === null ? null : keptReadsCacheName(userId);
    const names = await storage.keys();
    await Promise.all(
      names
        .filter(
          (name) => RETIRED_KEPT_READS_CACHES.includes(name) || (keptReadsCacheUser(name) !== null && name !== keep),
        )
        .map((name) => storage.delete(name)),
    );
    if (keep) await storage.open(keep);
  });
}

/** The cache the next answer belongs to: the signed-in member's as the worker knows it, or null. */
export function keptCacheNow(storage: CacheStorage): Promise<string | null> {
  return serially(() => currentCacheName(storage));
}

/** Stores an answer for the member of `cacheName`, unless another member signed in meanwhile. */
export function keepAnswer(
  storage: CacheStorage,
  cacheName: string,
  request: Request,
  answer: Response,
): Promise<void> {
  return serially(async () => {
    if ((await currentCacheName(storage)) !== cacheName) return;
    await (await storage.open(cacheName)).put(request, answer);
  });
}

/** The kept answer for the member of `cacheName`, unless another member signed in meanwhile. */
export function keptAnswer(storage: CacheStorage, cacheName: string, request: Request): Promise<Response | undefined> {
  return serially(async () => {
    if ((await currentCacheName(storage)) !== cacheName) return undefined;
    return (await storage.open(cacheName)).match(request);
  });
}

/** Drops the signed-in member's kept reads that `matches` picks. */
export function forgetKept(storage: CacheStorage, matches: (request: Request) => boolean): Promise<void> {
  return serially(async () => {
    const name = await currentCacheName(storage);
    if (!name) return;
    const cache = await storage.open(name);
    const requests = await cache.keys();
    await Promise.all(requests.filter(matches).map((request) => cache.delete(request)));
  });
}
