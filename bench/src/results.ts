/** The results of a run, as docs/benchmarks.json records them. */
import type { AlertsPass } from './alerts';
import type { FanOutResult } from './fanout';
import type { LoadResult } from './load';
import type { MachineInfo } from './machine';
import type { MemoryPass, MemoryReport } from './memory';
import type { Engine } from './options';
import type { JoinResult, ReadResult } from './scenarios';
import type { BundleReport, PaintResult, TransferResult } from './web';

export interface SizeRun {
  engine: Engine;
  rides: number;
  users: number;
  passengerEntries: number;
  generateMs: number;
  startToReadyMs: number;
  /** Resident memory once /readyz answered, before any load; absent in older runs. */
  rssAtReadyBytes?: number | null;
  /** Peak RSS (VmHWM) after the read scenarios, and after everything (writes, logins). */
  peakRssAfterReadsBytes: number | null;
  peakRssBytes: number | null;
  /** The server's whole process tree (VmRSS of it and every process under it) at the end; absent in older runs. */
  processTreeRssBytes?: number | null;
  /** Where the memory was at the end (GET /__bench/memory); absent in older runs. */
  memoryAtEnd?: MemoryReport | null;
  reads: ReadResult[];
  /** SSE fan-out (measured on one data set per engine; null on the others and in older runs). */
  fanOut?: FanOutResult | null;
  join: JoinResult;
  login: LoadResult;
  /** Rides whose seats exceed the maximum or disagree with their entries, from the database. */
  overbookedRides: number;
  /** Hot rides after the rounds: seats taken / maximum. */
  hotRides: { id: number; currentPassengers: number; maxPassengers: number }[];
  /** The machine's 1-minute load average when this data set's measurements began and ended. */
  loadAverage: [number, number];
}

export interface RunResults {
  date: string;
  command: string;
  durationSeconds: number;
  /** Warm-up before each measured load. */
  warmupSeconds: number;
  /** Requests per load instead of a duration (smoke runs), else null. */
  requestsPerLoad: number | null;
  connections: number;
  machine: MachineInfo;
  /** Every engine and size with Node's and glibc's default memory settings. */
  runs: SizeRun[];
  /**
   * Every engine again with the memory settings the app runs with (infra/Dockerfile, applied by
   * `npm start` too), and those settings; null when not run (--no-memory).
   */
  memory: MemoryPass | null;
  bundle: BundleReport | null;
  paints: PaintResult[] | null;
  /** The engine and size the browser measurements ran against. */
  paintsAgainst: string | null;
  /** Creating rides with 10,000 ride alerts and with none, per engine (absent in older runs). */
  alerts?: AlertsPass | null;
  /** What /home's first load transferred, as Chromium counts it (absent in older runs). */
  homeTransfer?: TransferResult | null;
  notes: string[];
  elapsedSeconds: number;
}
