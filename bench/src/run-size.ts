/**
 * One engine and data set, measured: a fresh database, filled; the production server started on
 * it; the reads, the SSE fan-out, the join contention, the logins, /home's first load and the paints
 * (only the reads asked for and the web with --only-reads); the server stopped; the seats checked in the database; the database dropped.
 */
import { loadavg } from 'node:os';

import { generateDataSet } from './data';
import { findOverbookedRides, hotRideSeats } from './data-checks';
import { createDataTarget, type DataTarget } from './database';
import { runFanOut, type FanOutResult } from './fanout';
import { login, type LoadResult } from './load';
import { memoryReport } from './memory';
import type { Engine, RunOptions } from './options';
import type { SizeRun } from './results';
import { readScenarios, runJoinContention, runLogin, runReads, signInJoinUsers, type JoinResult } from './scenarios';
import { processTreeRssBytes, procStatusBytes, startServer, type RunningServer } from './server-process';
import { measurePaints, measureTransfer, type PaintResult, type TransferResult } from './web';

/** A ride a week ahead, created over REST as the signed-in reader: one 'ride.created' event. */
async function createRide(baseUrl: string, cookie: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/rides`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      direction: 'SG->FC',
      maxPassengers: 4,
      date: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
      pickupLocation: 'Woodlands MRT',
      dropoffLocations: ['Forest City Marina'],
    }),
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST /api/rides: ${String(response.status)} ${text}`);
  const body = JSON.parse(text) as { id?: unknown };
  if (typeof body.id !== 'number') throw new Error(`POST /api/rides answered no id: ${text}`);
  return body.id;
}

/** What a partial run (--only-reads) did not measure: the recorded run's figures stay (merge.ts). */
const NOT_MEASURED_LOAD: LoadResult = {
  rps: 0,
  requests: 0,
  p50Ms: 0,
  p99Ms: 0,
  maxMs: 0,
  non2xx: 0,
  errors: 0,
  timeouts: 0,
  statusCounts: {},
  durationSeconds: 0,
};
const NOT_MEASURED_JOIN: JoinResult = {
  rounds: 0,
  usersPerRound: 0,
  freeSeatsPerRound: 0,
  attempts: 0,
  accepted: 0,
  refusedFull: 0,
  unexpected: {},
  seconds: 0,
  acceptedPerSecond: 0,
  attemptsPerSecond: 0,
  p50Ms: 0,
  p99Ms: 0,
  acceptedP99Ms: 0,
  acceptedPerRound: [],
};

export interface SizeRunContext {
  repoRoot: string;
  options: RunOptions;
  log: (line: string) => void;
  /** Cleanups still owed (stop the server, drop the database) while the run is under way. */
  cleanups: Set<() => Promise<void>>;
  passwordHash: string;
  /** Measure the pages in Chromium against this run. */
  paints: boolean;
  /** Measure the SSE fan-out against this run. */
  fanOut: boolean;
  /** Extra server environment for this run (the image's memory settings). */
  serverEnv?: Record<string, string>;
}

export async function runSize(
  engine: Engine,
  rides: number,
  ctx: SizeRunContext,
): Promise<{ run: SizeRun; paints: PaintResult[] | null; homeTransfer: TransferResult | null }> {
  const { options, log, cleanups, repoRoot } = ctx;
  const partial = options.onlyReads !== null;
  const settings = Object.entries(ctx.serverEnv ?? {})
    .map(([key, value]) => `${key}=${value}`)
    .join(' ');
  log(`\n== ${engine}, ${rides.toLocaleString('en')} rides${settings ? `, ${settings}` : ''}`);
  const target: DataTarget = await createDataTarget(engine, options.adminDatabaseUrl);
  const dispose = () => target.dispose();
  cleanups.add(dispose);
  let server: RunningServer | null = null;
  try {
    const handle = await target.open();
    const data = await generateDataSet(handle.db, ctx.passwordHash, {
      rides,
      hotRides: options.joinRounds,
      joinUsers: options.joinUsers,
    }).finally(() => handle.close());
    log(
      `    data: ${data.users.toLocaleString('en')} users, ${data.rides.toLocaleString('en')} rides (+${String(data.hotRideIds.length)} hot),` +
        ` ${data.passengerEntries.toLocaleString('en')} passenger entries in ${(data.generateMs / 1000).toFixed(1)} s`,
    );

    const running = await startServer(
      repoRoot,
      { ...target.serverEnv, ...options.serverEnv, ...ctx.serverEnv },
      options.serverNodeArgs,
    );
    server = running;
    const stop = () => running.stop();
    cleanups.add(stop);
    log(
      `    server pid ${String(running.pid)} at ${running.url}, start to /readyz ${running.startToReadyMs.toFixed(0)} ms`,
    );

    const rssAtReadyBytes = procStatusBytes(running.pid, 'VmRSS');
    const loadAtStart = loadavg()[0] ?? 0;
    const readerCookie = await login(running.url, data.readerUsername, data.password);
    const reads = await runReads(
      running.url,
      readScenarios(data).filter((scenario) => options.onlyReads?.includes(scenario.key) ?? true),
      readerCookie,
      {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        requests: options.requestsPerLoad,
        warmupSeconds: options.warmupSeconds,
        statementSamples: options.statementSamples,
        rounds: options.rounds,
      },
      log,
    );
    const peakRssAfterReadsBytes = running.peakRssBytes();

    let fanOut: FanOutResult | null = null;
    if (ctx.fanOut && !partial) {
      fanOut = await runFanOut(
        {
          baseUrl: running.url,
          subscribers: options.fanOutSubscribers,
          events: options.fanOutEvents,
          rss: () => procStatusBytes(running.pid, 'VmRSS'),
          write: () => createRide(running.url, readerCookie),
        },
        log,
      );
    }

    let join = NOT_MEASURED_JOIN;
    let loginResult = NOT_MEASURED_LOAD;
    if (!partial) {
      const joinCookies = await signInJoinUsers(running.url, data);
      join = await runJoinContention(running.url, data, joinCookies, options.joinRounds, log);
      loginResult = await runLogin(
        running.url,
        data,
        { connections: options.connections, durationSeconds: options.loginSeconds, requests: options.requestsPerLoad },
        log,
      );
    }

    let paints: PaintResult[] | null = null;
    let homeTransfer: TransferResult | null = null;
    if (ctx.paints) {
      homeTransfer = await measureTransfer(options.chromiumPath, running.url, '/home', 'Total Rides');
      log(
        `    /home first load: ${(homeTransfer.transferredBytes / 1024).toFixed(1)} KB transferred in ${String(homeTransfer.requests)} responses` +
          ` (${(homeTransfer.decodedBytes / 1024).toFixed(1)} KB decoded; ${JSON.stringify(homeTransfer.encodings)})`,
      );
      paints = await measurePaints(
        options.chromiumPath,
        running.url,
        [
          { path: '/home', readyText: 'Total Rides' },
          { path: `/rides/${String(data.sampleRideId)}`, readyText: 'Forest City to Singapore' },
        ],
        options.lcpRuns,
      );
      for (const p of paints)
        log(
          `    LCP ${p.path}: ${p.lcpMs.toFixed(0)} ms (${p.runsMs.map((t) => t.toFixed(0)).join(', ')}) ${p.element}`,
        );
    }
    const peakRssBytes = running.peakRssBytes();
    const treeRssBytes = processTreeRssBytes(running.pid);
    const memoryAtEnd = await memoryReport(running.url, running.pid);
    const loadAtEnd = loadavg()[0] ?? 0;
    await running.stop();
    cleanups.delete(stop);

    // The seats, from the database itself (the embedded engine can only be opened once the server is gone).
    const check = await target.open();
    const { overbooked, hot } = await Promise.all([
      findOverbookedRides(check.db),
      hotRideSeats(check.db, data.hotRideIds.slice(0, options.joinRounds)),
    ])
      .then(([overbooked, hot]) => ({ overbooked, hot }))
      .finally(() => check.close());
    log(
      `    seats: ${String(overbooked.length)} rides over their maximum or out of step with their entries;` +
        ` hot rides ${hot.map((h) => `${String(h.currentPassengers)}/${String(h.maxPassengers)}`).join(' ')}`,
    );

    return {
      run: {
        engine,
        rides,
        users: data.users,
        passengerEntries: data.passengerEntries,
        generateMs: data.generateMs,
        startToReadyMs: running.startToReadyMs,
        rssAtReadyBytes,
        peakRssAfterReadsBytes,
        peakRssBytes,
        processTreeRssBytes: treeRssBytes,
        memoryAtEnd,
        reads,
        fanOut,
        join,
        login: loginResult,
        overbookedRides: overbooked.length,
        hotRides: hot,
        loadAverage: [loadAtStart, loadAtEnd],
      },
      paints,
      homeTransfer,
    };
  } catch (error) {
    if (server) console.error(`server output:\n${server.output()}`);
    throw error;
  } finally {
    if (server) await server.stop();
    await target.dispose();
    cleanups.delete(dispose);
  }
}
