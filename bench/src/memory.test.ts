import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, it } from 'node:test';

import { fullRun, run } from './fixtures';
import { memoryRunsOf, peakOf, withMemoryPass } from './memory';
import { processTreeRssBytes, procStatusBytes } from './server-process';

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

describe('processTreeRssBytes', () => {
  it('counts the process and every process under it', async () => {
    const alone = processTreeRssBytes(process.pid);
    if (alone === null) return; // no /proc on this machine
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      while ((procStatusBytes(child.pid ?? 0, 'VmRSS') ?? 0) === 0) await new Promise((r) => setTimeout(r, 20));
      const own = procStatusBytes(process.pid, 'VmRSS') ?? 0;
      const childRss = procStatusBytes(child.pid ?? 0, 'VmRSS') ?? 0;
      const tree = processTreeRssBytes(process.pid) ?? 0;
      assert.ok(childRss > 0);
      assert.ok(tree >= childRss + own * 0.9, `${String(tree)} < ${String(childRss)} + ${String(own)}`);
      assert.equal(processTreeRssBytes(child.pid ?? 0), procStatusBytes(child.pid ?? 0, 'VmRSS'));
    } finally {
      child.kill();
      await once(child, 'exit');
    }
  });
});
