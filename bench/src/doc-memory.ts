/**
 * The memory figures and the memory table of docs/benchmarks.md (Memory): the Postgres server and
 * the embedded engine with Node's and glibc's defaults (the main runs) and with the memory settings
 * the app runs with (the memory pass, memory.ts).
 */
import { BUDGET, settingsText } from './budgets';
import { atSize, MB, mbSpread, n0, numbers, ofEngine, serverRuns, type Figure } from './figures';
import { memoryRunsOf } from './memory';
import { table } from './report';
import type { RunResults, SizeRun } from './results';

/** Node's heap limit in the memory settings (`--max-old-space-size=128` → 128), or null. */
function heapLimitMB(results: RunResults): number | null {
  const match = /--max-old-space-size=(\d+)/.exec(results.memory?.env.NODE_OPTIONS ?? '');
  return match?.[1] ? Number(match[1]) : null;
}

const embeddedShipped = (r: RunResults) => memoryRunsOf(r, 'embedded');
const serverShipped = (r: RunResults) => memoryRunsOf(r, 'server');

export const MEMORY_FIGURES: Record<string, Figure> = {
  budgetEmbeddedPeakRss: () => `${String(BUDGET.embeddedPeakRssMB)} MB`,
  rssAfterReadsDefault: (r) => mbSpread(numbers(serverRuns(r).map((x) => x.peakRssAfterReadsBytes))),
  rssAfterWritesDefault: (r) => mbSpread(numbers(serverRuns(r).map((x) => x.peakRssBytes))),
  rssAfterReadsShipped: (r) => mbSpread(numbers(serverShipped(r).map((x) => x.peakRssAfterReadsBytes))),
  rssAfterWritesShipped: (r) => mbSpread(numbers(serverShipped(r).map((x) => x.peakRssBytes))),
  rssAtReadyShipped: (r) => mbSpread(numbers(serverShipped(r).map((x) => x.rssAtReadyBytes))),
  memorySettings: (r) =>
    r.memory
      ? Object.entries(r.memory.env)
          .map(([key, value]) => `\`${key}=${value}\``)
          .join(' and ')
      : null,
  heapLimit: (r) => {
    const limit = heapLimitMB(r);
    return limit === null ? null : `${String(limit)} MB`;
  },
  embeddedPeak: (r) => mbSpread(numbers(ofEngine(r, 'embedded').map((x) => x.peakRssBytes))),
  /** What the embedded engine adds over the Postgres server at the same size (peak after writes). */
  embeddedExtra: (r) =>
    mbSpread(
      numbers(
        ofEngine(r, 'embedded').map((e) => {
          const server = atSize(serverRuns(r), e.rides);
          return e.peakRssBytes !== null && server?.peakRssBytes ? e.peakRssBytes - server.peakRssBytes : null;
        }),
      ),
    ),
  embeddedAfterReadsShipped: (r) => mbSpread(numbers(embeddedShipped(r).map((x) => x.peakRssAfterReadsBytes))),
  embeddedPeakShipped: (r) => mbSpread(numbers(embeddedShipped(r).map((x) => x.peakRssBytes))),
  embeddedAtReadyShipped: (r) => mbSpread(numbers(embeddedShipped(r).map((x) => x.rssAtReadyBytes))),
  /** The embedded engine's WebAssembly memory at the end of each run (it never shrinks). */
  embeddedWasmShipped: (r) => mbSpread(numbers(embeddedShipped(r).map((x) => x.memoryAtEnd?.engine))),
  embeddedWasmResidentShipped: (r) => mbSpread(numbers(embeddedShipped(r).map((x) => x.memoryAtEnd?.engineResident))),
  /** What the embedded engine adds at ready over the Postgres server, with the memory settings. */
  embeddedReadyExtraShipped: (r) =>
    mbSpread(
      numbers(
        embeddedShipped(r).map((e) => {
          const server = atSize(serverShipped(r), e.rides)?.rssAtReadyBytes;
          return e.rssAtReadyBytes && server ? e.rssAtReadyBytes - server : null;
        }),
      ),
    ),
};

const mb = (bytes: number | null | undefined) => (bytes ? `${(bytes / MB).toFixed(0)} MB` : 'n/a');

/** The memory pass per engine and size, beside the same run with the defaults. */
export function memoryBlock(r: RunResults): string | null {
  if (!r.memory || r.memory.runs.length === 0) return null;
  const recorded = r.memory.recorded;
  const defaults = (run: SizeRun) => atSize(ofEngine(r, run.engine), run.rides);
  return [
    `With ${settingsText(r.memory.env)}` +
      (recorded
        ? ` (recorded on its own by \`${recorded.command}\` on ${recorded.date}, commit ${recorded.commit ?? 'unknown'}, load average ${String(recorded.loadAverageAtStart)} at start)`
        : '') +
      '. "At the end": after the writes, from `process.memoryUsage()` and the embedded engine\'s WebAssembly memory size.',
    '',
    table(
      [
        'Engine',
        'Rides',
        'RSS at ready',
        'Peak RSS after reads',
        'after writes',
        'At the end: RSS',
        'V8 heap',
        'WebAssembly memory (resident)',
        'Defaults: peak after reads',
        'after writes',
      ],
      r.memory.runs.map((run) => [
        run.engine === 'server' ? 'Postgres server' : 'embedded',
        n0(run.rides),
        mb(run.rssAtReadyBytes),
        mb(run.peakRssAfterReadsBytes),
        mb(run.peakRssBytes),
        mb(run.memoryAtEnd?.rss),
        mb(run.memoryAtEnd?.heapTotal),
        run.engine === 'server' ? '-' : `${mb(run.memoryAtEnd?.engine)} (${mb(run.memoryAtEnd?.engineResident)})`,
        mb(defaults(run)?.peakRssAfterReadsBytes),
        mb(defaults(run)?.peakRssBytes),
      ]),
    ),
  ].join('\n');
}
