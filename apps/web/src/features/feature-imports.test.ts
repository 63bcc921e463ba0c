/**
 * The features depend on one another one way only (docs/architecture.md#web-features): no feature
 * imports a feature that imports it back, directly or round a longer circle. A piece two features
 * both need lives below them (`lib/`, `components/`) or in the one feature that owns it. Read from
 * the source's import statements, type-only ones included.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const featuresDir = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/** The feature a file belongs to (its first folder under features/), or null outside them. */
function featureOf(path: string): string | null {
  const rel = relative(featuresDir, path);
  if (rel.startsWith('..')) return null;
  const parts = rel.split(sep);
  return parts.length > 1 ? (parts[0] ?? null) : null;
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Which features each feature imports (itself left out). */
function featureGraph(files: readonly string[], read: (path: string) => string): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = featureOf(file);
    if (from === null) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const match of read(file).matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      const to = featureOf(resolve(dirname(file), specifier));
      if (to !== null && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** Every circle of features, each once, as the path round it ('a → b → a'). */
function featureCircles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const circles = new Set<string>();
  const walk = (path: string[]) => {
    const last = path[path.length - 1] ?? '';
    for (const next of graph.get(last) ?? []) {
      const at = path.indexOf(next);
      if (at >= 0) {
        const circle = path.slice(at);
        // One spelling per circle: start it at its alphabetically first feature.
        const first = circle.indexOf([...circle].sort()[0] ?? '');
        const turned = [...circle.slice(first), ...circle.slice(0, first)];
        circles.add([...turned, turned[0]].join(' → '));
      } else {
        walk([...path, next]);
      }
    }
  };
  for (const feature of [...graph.keys()].sort()) walk([feature]);
  return [...circles].sort();
}

describe('feature imports', () => {
  const files = sourceFiles(featuresDir);
  const graph = featureGraph(files, (path) => readFileSync(path, 'utf8'));

  it('reads the real imports (the ride page’s feature uses the payments and waitlist ones)', () => {
    expect(graph.get('ride-details')).toEqual(expect.any(Set));
    expect([...(graph.get('ride-details') ?? [])]).toEqual(expect.arrayContaining(['payments', 'waitlist']));
  });

  it('has no two features importing each other, nor any longer circle', () => {
    expect(featureCircles(graph)).toEqual([]);
  });

  it('finds a back-arrow and a longer circle when there is one', () => {
    const made = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['a', 'c'])],
      ['c', new Set(['d'])],
      ['d', new Set(['c', 'e'])],
      ['e', new Set(['b'])],
    ]);
    expect(featureCircles(made)).toEqual(['a → b → a', 'b → c → d → e → b', 'c → d → c']);
  });

  it('reads import, export … from, type-only and dynamic imports', () => {
    const source = [
      "import { x } from '../payments/a';",
      "import type { Y } from '../ride-form/b';",
      "export { z } from '../series/c';",
      "const lazy = () => import('../chat/d');",
      "import { w } from './own';",
      "import { v } from '../../lib/e';",
    ].join('\n');
    const file = join(featuresDir, 'rides', 'x.ts');
    expect([...(featureGraph([file], () => source).get('rides') ?? [])].sort()).toEqual([
      'chat',
      'payments',
      'ride-form',
      'series',
    ]);
  });
});
