/**
 * The ride alerts scenario (docs/alerts.md#cost): what creating a ride costs with 10,000 alerts in
 * the database against none. Per engine, on one small data set: the server is started, rides are
 * created over REST one at a time (after a warm-up) and the statements and latencies recorded;
 * the server is stopped, the alerts inserted (the embedded engine can only be opened while no
 * server holds it), the server started again and the same measured. Recorded on its own with
 * `--alerts-only`, into the results already in docs/benchmarks.json.
 */
import { sql } from 'kysely';

import { generateDataSet } from './data';
import { createDataTarget, type DataTarget } from './database';
import { login, statementsSoFar } from './load';
import { passRecord, type MachineInfo, type PassRecord } from './machine';
import type { Engine, RunOptions } from './options';
import { table } from './report';
import type { RunResults } from './results';
import { startServer } from './server-process';

/** How many alerts the loaded phase has: 1,000 members with the most each may keep (10). */
export const BENCH_ALERTS = 10_000;
const ALERTS_PER_OWNER = 10;
/** Rides created per phase after the warm-up, one at a time (the smoke run only counts statements). */
const CREATES = { full: { warmup: 10, measured: 60 }, smoke: { warmup: 3, measured: 10 } } as const;

export interface AlertPhase {
  alerts: number;
  creates: number;
  /** SQL statements per POST /api/rides (the server's own counter). */
  statementsPerCreate: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  /** Members told per created ride (notifications written by the matching statement). */
  toldPerRide: number;
}

export interface AlertsResult {
  engine: Engine;
  withoutAlerts: AlertPhase;
  /** 10,000 alerts, none of which matches the rides created: the matching statement's own cost. */
  unmatchedAlerts?: AlertPhase;
  /** The same 10,000 alerts moved to the rides' dates: each ride tells the members it matches. */
  withAlerts: AlertPhase;
  /** unmatchedAlerts.meanMs / withoutAlerts.meanMs (budget: at most 2). */
  matchingRatio?: number;
  /** withAlerts.meanMs / withoutAlerts.meanMs. */
  timeRatio: number;
}

export interface AlertsPass {
  runs: AlertsResult[];
  recorded?: PassRecord | undefined;
}

/** The most a ride's creation may take with 10,000 alerts, as a multiple of none. */
export const ALERTS_TIME_BUDGET = 2;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
}

/**
 * Ride `i` of a phase: SG->FC or FC->SG in turn, 3 to 30 days ahead at hours across the day, so
 * different alerts match each (the same list in both phases).
 */
function ridePayload(i: number, now: number): Record<string, unknown> {
  const direction = i % 2 === 0 ? 'SG->FC' : 'FC->SG';
  const date = new Date(now + (3 + (i % 28)) * 86_400_000 + ((i * 7) % 16) * 3_600_000);
  return {
    direction,
    maxPassengers: 4,
    date: date.toISOString(),
    pickupLocation: direction === 'SG->FC' ? 'Woodlands MRT' : 'Forest City',
    dropoffLocations: [direction === 'SG->FC' ? 'Forest City Marina' : 'Tampines Mall'],
  };
}

async function createRides(baseUrl: string, cookie: string, from: number, count: number): Promise<number[]> {
  const now = Date.now();
  const times: number[] = [];
  for (let i = from; i < from + count; i += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/rides`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(ridePayload(i, now)),
    });
    const text = await response.text();
    times.push(performance.now() - started);
    if (response.status !== 201) throw new Error(`POST /api/rides: ${String(response.status)} ${text}`);
  }
  return times;
}

/**
 * 10,000 alerts of 1,000 new members, spread the way commuters would set them: either direction,
 * windows of 1 to 14 days, two in three on one or two weekdays, two in three within a two-hour band.
 * They start within the 90 days after `startInDays` from today: 120 puts them past every ride the
 * scenario creates (the index still reaches them, none matches); {@link moveAlertsToRides} then
 * brings them into the next 90 days. One statement each for the members and the alerts.
 */
async function insertAlerts(target: DataTarget, passwordHash: string, startInDays: number): Promise<void> {
  const handle = await target.open();
  try {
    const owners = BENCH_ALERTS / ALERTS_PER_OWNER;
    await sql`insert into users (discord_username, password_hash, name)
      select 'bench_alerts_' || g, ${passwordHash}, 'Alert Owner ' || g from generate_series(1, ${owners}) g`.execute(
      handle.db,
    );
    await sql`insert into ride_alerts (user_id, direction, from_date, to_date, weekdays, earliest_minute, latest_minute)
      select u.id,
        case when (u.id + k) % 2 = 0 then 'SG->FC' else 'FC->SG' end,
        current_date + ${startInDays}::int + ((u.id * 7 + k * 13) % 90),
        current_date + ${startInDays}::int + ((u.id * 7 + k * 13) % 90) + ((u.id + k * 3) % 14),
        case (u.id + k) % 3
          when 1 then array[((u.id + k) % 7) + 1]::smallint[]
          when 2 then array[((u.id + k) % 7) + 1, ((u.id + k + 2) % 7) + 1]::smallint[]
        end,
        case when (u.id * 5 + k) % 3 <> 0 then ((u.id * 5 + k) % 22) * 60 end,
        case when (u.id * 5 + k) % 3 <> 0 then ((u.id * 5 + k) % 22) * 60 + 120 end
      from users u cross join generate_series(1, ${ALERTS_PER_OWNER}) k
      where u.discord_username like 'bench_alerts_%'`.execute(handle.db);
  } finally {
    await handle.close();
  }
}

const FAR_AHEAD_DAYS = 120;

async function moveAlertsToRides(target: DataTarget): Promise<void> {
  const handle = await target.open();
  try {
    await sql`update ride_alerts set from_date = from_date - ${FAR_AHEAD_DAYS}::int, to_date = to_date - ${FAR_AHEAD_DAYS}::int`.execute(
      handle.db,
    );
  } finally {
    await handle.close();
  }
}

async function countNotifications(target: DataTarget): Promise<number> {
  const handle = await target.open();
  try {
    const { rows } = await sql<{ n: string }>`select count(*) as n from notifications
      where kind = 'ride_alert_match'`.execute(handle.db);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await handle.close();
  }
}

async function measurePhase(
  target: DataTarget,
  ctx: AlertsContext,
  data: { readerUsername: string; password: string },
  alerts: number,
): Promise<AlertPhase> {
  const { warmup, measured } = ctx.options.smoke ? CREATES.smoke : CREATES.full;
  const toldBefore = await countNotifications(target);
  const server = await startServer(
    ctx.repoRoot,
    // The periodic sweep would add its own statements to the count: once a day is never here.
    { ...target.serverEnv, ...ctx.options.serverEnv, WAITLIST_SWEEP_SECONDS: '86400' },
    ctx.options.serverNodeArgs,
  );
  const stop = () => server.stop();
  ctx.cleanups.add(stop);
  try {
    const cookie = await login(server.url, data.readerUsername, data.password);
    await createRides(server.url, cookie, 0, warmup);
    const before = await statementsSoFar(server.url);
    const times = await createRides(server.url, cookie, warmup, measured);
    const after = await statementsSoFar(server.url);
    await server.stop();
    ctx.cleanups.delete(stop);
    const sorted = [...times].sort((a, b) => a - b);
    const told = await countNotifications(target);
    return {
      alerts,
      creates: measured,
      statementsPerCreate: (after - before) / measured,
      meanMs: times.reduce((sum, t) => sum + t, 0) / times.length,
      p50Ms: quantile(sorted, 0.5),
      p90Ms: quantile(sorted, 0.9),
      toldPerRide: (told - toldBefore) / (warmup + measured),
    };
  } finally {
    await server.stop();
    ctx.cleanups.delete(stop);
  }
}

export interface AlertsContext {
  repoRoot: string;
  options: RunOptions;
  log: (line: string) => void;
  cleanups: Set<() => Promise<void>>;
  passwordHash: string;
}

/** The scenario on one engine: a fresh data set of 100 rides, creates without and then with alerts. */
export async function runAlerts(engine: Engine, ctx: AlertsContext): Promise<AlertsResult> {
  ctx.log(`\n== ${engine}, ride alerts: creating rides with none and with ${BENCH_ALERTS.toLocaleString('en')}`);
  const target = await createDataTarget(engine, ctx.options.adminDatabaseUrl);
  const dispose = () => target.dispose();
  ctx.cleanups.add(dispose);
  try {
    const handle = await target.open();
    const data = await generateDataSet(handle.db, ctx.passwordHash, {
      rides: 100,
      hotRides: 1,
      joinUsers: 1,
    }).finally(() => handle.close());
    const withoutAlerts = await measurePhase(target, ctx, data, 0);
    await insertAlerts(target, ctx.passwordHash, FAR_AHEAD_DAYS);
    const unmatchedAlerts = await measurePhase(target, ctx, data, BENCH_ALERTS);
    await moveAlertsToRides(target);
    const withAlerts = await measurePhase(target, ctx, data, BENCH_ALERTS);
    const ratio = (phase: AlertPhase) => (withoutAlerts.meanMs > 0 ? phase.meanMs / withoutAlerts.meanMs : 0);
    const result: AlertsResult = {
      engine,
      withoutAlerts,
      unmatchedAlerts,
      withAlerts,
      matchingRatio: ratio(unmatchedAlerts),
      timeRatio: ratio(withAlerts),
    };
    for (const phase of [withoutAlerts, unmatchedAlerts, withAlerts]) {
      ctx.log(
        `    ${phase.alerts.toLocaleString('en').padStart(6)} alerts: ${String(phase.statementsPerCreate)} SQL/create,` +
          ` mean ${phase.meanMs.toFixed(1)} ms, p50 ${phase.p50Ms.toFixed(1)} ms, p90 ${phase.p90Ms.toFixed(1)} ms,` +
          ` ${phase.toldPerRide.toFixed(1)} members told per ride`,
      );
    }
    ctx.log(
      `    time against none: ${ratio(unmatchedAlerts).toFixed(2)} (none matching), ${result.timeRatio.toFixed(2)} (telling members)`,
    );
    return result;
  } finally {
    await target.dispose();
    ctx.cleanups.delete(dispose);
  }
}

function phasesOf(run: AlertsResult): AlertPhase[] {
  return [run.withoutAlerts, ...(run.unmatchedAlerts ? [run.unmatchedAlerts] : []), run.withAlerts];
}

/** Failures that do not depend on the machine's speed: a different number of statements. */
export function alertsFailures(pass: AlertsPass | null | undefined): string[] {
  return (pass?.runs ?? []).flatMap((run) =>
    phasesOf(run)
      .filter((phase) => phase.statementsPerCreate !== run.withoutAlerts.statementsPerCreate)
      .map(
        (phase) =>
          `${run.engine}: creating a ride ran ${String(phase.statementsPerCreate)} statements with ` +
          `${phase.alerts.toLocaleString('en')} alerts, ${String(run.withoutAlerts.statementsPerCreate)} without`,
      ),
  );
}

/** The recorded results with this alerts pass in place of the recorded one; every other figure stays. */
export function withAlertsPass(
  recorded: RunResults,
  pass: AlertsPass,
  at: { date: string; command: string; machine: MachineInfo },
): RunResults {
  return {
    ...recorded,
    alerts: {
      ...pass,
      recorded: passRecord(at),
    },
  };
}

const ENGINE_NAMES: Record<Engine, string> = { server: 'Postgres server', embedded: 'Embedded engine' };

/** The block of docs/benchmarks.md: each engine's two phases and the ratio against its budget. */
export function alertsBlock(results: RunResults): string | null {
  const pass = results.alerts;
  if (!pass || pass.runs.length === 0) return null;
  const rows = pass.runs.flatMap((run) =>
    phasesOf(run).map((phase) => [
      ENGINE_NAMES[run.engine],
      phase.alerts === 0
        ? 'none'
        : `${phase.alerts.toLocaleString('en')}${phase.toldPerRide === 0 ? ', none matching' : ''}`,
      String(phase.statementsPerCreate),
      `${phase.meanMs.toFixed(1)} ms`,
      `${phase.p50Ms.toFixed(1)} ms`,
      `${phase.p90Ms.toFixed(1)} ms`,
      phase.toldPerRide.toFixed(1),
    ]),
  );
  const verdicts = pass.runs.map((run) => {
    const same = phasesOf(run).every((phase) => phase.statementsPerCreate === run.withoutAlerts.statementsPerCreate);
    const matching =
      run.matchingRatio === undefined
        ? ''
        : `${run.matchingRatio.toFixed(2)}× the time with none matching (budget ${String(ALERTS_TIME_BUDGET)}×: ${run.matchingRatio <= ALERTS_TIME_BUDGET ? 'met' : 'missed'}), `;
    return (
      `${ENGINE_NAMES[run.engine]}: ${matching}${run.timeRatio.toFixed(2)}× while telling ` +
      `${run.withAlerts.toldPerRide.toFixed(0)} members per ride; ${same ? 'the same' : 'a different'} number of statements`
    );
  });
  const when = pass.recorded
    ? `Recorded on ${pass.recorded.date} at commit ${pass.recorded.commit ?? 'unknown'} (\`${pass.recorded.command}\`, load average ${String(pass.recorded.loadAverageAtStart)} at its start).`
    : '';
  return [
    table(['Engine', 'Alerts', 'SQL statements per create', 'Mean', 'p50', 'p90', 'Members told per ride'], rows),
    '',
    `Creating a ride with ${BENCH_ALERTS.toLocaleString('en')} alerts against none: ${verdicts.join('. ')}.`,
    ...(when ? ['', when] : []),
  ].join('\n');
}
