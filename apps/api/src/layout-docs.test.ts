/**
 * The layout in docs/development.md ("Where things go") names every folder of the API's source and
 * every feature folder of the web app, so a new folder cannot arrive without its line there.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const layout = readFileSync(join(repoRoot, 'docs', 'development.md'), 'utf8');

const folders = (path: string) =>
  readdirSync(join(repoRoot, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** The comma-separated names in the parentheses after the web features' line (the one that starts with it). */
function listedFeatures(): string[] {
  const start = layout.search(/^apps\/web\/src\/features\s/m);
  const open = layout.indexOf('(', start);
  const close = layout.indexOf(')', open);
  return layout
    .slice(open + 1, close)
    .split(',')
    .map((name) => name.replace(/\s+/g, ' ').trim());
}

describe('docs/development.md lists every folder', () => {
  it('every folder of apps/api/src has its line', () => {
    const missing = folders('apps/api/src').filter((name) => !layout.includes(`apps/api/src/${name} `));
    expect(missing).toEqual([]);
  });

  it('every web feature folder is named, and nothing named is gone', () => {
    const actual = folders('apps/web/src/features').sort();
    expect(listedFeatures().sort()).toEqual(actual);
  });
});
