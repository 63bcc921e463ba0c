import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

import { bareFigures, readResults, renderDoc } from './doc';
import { fullRun, readOf, results, run } from './fixtures';
import { memorySettingsOf } from './memory-settings';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DOC = join(repoRoot, 'docs', 'benchmarks.md');
const RECORD = join(repoRoot, 'docs', 'benchmarks.json');

describe('renderDoc', () => {
  it('replaces marked figures and blocks from the run and keeps the prose', () => {
    const doc = [
      '# Benchmarks',
      '',
      'The list runs at <!--fig:ridesRatio1000Pct-->old<!--/fig--> of the ceiling on <!--fig:cores-->9<!--/fig--> cores.',
      '',
      '<!-- bench:statements:start -->',
      'old table',
      '<!-- bench:statements:end -->',
      '',
      'More prose.',
      '',
    ].join('\n');
    const run1000 = results([run('server', 1000, [readOf('rides', 1, 600, 1000), readOf('trpcList', 2)])]);
    const rendered = renderDoc(doc, run1000);
    assert.deepEqual(rendered.unknown, []);
    assert.deepEqual(rendered.missing, []);
    assert.equal(
      rendered.text,
      [
        '# Benchmarks',
        '',
        'The list runs at <!--fig:ridesRatio1000Pct-->60%<!--/fig--> of the ceiling on <!--fig:cores-->2<!--/fig--> cores.',
        '',
        '<!-- bench:statements:start -->',
        '| Read | SQL statements per request |',
        '| --- | --- |',
        '| rides | 1 |',
        '| trpcList | 2 |',
        '',
        'The same at 1,000 rides on the Postgres server.',
        '<!-- bench:statements:end -->',
        '',
        'More prose.',
        '',
      ].join('\n'),
    );
    // Rendering twice changes nothing.
    assert.equal(renderDoc(rendered.text, run1000).text, rendered.text);
  });

  it('reports figure names it does not know and figures the run did not measure', () => {
    const rendered = renderDoc(
      '<!--fig:noSuchFigure-->1<!--/fig--> <!--fig:status.speed-->x<!--/fig--> <!--fig:ridesRatio10k-->2<!--/fig--> <!--fig:status.rides-->x<!--/fig-->',
      results([run('server', 1000, [readOf('rides', 1, 400, 1000)])]),
    );
    assert.deepEqual(rendered.unknown, ['noSuchFigure', 'status.speed']);
    assert.deepEqual(rendered.missing, ['ridesRatio10k']);
    assert.equal(
      rendered.text,
      '<!--fig:noSuchFigure-->n/a<!--/fig--> <!--fig:status.speed-->n/a<!--/fig--> <!--fig:ridesRatio10k-->n/a<!--/fig--> <!--fig:status.rides-->missed<!--/fig-->',
    );
  });

  it('quotes ranges across data sets in one unit', () => {
    const rendered = renderDoc(
      '<!--fig:listOneConnectionP50-->x<!--/fig--> / <!--fig:listP99At10k-->x<!--/fig--> / <!--fig:startServer-->x<!--/fig-->',
      fullRun(),
    );
    assert.equal(
      rendered.text,
      '<!--fig:listOneConnectionP50-->2–6 ms<!--/fig--> / <!--fig:listP99At10k-->900 ms<!--/fig--> / <!--fig:startServer-->0.90 s<!--/fig-->',
    );
  });

  it('quotes a latency answered within the first millisecond as <1 ms, not as unmeasured', () => {
    const run = fullRun();
    const cached = {
      ...run,
      runs: run.runs.map((sizeRun) => ({
        ...sizeRun,
        reads: sizeRun.reads.map((read) =>
          read.oneConnection ? { ...read, oneConnection: { ...read.oneConnection, p50Ms: 0 } } : read,
        ),
      })),
    };
    const rendered = renderDoc('<!--fig:listOneConnectionP50-->x<!--/fig-->', cached);
    assert.deepEqual(rendered.missing, []);
    assert.equal(rendered.text, '<!--fig:listOneConnectionP50--><1 ms<!--/fig-->');
  });
});

describe('bareFigures', () => {
  it('finds measurements written by hand, not those in markers, blocks or code', () => {
    const doc = [
      'Served at 81% of the ceiling, p99 1.2 s and 243 req/s, 254–295 MB.',
      'Generated: <!--fig:cores-->2 s<!--/fig--> and `5 s` and 10,000 rides, 50 connections, p99 of it.',
      '<!-- bench:results:start -->',
      '| 12 ms |',
      '<!-- bench:results:end -->',
      '```sh',
      'bench   # 10 s',
      '```',
    ].join('\n');
    assert.deepEqual(bareFigures(doc), [
      { line: 1, figure: '81%' },
      { line: 1, figure: '1.2 s' },
      { line: 1, figure: '243 req/s' },
      { line: 1, figure: '295 MB' },
    ]);
  });
});

describe('docs/benchmarks.md', () => {
  const doc = readFileSync(DOC, 'utf8');

  it('quotes no measurement outside the generated markers', () => {
    assert.deepEqual(bareFigures(doc), []);
  });

  it('quotes only figures the generator knows, and a full run gives every one of them', () => {
    const rendered = renderDoc(doc, fullRun());
    assert.deepEqual(rendered.unknown, []);
    assert.deepEqual(rendered.missing, []);
  });

  it('matches the recorded run in docs/benchmarks.json', () => {
    assert.ok(
      existsSync(RECORD),
      'docs/benchmarks.json is missing: `pnpm --filter @rideshare/bench bench` records a run',
    );
    assert.equal(renderDoc(doc, readResults(RECORD)).text, doc, 'run `pnpm --filter @rideshare/bench report`');
  });
});

describe('memorySettingsOf', () => {
  it("reads NODE_OPTIONS and MALLOC_ARENA_MAX from the image's last stage", () => {
    const dockerfile = [
      'FROM node:24 AS build',
      'ENV NODE_OPTIONS=--max-old-space-size=4096',
      'FROM node:24-slim AS runtime',
      'ENV NODE_ENV=production \\',
      '    NODE_OPTIONS="--max-old-space-size=128" \\',
      '    MALLOC_ARENA_MAX=2',
      'CMD ["node", "dist/server.js"]',
    ].join('\n');
    assert.deepEqual(memorySettingsOf(dockerfile), { NODE_OPTIONS: '--max-old-space-size=128', MALLOC_ARENA_MAX: '2' });
    assert.throws(() => memorySettingsOf('FROM node:24\nENV NODE_OPTIONS=x\n'), /sets no MALLOC_ARENA_MAX/);
  });
});
