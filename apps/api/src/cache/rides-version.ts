import type { Database } from '@rideshare/db';
import type { Kysely } from 'kysely';
import { z } from 'zod';

import { readRidesVersion } from '../repositories/ride-repository';

/**
 * What the database announces on the live channel each time the ride-list version moves (the
 * `bump_rides_version` trigger, in the transaction of the write; delivered on commit).
 */
const ridesVersionSchema = z.object({ kind: z.literal('rides.version'), version: z.number().int().nonnegative() });

/** The version a `rides.version` notification announces, or null for any other payload. */
export function parseRidesVersion(payload: string): number | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  const result = ridesVersionSchema.safeParse(value);
  return result.success ? result.data.version : null;
}

/** Whether the instance's LISTEN is in place (the database handle's listener). */
export interface ListeningState {
  readonly listening: boolean;
}

/**
 * The ride-list version as this instance knows it (docs/architecture.md#list-version). While the
 * instance LISTENs, the version comes from the notifications the database sends on every change,
 * so a cached read runs no statement. It is read from the database instead:
 * - while the listener is down or not yet in place (a change elsewhere may go unheard);
 * - once after the listener came back (`distrust`: changes in between were not heard);
 * - while a request that may write is running on this instance, and once after it ended, so
 *   whoever made a change reads it back here without waiting for its notification.
 * Without a listener (scripts, most tests) every call reads it.
 */
export class RidesVersionWatch {
  private known = -1;
  private trusted = false;
  /** Moves whenever trust is withdrawn, so a read begun before that cannot restore it. */
  private epoch = 0;
  private writesInFlight = 0;
  private listener: ListeningState | null = null;

  /** Version reads that went to the database (tests). */
  reads = 0;

  /** The listener whose notifications feed `learn` (live-events plugin). */
  follow(listener: ListeningState): void {
    this.listener = listener;
    this.distrust();
  }

  /** A notification named `version`. */
  learn(version: number): void {
    if (version > this.known) this.known = version;
  }

  /** Read the version from the database next time (listener reconnected or lost). */
  distrust(): void {
    this.trusted = false;
    this.epoch += 1;
  }

  /** A request that may write began: until it ends, and once after, versions are read. */
  writeStarted(): void {
    this.writesInFlight += 1;
    this.distrust();
  }

  writeEnded(): void {
    this.writesInFlight = Math.max(0, this.writesInFlight - 1);
    this.distrust();
  }

  private get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  async current(db: Kysely<Database>): Promise<number> {
    if (this.trusted && this.listening && this.writesInFlight === 0) return this.known;
    const epoch = this.epoch;
    this.reads += 1;
    const version = await readRidesVersion(db);
    this.learn(version);
    if (epoch === this.epoch && this.listening && this.writesInFlight === 0) this.trusted = true;
    return Math.max(version, this.known);
  }
}
