/**
 * A partial run (`--only-reads`) folded into the recorded full run (docs/benchmarks.json): the
 * re-measured reads replace the recorded ones of the same engine, size and key (a read the record
 * does not hold yet is added); the web figures
 * replace the recorded ones when this run measured them; everything else stays as recorded. A note
 * says what was re-measured when, at which commit; notes of earlier partial runs stay (unless this
 * one measured exactly the same), and a last note names the full run everything else comes from. The recorded run must hold every engine
 * and size measured (run the full bench first).
 */
import type { ReadKey } from './options';
import type { RunResults } from './results';

const RE_MEASURED = 'Re-measured on ';
const EVERYTHING_ELSE = 'Everything not named ';

export function mergeReads(recorded: RunResults, fresh: RunResults, keys: readonly ReadKey[]): RunResults {
  for (const run of fresh.runs) {
    if (!recorded.runs.some((r) => r.engine === run.engine && r.rides === run.rides)) {
      throw new Error(
        `the recorded run has no ${run.engine} run at ${String(run.rides)} rides to merge into: run the full bench`,
      );
    }
  }
  const runs = recorded.runs.map((old) => {
    const now = fresh.runs.find((r) => r.engine === old.engine && r.rides === old.rides);
    if (!now) return old;
    const reads = old.reads.map((read) =>
      keys.includes(read.key) ? (now.reads.find((r) => r.key === read.key) ?? read) : read,
    );
    // A read the recorded run never measured (a scenario added since) joins it, in the fresh run's order.
    const added = now.reads.filter((read) => keys.includes(read.key) && !old.reads.some((r) => r.key === read.key));
    return { ...old, reads: [...reads, ...added] };
  });
  const where = fresh.runs.map((r) => `${r.engine} ${r.rides.toLocaleString('en')}`).join(', ');
  const labels = keys.join(', ');
  const web = fresh.bundle || fresh.paints || fresh.homeTransfer ? ' and the web figures' : '';
  const what = `the reads ${labels} (${where})${web}.`;
  const note =
    `Re-measured on ${fresh.date} at commit ${fresh.machine.commit ?? 'unknown'} (\`${fresh.command}\`, ` +
    `load average ${String(fresh.machine.loadAverageAtStart)} at its start): ${what}`;
  // Earlier partial runs stay named (what they measured may still be on record), except one that
  // measured exactly what this one did; a last note says where everything else comes from.
  const earlier = recorded.notes
    .filter((n) => n.startsWith(RE_MEASURED))
    .map((n) => n.replace(/ Everything else is from the run of .*$/, ''))
    .filter((n) => !n.endsWith(`: ${what}`));
  const base =
    `Everything not named ${earlier.length > 0 ? 'in these notes' : 'here'} is from the run of ${recorded.date} ` +
    `at commit ${recorded.machine.commit ?? 'unknown'}.`;
  return {
    ...recorded,
    runs,
    bundle: fresh.bundle ?? recorded.bundle,
    paints: fresh.paints ?? recorded.paints,
    paintsAgainst: fresh.paints ? fresh.paintsAgainst : recorded.paintsAgainst,
    homeTransfer: fresh.homeTransfer ?? recorded.homeTransfer ?? null,
    notes: [
      ...recorded.notes.filter((n) => !n.startsWith(RE_MEASURED) && !n.startsWith(EVERYTHING_ELSE)),
      ...earlier,
      note,
      base,
      ...fresh.notes,
    ],
  };
}
