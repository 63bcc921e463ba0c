import type { Database } from '@rideshare/db';
import { weekWindow, type RideAudience, type RideListFilters } from '@rideshare/domain';
import type { Kysely } from 'kysely';

import { listRidesPage, readRideListSnapshot, type RideSummary } from '../repositories/ride-repository';
import { encodedBody, type BodyEncoding } from '../http/compression';
import { RidesVersionWatch } from './rides-version';

/** An answer serialised once and sent as the same bytes by every response that gives it. */
export interface SerializedAnswer {
  /**
   * The JSON answer, serialised and UTF-8 encoded once per version. A Buffer, not a string: every
   * response then writes these same bytes, where a string would be encoded into a fresh copy per
   * response (at 10,000 rides, 4 MB each: the bench measured 2.5x the throughput and a fraction of
   * the memory under 50 concurrent clients).
   */
  body: Buffer;
  /** The body compressed, once per encoding (docs/architecture.md#compressed-answers). */
  encoded: (encoding: BodyEncoding) => Promise<Buffer>;
}

/** `value` as JSON bytes, with each compressed copy made on first use and kept. */
export function serializedAnswer(value: unknown): SerializedAnswer {
  const body = Buffer.from(JSON.stringify(value), 'utf8');
  const encodings = new Map<BodyEncoding, Promise<Buffer>>();
  return {
    body,
    encoded: (encoding) => {
      let encoded = encodings.get(encoding);
      if (!encoded) {
        encoded = encodedBody(body, encoding);
        encodings.set(encoding, encoded);
      }
      return encoded;
    },
  };
}

/** The documented GET /api/rides answer for one audience, serialised once per ride-list version. */
export interface CachedRideList extends SerializedAnswer {
  version: number;
  audience: RideAudience;
  /** Names the version and the audience, so a 304 can never confirm the other audience's body. */
  etag: string;
}

/** One page of the home page's ride list: the `ride.list` answer. */
export interface RideListPage {
  items: RideSummary[];
  total: number;
  page: number;
  pageSize: number;
}

export interface RideListPageQuery {
  filters: RideListFilters;
  page: number;
  pageSize: number;
  audience: RideAudience;
}

interface TimedPage {
  page: RideListPage;
  /** The answer holds for `validFrom <= now <= validUntil` (ms) while the ride-list version stays. */
  validFrom: number;
  validUntil: number;
  /** The page as the tRPC GET answer (`{"result":{"data":…}}`), serialised on first use. */
  trpcAnswer?: SerializedAnswer;
}

/**
 * Builds one page of the ride list fresh, and says for how long it holds as time passes: until the
 * next matching ride departs (it would turn past: out of 'upcoming', after the others elsewhere),
 * and for 'thisWeek' until the next later ride slides into the 7-day window.
 */
async function buildPage(db: Kysely<Database>, query: RideListPageQuery, now: Date): Promise<TimedPage> {
  const week = weekWindow(now);
  const { items, total, nextDeparture, nextWindowEntry } = await listRidesPage(db, { ...query, now, week });
  let validUntil = nextDeparture ? nextDeparture.getTime() : Number.POSITIVE_INFINITY;
  // 'thisWeek' slides with the clock: a later ride enters it 7 days before it departs.
  if (nextWindowEntry) {
    const span = week.end.getTime() - week.start.getTime();
    validUntil = Math.min(validUntil, nextWindowEntry.getTime() - span - 1);
  }
  return {
    page: { items, total, page: query.page, pageSize: query.pageSize },
    validFrom: now.getTime(),
    validUntil,
  };
}

/** One page of the ride list, built fresh (no cache): two statements whatever the data size. */
async function readRideListPage(db: Kysely<Database>, query: RideListPageQuery, now: Date): Promise<RideListPage> {
  return (await buildPage(db, query, now)).page;
}

/** At most this many first pages are kept per version (the common ones are 18 filters x 2 audiences). */
const MAX_CACHED_PAGES = 200;

function pageKey(query: RideListPageQuery): string {
  const { time, direction, sort, q } = query.filters;
  // The search last and whole (already folded to its words), so no two searches share a key.
  return `${query.audience}|${time}|${direction}|${sort}|${String(query.pageSize)}|${q}`;
}

/**
 * Ride-list answers kept until a write changes them, for each audience apart (what the public sees
 * differs from what members see, and no answer holds anything per viewer):
 *
 * - the documented full GET /api/rides answer, with its ETag;
 * - the first page of `ride.list` for each filter, sort and page size (later pages are rare and
 *   read fresh), also kept only while time passing cannot change it (see `buildPage`).
 *
 * Database triggers bump `app_state.rides_version` in the same transaction as any write that
 * changes a list, and announce it on commit; `RidesVersionWatch` follows those announcements, so
 * a hit runs no statement while the instance listens, and reads the version when it cannot be sure
 * (see there). Entries of an older version are dropped. A page is built after
 * the version was read, so it is never older than the version it is kept under; the full list is
 * built in one REPEATABLE READ snapshot with the version it is kept under.
 */
export class RideListCache {
  constructor(readonly watch: RidesVersionWatch = new RidesVersionWatch()) {}

  /** The ride-list version the entries below were built at (-1: nothing read yet). */
  private version = -1;
  private readonly lists = new Map<RideAudience, CachedRideList>();
  /** First pages, least recently used first. */
  private readonly pages = new Map<string, TimedPage>();
  /** Builds in flight, so concurrent misses share one instead of each running the queries. */
  private readonly pending = new Map<string, Promise<unknown>>();

  /** The full list (GET /api/rides) as `audience` sees it. */
  async fullList(db: Kysely<Database>, audience: RideAudience): Promise<CachedRideList> {
    this.advance(await this.watch.current(db));
    const hit = this.lists.get(audience);
    if (hit) return hit;
    return this.shared(`list|${audience}|${String(this.version)}`, async () => {
      const built = await buildFullList(db, audience);
      if (this.advance(built.version)) this.lists.set(audience, built);
      return built;
    });
  }

  /** A page of `ride.list` as `query.audience` sees it at `now`; first pages come from the cache. */
  async page(db: Kysely<Database>, query: RideListPageQuery, now: Date): Promise<RideListPage> {
    if (query.page !== 1) return readRideListPage(db, query, now);
    return (await this.firstPage(db, query, now))?.page ?? readRideListPage(db, query, now);
  }

  /**
   * A first page of `ride.list` already serialised as tRPC answers a GET of it
   * (`{"result":{"data":…}}`, the same bytes `page` would give tRPC to serialise), with its
   * compressed copies: made once per cached page, so a hit costs no serialisation or compression.
   * Null when the answer is not one the cache keeps (a later page, or a build that no longer holds
   * at `now`): the caller asks the procedure instead.
   */
  async pageAnswer(db: Kysely<Database>, query: RideListPageQuery, now: Date): Promise<SerializedAnswer | null> {
    if (query.page !== 1) return null;
    const entry = await this.firstPage(db, query, now);
    if (!entry) return null;
    entry.trpcAnswer ??= serializedAnswer({ result: { data: entry.page } });
    return entry.trpcAnswer;
  }

  /** The cached first page for `query` at `now`, built when missing; null when no build holds at `now`. */
  private async firstPage(db: Kysely<Database>, query: RideListPageQuery, now: Date): Promise<TimedPage | null> {
    const version = await this.watch.current(db);
    const current = this.advance(version);
    const key = pageKey(query);
    const at = now.getTime();
    const hit = current ? this.pages.get(key) : undefined;
    if (hit && hit.validFrom <= at && at <= hit.validUntil) {
      // Most recently used last: the map drops from the front when full.
      this.pages.delete(key);
      this.pages.set(key, hit);
      return hit;
    }
    const built = await this.shared(`page|${key}|${String(version)}`, async () => {
      const fresh = await buildPage(db, query, now);
      if (this.advance(version)) this.keepPage(key, fresh);
      return fresh;
    });
    // A build shared with a request from a moment ago may not hold at this request's `now`.
    return built.validFrom <= at && at <= built.validUntil ? built : null;
  }

  /**
   * Moves to `version` when it is newer (dropping every older entry); true when entries may be kept
   * at `version` (it is the current one), false for a version older than what is already held.
   */
  private advance(version: number): boolean {
    if (version > this.version) {
      this.version = version;
      this.lists.clear();
      this.pages.clear();
    }
    return version === this.version;
  }

  private keepPage(key: string, entry: TimedPage): void {
    this.pages.delete(key);
    this.pages.set(key, entry);
    if (this.pages.size > MAX_CACHED_PAGES) {
      const oldest = this.pages.keys().next().value;
      if (oldest !== undefined) this.pages.delete(oldest);
    }
  }

  private shared<T>(key: string, build: () => Promise<T>): Promise<T> {
    let running = this.pending.get(key) as Promise<T> | undefined;
    if (!running) {
      running = build().finally(() => {
        this.pending.delete(key);
      });
      this.pending.set(key, running);
    }
    return running;
  }
}

async function buildFullList(db: Kysely<Database>, audience: RideAudience): Promise<CachedRideList> {
  const { version, rides } = await readRideListSnapshot(db, audience);
  return { version, audience, etag: `W/"rides-${String(version)}-${audience}"`, ...serializedAnswer(rides) };
}
