import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { LoadResult } from './load';
import {
  evaluateBudgets,
  replaceResultsBlock,
  RESULTS_END,
  RESULTS_START,
  statementDrift,
  type RunResults,
  type SizeRun,
} from './report';
import type { ReadResult } from './scenarios';

function load(rps: number, p99Ms = 10): LoadResult {
  return {
    rps,
    requests: rps * 5,
    p50Ms: p99Ms / 2,
    p99Ms,
    maxMs: p99Ms,
    non2xx: 0,
    errors: 0,
    timeouts: 0,
    statusCounts: { 200: rps * 5 },
    durationSeconds: 5,
  };
}

function readOf(key: ReadResult['key'], statements: number, rps = 1000, ceiling = 1500, p99Ms = 10): ReadResult {
  return {
    key,
    label: key,
    bodyBytes: 100,
    statementsPerRequest: statements,
    load: load(rps, p99Ms),
    ceiling: load(ceiling),
    ratio: rps / ceiling,
  };
}

function run(engine: SizeRun['engine'], rides: number, reads: ReadResult[], overrides: Partial<SizeRun> = {}): SizeRun {
  return {
    engine,
    rides,
    users: 10,
    passengerEntries: 30,
    generateMs: 1,
    startToReadyMs: 900,
    peakRssAfterReadsBytes: 100 * 1024 * 1024,
    peakRssBytes: 150 * 1024 * 1024,
    reads,
    join: {
      rounds: 1,
      usersPerRound: 50,
      freeSeatsPerRound: 9,
      attempts: 50,
      accepted: 9,
      refusedFull: 41,
      unexpected: {},
      seconds: 1,
      acceptedPerSecond: 9,
      attemptsPerSecond: 50,
      p50Ms: 5,
      p99Ms: 9,
      acceptedP99Ms: 9,
      acceptedPerRound: [9],
    },
    login: load(40),
    overbookedRides: 0,
    hotRides: [],
    loadAverage: [0.1, 0.2],
    ...overrides,
  };
}

function results(runs: SizeRun[]): RunResults {
  return {
    date: '2026-11-21T00:00:00Z',
    command: 'bench',
    durationSeconds: 5,
    connections: 50,
    machine: {
      cpu: 'x',
      cores: 2,
      memoryGiB: 4,
      os: 'Linux',
      node: 'v20',
      postgres: '15',
      chromium: null,
      commit: null,
      loadAverageAtStart: 0,
    },
    runs,
    bundle: null,
    paints: null,
    paintsAgainst: null,
    notes: [],
    elapsedSeconds: 1,
  };
}

describe('statementDrift', () => {
  it('is empty when every read costs the same at every size, per engine', () => {
    const runs = [
      run('server', 100, [readOf('rides', 1), readOf('trpcList', 2)]),
      run('server', 10_000, [readOf('rides', 1), readOf('trpcList', 2)]),
    ];
    assert.deepEqual(statementDrift(runs), []);
  });

  it('names the read and engine whose count changes with the data', () => {
    const runs = [run('embedded', 100, [readOf('stats', 1)]), run('embedded', 1000, [readOf('stats', 3)])];
    assert.deepEqual(statementDrift(runs), ['embedded stats (100: 1, 1000: 3)']);
  });
});

describe('evaluateBudgets', () => {
  it('judges each budget from the runs it concerns', () => {
    const budgets = evaluateBudgets(
      results([
        run('server', 1000, [readOf('rides', 1, 400, 1000), readOf('trpcList', 2)]),
        run('server', 10_000, [readOf('rides', 1), readOf('trpcList', 2, 900, 1500, 62)], {
          peakRssBytes: 260 * 1024 * 1024,
          startToReadyMs: 1200,
        }),
      ]),
    );
    const status = Object.fromEntries(budgets.map((b) => [b.budget.split(':')[0], b.status]));
    assert.equal(status['GET /api/rides at 1,000 rides'], 'missed'); // 40% of the ceiling
    assert.equal(status['tRPC ride.list page 1 at 10,000 rides'], 'missed'); // p99 62 ms
    assert.equal(status['Constant SQL statements per request for every read'], 'met');
    assert.equal(status['/home'], 'not measured');
    assert.equal(status['Peak RSS under load under 250 MB on the Postgres server'], 'missed');
    assert.equal(status['Process start to /readyz under 3 s on the Postgres server'], 'met');
  });
});

describe('replaceResultsBlock', () => {
  it('replaces only the text between the markers', () => {
    const doc = `# Benchmarks\n\nprose\n\n${RESULTS_START}\nold figures\n${RESULTS_END}\n\nmore prose\n`;
    const next = replaceResultsBlock(doc, 'new figures');
    assert.equal(next, `# Benchmarks\n\nprose\n\n${RESULTS_START}\nnew figures\n${RESULTS_END}\n\nmore prose\n`);
  });

  it('appends a results section when the markers are missing', () => {
    const next = replaceResultsBlock('# Benchmarks\n', 'figures');
    assert.ok(next.endsWith(`## Results\n\n${RESULTS_START}\nfigures\n${RESULTS_END}\n`));
  });
});
