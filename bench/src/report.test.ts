import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { bundle, fullRun, load, readOf, results, run } from './fixtures';
import { budgetFailures, evaluateBudgets, statementDrift } from './budgets';

const MB = 1024 * 1024;

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
          peakRssBytes: 260 * MB,
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

  it('judges peak memory on the settings the image ships when that pass ran', () => {
    const peak = evaluateBudgets(fullRun()).find((b) => b.budget.startsWith('Peak RSS'));
    assert.equal(peak?.status, 'met');
    assert.equal(
      peak?.measured,
      '210 MB at most with the memory settings (NODE_OPTIONS=--max-old-space-size=128 MALLOC_ARENA_MAX=2); ' +
        '270 MB with the defaults',
    );
  });

  it("judges the embedded engine's peak on its memory-settings runs, beside its defaults", () => {
    const peak = evaluateBudgets(fullRun()).find((b) => b.key === 'embeddedMemory');
    assert.equal(peak?.status, 'met');
    assert.equal(peak?.measured, '270 MB at most; 570 MB with the defaults');
    const over = fullRun();
    const heaviest = over.memory?.runs.find((r) => r.engine === 'embedded' && r.rides === 10_000);
    if (heaviest) heaviest.peakRssBytes = 300 * MB;
    assert.equal(evaluateBudgets(over).find((b) => b.key === 'embeddedMemory')?.status, 'missed');
    assert.equal(
      evaluateBudgets({ ...over, memory: null }).find((b) => b.key === 'embeddedMemory')?.status,
      'not measured',
    );
  });
});

describe('budgetFailures (the smoke run)', () => {
  it('passes a run that meets every machine-independent budget, however slow it was', () => {
    const slow = fullRun();
    for (const r of slow.runs) r.reads = r.reads.map((x) => ({ ...x, load: load(1, 9000) }));
    assert.deepEqual(budgetFailures(slow), []);
  });

  it('names each failure: bundle size, map code on /home, statement counts, overbooking, errors', () => {
    const bad = results(
      [
        run('server', 60, [readOf('rides', 1), readOf('trpcList', 3, 1000, 1500, 10, 2)], {
          overbookedRides: 1,
          join: { ...run('server', 60, []).join, acceptedPerRound: [10] },
        }),
        run('embedded', 60, [
          { ...readOf('stats', 1), load: load(100, 10, { non2xx: 2, statusCounts: { 200: 498, 500: 2 } }) },
        ]),
      ],
      { bundle: { ...bundle([['index-A1.js', 251]]), mapFilesOnHome: ['maplibre-gl-M1.js'] } },
    );
    assert.deepEqual(budgetFailures(bad), [
      '/home loads 251.0 KB of gzipped JavaScript, over the 250 KB budget',
      '/home loads map code: maplibre-gl-M1.js',
      'server/60: trpcList ran 3 SQL statements per request, expected 2',
      'server/60: accepted joins per round 10, expected 9 each',
      'server/60: 1 rides hold more seats than their maximum or disagree with their entries',
      'embedded/60: stats had 2 non-2xx ({"200":498,"500":2}), 0 errors, 0 timeouts',
    ]);
  });

  it("fails on the embedded engine's peak RSS with the memory settings, not with the defaults", () => {
    const heavy = fullRun();
    for (const r of heavy.runs) r.peakRssBytes = 900 * MB;
    assert.deepEqual(budgetFailures(heavy), []);
    const embedded = heavy.memory?.runs.find((r) => r.engine === 'embedded');
    if (embedded) embedded.peakRssBytes = 301 * MB;
    assert.deepEqual(budgetFailures(heavy), [
      "the embedded engine's peak RSS was 301 MB with the memory settings, over the 300 MB budget",
    ]);
  });

  it('with a fixed number of requests per load, fails a load that did not complete them all', () => {
    const partial = results([run('server', 60, [{ ...readOf('ride', 1), load: load(10, 10, { requests: 39 }) }])], {
      requestsPerLoad: 40,
      bundle: bundle(),
    });
    for (const r of partial.runs) r.reads = r.reads.map((x) => ({ ...x, ceiling: load(10, 10, { requests: 40 }) }));
    assert.deepEqual(budgetFailures(partial), ['server/60: ride completed 39 requests']);
  });
});

describe('the wire', () => {
  it("judges /home's transferred bytes against the budget", () => {
    const transfer = (kb: number) =>
      evaluateBudgets({
        ...fullRun(),
        homeTransfer: {
          path: '/home',
          transferredBytes: kb * 1024,
          decodedBytes: 900 * 1024,
          byType: {},
          requests: 10,
          encodings: {},
        },
      }).find((b) => b.key === 'transfer')?.status;
    assert.equal(transfer(170), 'met');
    assert.equal(transfer(171), 'missed');
    assert.equal(evaluateBudgets(results([])).find((b) => b.key === 'transfer')?.status, 'not measured');
  });

  it('fails the smoke run when a compressed answer decodes to other bytes', () => {
    const broken = { ...readOf('rides', 0), sameWhenDecoded: false };
    assert.deepEqual(
      budgetFailures(results([run('server', 60, [broken])])).filter((f) => f.includes('decode')),
      ['server/60: rides compressed does not decode to the uncompressed answer'],
    );
  });
});
