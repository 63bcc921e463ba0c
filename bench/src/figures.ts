/** Helpers shared by the generated figures of docs/benchmarks.md (doc.ts, doc-memory.ts). */
import type { Engine } from './options';
import type { RunResults, SizeRun } from './results';
import type { ReadResult } from './scenarios';

export const MB = 1024 * 1024;

/** A figure's value, or null when the run did not measure it. */
export type Figure = (results: RunResults) => string | null;

export const n0 = (value: number) => Math.round(value).toLocaleString('en');

/** "low–high" of `values`, or one value when both ends read the same. */
export function spread(values: readonly number[], format: (value: number) => string): string | null {
  if (values.length === 0) return null;
  const low = format(Math.min(...values));
  const high = format(Math.max(...values));
  return low === high ? low : `${low}–${high}`;
}

export const mbSpread = (bytes: readonly number[]) => {
  const value = spread(bytes, (b) => (b / MB).toFixed(0));
  return value === null ? null : `${value} MB`;
};

/** The measured values (a missing or zero figure was not measured). */
export const numbers = (values: readonly (number | null | undefined)[]) =>
  values.filter((v): v is number => typeof v === 'number' && v > 0);

export const ofEngine = (results: RunResults, engine: Engine) => results.runs.filter((r) => r.engine === engine);
export const serverRuns = (results: RunResults) => ofEngine(results, 'server');
export const atSize = (runs: readonly SizeRun[], rides: number) => runs.find((r) => r.rides === rides);
export const readOf = (run: SizeRun | undefined, key: ReadResult['key']) => run?.reads.find((r) => r.key === key);
