/**
 * The app imports Mantine's styles per component rather than its whole stylesheet: the shell's and
 * /home's in mantine-styles.css (every page), the rest in mantine-styles-pages.css (loaded with the
 * other pages' code). This keeps both right: a component missing its file renders unstyled, which no
 * other test would notice.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
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

/** The source files `entries` load without a dynamic import: what a first load of them runs. */
function staticGraph(entries: string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
      const base = resolve(dirname(file), match[1] ?? '');
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(existsSync);
      if (found) visit(found);
    }
  };
  for (const entry of entries) visit(join(srcDir, entry));
  return [...seen];
}

function importedStyles(file: string): Set<string> {
  const css = readFileSync(join(srcDir, file), 'utf8');
  return new Set([...css.matchAll(/@import '@mantine\/core\/styles\/([\w-]+)\.css'/g)].map((m) => m[1] ?? ''));
}

const hasStylesheet = (name: string) => existsSync(join(mantineStyles, `${name}.css`));

describe('Mantine styles per component', () => {
  const first = importedStyles('mantine-styles.css');
  const pages = importedStyles('mantine-styles-pages.css');

  it('imports the global styles first and only stylesheets that exist', () => {
    for (const name of ['baseline', 'default-css-variables', 'global']) expect(first).toContain(name);
    for (const name of [...first, ...pages]) expect(hasStylesheet(name), name).toBe(true);
  });

  it('has the stylesheet of every Mantine component the app uses', () => {
    const used = new Set([...sourceFiles(srcDir)].flatMap((file) => mantineImports(readFileSync(file, 'utf8'))));
    const missing = [...used].filter((name) => hasStylesheet(name) && !first.has(name) && !pages.has(name));
    expect(missing).toEqual([]);
  });

  it('loads what the shell and /home use with every page', () => {
    const files = staticGraph(['main.tsx', 'pages/home-page.tsx']);
    expect(files.some((file) => file.endsWith('ride-card.tsx'))).toBe(true);
    const used = new Set(files.flatMap((file) => mantineImports(readFileSync(file, 'utf8'))));
    const elsewhere = [...used].filter((name) => hasStylesheet(name) && !first.has(name));
    expect(elsewhere).toEqual([]);
  });
});
