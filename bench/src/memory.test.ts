import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { fullRun, run } from './fixtures';
import { memoryRunsOf, peakOf, withMemoryPass } from './memory';

const MB = 1024 * 1024;

describe('withMemoryPass (--memory-only)', () => {
  it('replaces the recorded memory pass, dated and with its commit, and keeps every other figure', () => {
    const recorded = fullRun();
    const pass = {
      env: { NODE_OPTIONS: '--max-old-space-size=128', MALLOC_ARENA_MAX: '2' },
      runs: [run('embedded', 100, [], { peakRssBytes: 240 * MB })],
    };
    const machine = { ...recorded.machine, commit: 'abc1234', loadAverageAtStart: 3.5 };
    const merged = withMemoryPass(recorded, pass, {
      date: '2026-11-25T15:00:00Z',
      command: 'bench -- --memory-only',
      machine,
    });
    assert.deepEqual(merged.runs, recorded.runs);
    assert.deepEqual(merged.bundle, recorded.bundle);
    assert.equal(merged.date, recorded.date);
    assert.deepEqual(merged.memory?.runs, pass.runs);
    assert.deepEqual(merged.memory?.recorded, {
      date: '2026-11-25T15:00:00Z',
      command: 'bench -- --memory-only',
      commit: 'abc1234',
      loadAverageAtStart: 3.5,
    });
    assert.deepEqual(memoryRunsOf(merged, 'server'), []);
    assert.equal(peakOf(memoryRunsOf(merged, 'embedded')), 240 * MB);
  });
});
