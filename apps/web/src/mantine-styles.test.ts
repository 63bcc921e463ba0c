/**
 * mantine-styles.css imports Mantine's styles per component rather than the whole stylesheet; this
 * keeps it complete: every component the app imports from @mantine/core that has a stylesheet of its
 * own must find it imported there (a component missing one renders unstyled, which no other test
 * would notice).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const srcDir = dirname(fileURLToPath(import.meta.url));
const mantineStyles = join(dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')), 'styles');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) yield path;
  }
}

/** The value names a file imports from '@mantine/core' (types left out). */
function mantineImports(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part.trim();
      if (name !== '' && !name.startsWith('type ')) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
  }
  return names;
}

describe('mantine-styles.css', () => {
  const imported = new Set(
    [
      ...readFileSync(join(srcDir, 'mantine-styles.css'), 'utf8').matchAll(
        /@import '@mantine\/core\/styles\/([\w-]+)\.css'/g,
      ),
    ].map((m) => m[1]),
  );

  it('imports the global styles and a stylesheet that exists for each entry', () => {
    for (const name of ['baseline', 'default-css-variables', 'global']) expect(imported).toContain(name);
    for (const name of imported) expect(existsSync(join(mantineStyles, `${name ?? ''}.css`)), name).toBe(true);
  });

  it('imports the stylesheet of every Mantine component the app uses', () => {
    const used = new Set([...sourceFiles(srcDir)].flatMap((file) => mantineImports(readFileSync(file, 'utf8'))));
    const missing = [...used].filter((name) => existsSync(join(mantineStyles, `${name}.css`)) && !imported.has(name));
    expect(missing).toEqual([]);
  });
});
