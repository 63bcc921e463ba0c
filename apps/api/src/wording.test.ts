/**
 * One spelling of the product's words across the app (docs/product.md#wording): every text a person
 * reads — web labels, API refusals, notification and manifest sentences — says "organizer" (and
 * "organize", "organized"), never the British form. Scans the string literals and JSX text of the
 * web app, the API and the domain (code names such as `isOrganiser` are not text and are left alone).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const ROOTS = ['apps/web/src', 'apps/api/src', 'packages/domain/src'];
const TEXT_FILE = /(?<!\.test)\.tsx?$/;
/** Literals that are names in code (a table alias, a role value, a module path), not text. */
const CODE_NAMES = [/^users as organiser$/, /^organiser\.\w+( as \w+)?$/, /^\.\/organiser-[\w-]+$/, /^organiser$/];
const BRITISH = /organis(e|er|ers|ed|es|ing)\b/i;

function* textFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'test-utils') continue;
    if (statSync(path).isDirectory()) yield* textFiles(path);
    else if (TEXT_FILE.test(name)) yield path;
  }
}

/** The string literals and JSX text of one file that use the British spelling. */
export function britishSpellings(path: string, source: string): string[] {
  const kind = path.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isJsxText(node)
    ) {
      const text = node.text.trim();
      if (BRITISH.test(text) && !CODE_NAMES.some((name) => name.test(text))) {
        const { line } = file.getLineAndCharacterOfPosition(node.getStart());
        found.push(`${relative(repoRoot, path)}:${line + 1}: ${text.slice(0, 80)}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('wording', () => {
  it('finds the British spelling in text and leaves code names alone', () => {
    const source = [
      "const a = 'The organiser was told';",
      'const b = <p>Rides you organised</p>;',
      "const isOrganiser = role === 'organiser';",
      "import x from './organiser-payments';",
    ].join('\n');
    expect(britishSpellings(join(repoRoot, 'x.tsx'), source)).toEqual([
      'x.tsx:1: The organiser was told',
      'x.tsx:2: Rides you organised',
    ]);
  });

  it('every text a person reads spells "organizer" one way', () => {
    const found = ROOTS.flatMap((root) =>
      [...textFiles(join(repoRoot, root))].flatMap((path) => britishSpellings(path, readFileSync(path, 'utf8'))),
    );
    expect(found).toEqual([]);
  });
});
