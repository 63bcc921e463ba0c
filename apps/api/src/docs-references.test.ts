/**
 * Keeps the code's references followable from a clone: comments cite the repository's own docs
 * (`docs/product.md#joining`, `docs/security.md#security`), never a document that is not in it or an
 * issue number, and every cited anchor exists. Scans the whole tree, not just this app.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const SOURCE_ROOTS = ['apps', 'packages', 'bench', 'scripts', 'infra'];
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|cjs|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);

// Built from parts so this file does not match itself.
const SECTION = String.fromCharCode(0xa7);
const OUTSIDE_REFERENCE = new RegExp(`\\b(?:SPEC|DESIGN) ?${SECTION}|\\b[Ii]ssue #?\\d+`);
const DOC_REFERENCE = /(?<![\w/.-])((?:docs\/[\w./-]+|README)\.md)(?:#([\w-]+))?/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (SKIPPED_DIRS.has(name) || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sourceFiles(path);
    else if (SOURCE_FILE.test(name)) yield path;
  }
}

/** The lines of `text` that cite an outside document's section or an issue number. */
function outsideReferences(text: string): { line: number; text: string }[] {
  return text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line.trim() }))
    .filter(({ text: line }) => OUTSIDE_REFERENCE.test(line));
}

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorCache = new Map<string, Set<string> | null>();

/** The anchors a markdown file offers (explicit `<a id>` and heading slugs), or null if it is missing. */
function anchorsOf(file: string): Set<string> | null {
  if (!anchorCache.has(file)) {
    let text: string | null = null;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      text = null;
    }
    const anchors = new Set<string>();
    const seen = new Map<string, number>();
    for (const match of text?.matchAll(/<a id="([^"]+)"/g) ?? []) anchors.add(match[1] ?? '');
    for (const match of text?.matchAll(/^#{1,6} +(.+?) *#*$/gm) ?? []) {
      const base = slug(match[1] ?? '');
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${String(count)}`);
    }
    anchorCache.set(file, text === null ? null : anchors);
  }
  return anchorCache.get(file) ?? null;
}

/** Why `anchor` in `file` cannot be followed, or null when it can. */
function brokenTarget(file: string, anchor: string | undefined): string | null {
  const anchors = anchorsOf(file);
  if (anchors === null) return `${relative(repoRoot, file)} does not exist`;
  if (anchor !== undefined && !anchors.has(anchor)) return `${relative(repoRoot, file)} has no anchor #${anchor}`;
  return null;
}

const files = SOURCE_ROOTS.flatMap((root) => [...sourceFiles(join(repoRoot, root))]).filter(
  (file) => file !== fileURLToPath(import.meta.url),
);

describe('references in the source tree', () => {
  it('recognises a citation of an outside section or an issue number', () => {
    expect(outsideReferences(`// rule from SPEC ${SECTION}4\n// fine\n/* see ${'issue'} 12 */`)).toHaveLength(2);
    expect(outsideReferences('// see docs/product.md#joining')).toEqual([]);
  });

  it('cite no document outside the repository and no issue number', () => {
    const found = files.flatMap((file) =>
      outsideReferences(readFileSync(file, 'utf8')).map(
        ({ line, text }) => `${relative(repoRoot, file)}:${String(line)}: ${text}`,
      ),
    );
    expect(found, 'point these at docs/ or a README section instead').toEqual([]);
  });

  it('cite only docs and anchors that exist', () => {
    const broken = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(DOC_REFERENCE)].flatMap((match) => {
        const why = brokenTarget(join(repoRoot, match[1] ?? ''), match[2]);
        return why ? [`${relative(repoRoot, file)}: ${match[0]}: ${why}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('keep the links between the docs followable', () => {
    const docs = [
      join(repoRoot, 'README.md'),
      ...readdirSync(join(repoRoot, 'docs')).map((n) => join(repoRoot, 'docs', n)),
    ];
    const broken = docs
      .filter((file) => file.endsWith('.md'))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]*)\)/g)].flatMap((match) => {
          const target = match[1] ?? '';
          if (/^[a-z]+:/i.test(target)) return [];
          const [path = '', anchor] = target.split('#');
          if (path !== '' && !path.endsWith('.md')) return [];
          const why = brokenTarget(path === '' ? file : resolve(dirname(file), path), anchor);
          return why ? [`${relative(repoRoot, file)}: ${target}: ${why}`] : [];
        }),
      );
    expect(broken).toEqual([]);
  });
});
