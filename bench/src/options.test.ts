import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { parseOptions } from './options';

describe('parseOptions', () => {
  it('smoke: both engines, a fixed number of requests per load, the embedded engine with the memory settings, writes nothing', () => {
    const options = parseOptions(['--smoke'], {});
    assert.deepEqual(options.engines, ['server', 'embedded']);
    assert.equal(options.requestsPerLoad, 40);
    assert.equal(options.warmupSeconds, 0);
    assert.equal(options.memorySettings, true);
    assert.deepEqual(options.memoryEngines, ['embedded']);
    assert.equal(options.writeDoc, false);
    assert.equal(options.requireServer, false);
  });

  it('full: durations, the memory-settings pass and the record', () => {
    const options = parseOptions(['--'], {});
    assert.equal(options.requestsPerLoad, null);
    assert.equal(options.durationSeconds, 5);
    assert.equal(options.memorySettings, true);
    assert.deepEqual(options.memoryEngines, ['server', 'embedded']);
    assert.equal(options.memoryOnly, false);
    assert.equal(options.writeDoc, true);
    assert.equal(parseOptions(['--no-memory'], {}).memorySettings, false);
  });

  it('--memory-only: the memory pass alone, on the engines asked for, without the web', () => {
    const options = parseOptions(['--memory-only', '--engines=embedded'], {});
    assert.equal(options.memoryOnly, true);
    assert.equal(options.memorySettings, true);
    assert.deepEqual(options.memoryEngines, ['embedded']);
    assert.equal(options.web, false);
    assert.equal(options.writeDoc, true);
    assert.throws(() => parseOptions(['--memory-only', '--no-memory'], {}), /contradict/);
  });

  it('CI=true requires the Postgres server', () => {
    assert.equal(parseOptions(['--smoke'], { CI: 'true' }).requireServer, true);
    assert.equal(parseOptions([], { CI: 'false' }).requireServer, false);
  });

  it('--duration turns a smoke run back into timed loads', () => {
    const options = parseOptions(['--smoke', '--duration=2'], {});
    assert.equal(options.requestsPerLoad, null);
    assert.equal(options.durationSeconds, 2);
  });

  it('--rounds and --only-reads', () => {
    const options = parseOptions(['--rounds=3', '--only-reads=rides,trpcList'], {});
    assert.equal(options.rounds, 3);
    assert.deepEqual(options.onlyReads, ['rides', 'trpcList']);
    assert.equal(options.memorySettings, false);
    assert.equal(parseOptions([], {}).rounds, 1);
    assert.throws(() => parseOptions(['--only-reads=nope'], {}), /unknown read 'nope'/);
    assert.throws(() => parseOptions(['--only-reads=rides', '--memory-only'], {}), /contradict/);
  });
});
