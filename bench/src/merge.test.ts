import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { readOf, results, run } from './fixtures';
import { mergeReads } from './merge';

describe('mergeReads', () => {
  const recorded = results([
    run('server', 1000, [readOf('rides', 1, 600, 1000), readOf('stats', 1, 900, 1000)]),
    run('server', 10_000, [readOf('rides', 1, 500, 1000), readOf('stats', 1, 800, 1000)]),
  ]);

  it('replaces the chosen reads of the sizes measured and keeps everything else', () => {
    const fresh = {
      ...results([run('server', 1000, [readOf('rides', 0, 950, 1000)])]),
      date: '2030-01-02T00:00:00Z',
      bundle: null,
      paints: null,
    };
    const merged = mergeReads(recorded, fresh, ['rides']);
    const at1000 = merged.runs.find((r) => r.rides === 1000);
    const at10k = merged.runs.find((r) => r.rides === 10_000);
    assert.equal(at1000?.reads.find((r) => r.key === 'rides')?.statementsPerRequest, 0);
    assert.equal(at1000?.reads.find((r) => r.key === 'stats')?.load.rps, 900);
    assert.equal(at10k?.reads.find((r) => r.key === 'rides')?.statementsPerRequest, 1);
    assert.equal(merged.date, recorded.date);
    assert.equal(merged.bundle, recorded.bundle);
    assert.match(merged.notes.at(-2) ?? '', /^Re-measured on 2030-01-02T00:00:00Z .*the reads rides \(server 1,000\)/);
    assert.match(merged.notes.at(-1) ?? '', /^Everything not named here is from the run of /);
    // Merging the same again keeps one such note.
    assert.equal(mergeReads(merged, fresh, ['rides']).notes.filter((n) => n.startsWith('Re-measured')).length, 1);
  });

  it('adds a read the recorded run never measured', () => {
    const fresh = {
      ...results([run('server', 10_000, [readOf('search', 1, 300, 1000)])]),
      date: '2030-01-03T00:00:00Z',
    };
    const merged = mergeReads(recorded, fresh, ['search']);
    const at10k = merged.runs.find((r) => r.rides === 10_000);
    assert.deepEqual(
      at10k?.reads.map((r) => r.key),
      ['rides', 'stats', 'search'],
    );
    assert.equal(at10k?.reads.find((r) => r.key === 'search')?.load.rps, 300);
    assert.deepEqual(
      merged.runs.find((r) => r.rides === 1000)?.reads.map((r) => r.key),
      ['rides', 'stats'],
    );
  });

  it('keeps the note of an earlier partial run that measured something else', () => {
    const first = mergeReads(
      recorded,
      { ...results([run('server', 10_000, [readOf('stats', 1, 950, 1000)])]), date: '2030-01-01T00:00:00Z' },
      ['stats'],
    );
    const fresh = { ...results([run('server', 1000, [readOf('rides', 0, 950, 1000)])]), date: '2030-01-02T00:00:00Z' };
    const notes = mergeReads(first, fresh, ['rides']).notes;
    assert.equal(notes.filter((n) => n.startsWith('Re-measured')).length, 2);
    assert.match(notes[0] ?? '', /2030-01-01T00:00:00Z .*the reads stats \(server 10,000\)/);
    assert.match(notes.at(-1) ?? '', /^Everything not named in these notes is from the run of /);
    assert.equal(notes.filter((n) => n.startsWith('Everything')).length, 1);
  });

  it('refuses a size the recorded run does not hold', () => {
    const fresh = results([run('embedded', 1000, [readOf('rides', 0)])]);
    assert.throws(() => mergeReads(recorded, fresh, ['rides']), /no embedded run at 1000 rides/);
  });
});
