/**
 * The memory pass (docs/benchmarks.md, Memory): both engines again, with the memory settings the app
 * runs with (memory-settings.ts), each run ending with where its memory is (GET /__bench/memory).
 * It can be recorded on its own (`--memory-only`): the pass then replaces the recorded one in
 * docs/benchmarks.json, with its own date and commit, and every other figure stays as recorded.
 */
import { existsSync, readFileSync } from 'node:fs';

import { passRecord, type MachineInfo, type PassRecord } from './machine';
import type { Engine } from './options';
import type { RunResults, SizeRun } from './results';
import type { ServerMemoryReport } from './server-routes';

/** What GET /__bench/memory answers (in bytes), with what the harness adds to it. */
export interface MemoryReport extends ServerMemoryReport {
  /** How much of it is resident (read by the harness from /proc; null where it cannot tell). */
  engineResident?: number | null;
}

export interface MemoryPass {
  env: Record<string, string>;
  runs: SizeRun[];
  /** Set when the pass was recorded on its own, after the rest of the results. */
  recorded?: PassRecord | undefined;
}

/**
 * The resident bytes of the process's read-write anonymous mapping of exactly `size` bytes: V8 maps
 * a WebAssembly memory as one such region (its reserve beyond the current size is inaccessible).
 * Null without /proc, or when no single mapping matches.
 */
export function residentOfMapping(pid: number, size: number): number | null {
  const file = `/proc/${String(pid)}/smaps`;
  if (!existsSync(file)) return null;
  const matches: number[] = [];
  let candidate = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ (\d+)\s*(\S*)/.exec(line);
    if (head) {
      const [, from = '0', to = '0', perms = '', inode = '', name = ''] = head;
      candidate =
        perms.startsWith('rw') &&
        inode === '0' &&
        name === '' &&
        Number.parseInt(to, 16) - Number.parseInt(from, 16) === size;
    } else if (candidate && line.startsWith('Rss:')) {
      matches.push(Number(/\d+/.exec(line)?.[0] ?? 0) * 1024);
      candidate = false;
    }
  }
  return matches.length === 1 ? (matches[0] ?? null) : null;
}

/**
 * The server's memory now, with how much of the embedded engine's WebAssembly memory is resident;
 * null when it does not answer.
 */
export async function memoryReport(baseUrl: string, pid: number): Promise<MemoryReport | null> {
  const response = await fetch(`${baseUrl}/__bench/memory`);
  if (response.status !== 200) {
    await response.arrayBuffer();
    return null;
  }
  const report = (await response.json()) as MemoryReport;
  return { ...report, engineResident: report.engine === null ? null : residentOfMapping(pid, report.engine) };
}

/** The runs of the memory pass on one engine. */
export function memoryRunsOf(results: Pick<RunResults, 'memory'>, engine: Engine): SizeRun[] {
  return (results.memory?.runs ?? []).filter((run) => run.engine === engine);
}

/** The highest peak RSS of `runs`, in bytes (0 when none was measured). */
export function peakOf(runs: readonly SizeRun[]): number {
  return Math.max(0, ...runs.map((run) => run.peakRssBytes ?? 0));
}

/** `recorded` with its memory pass replaced by `pass`, recorded on its own on `machine`. */
export function withMemoryPass(
  recorded: RunResults,
  pass: Omit<MemoryPass, 'recorded'>,
  at: { date: string; command: string; machine: MachineInfo },
): RunResults {
  return {
    ...recorded,
    memory: {
      ...pass,
      recorded: passRecord(at),
    },
  };
}
