/**
 * `pnpm --filter @rideshare/bench report`: regenerates every figure of docs/benchmarks.md from the
 * recorded run in docs/benchmarks.json, without measuring anything (after editing the prose, say).
 * `-- --check` writes nothing and exits 1 when the document is not what the recorded run gives, or
 * quotes a measurement outside the generated markers.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { bareFigures, readResults, renderDoc, writeDocFromResults } from './doc';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const docPath = join(repoRoot, 'docs', 'benchmarks.md');
const jsonPath = join(repoRoot, 'docs', 'benchmarks.json');
const check = process.argv.includes('--check');

if (!existsSync(jsonPath)) {
  console.error('docs/benchmarks.json is missing: record a run with `pnpm --filter @rideshare/bench bench` first.');
  process.exit(1);
}
const results = readResults(jsonPath);
const current = readFileSync(docPath, 'utf8');
const problems = bareFigures(current).map(
  ({ line, figure }) =>
    `docs/benchmarks.md:${String(line)}: '${figure}' is written by hand; quote it as a generated figure`,
);
if (check) {
  const rendered = renderDoc(current, results);
  if (rendered.unknown.length > 0) problems.push(`unknown figures: ${rendered.unknown.join(', ')}`);
  if (rendered.missing.length > 0)
    problems.push(`figures the recorded run did not measure: ${rendered.missing.join(', ')}`);
  if (rendered.text !== current)
    problems.push(
      'docs/benchmarks.md differs from what docs/benchmarks.json gives: run `pnpm --filter @rideshare/bench report`',
    );
} else {
  const rendered = writeDocFromResults(docPath, results);
  if (rendered.missing.length > 0)
    problems.push(`figures the recorded run did not measure (n/a): ${rendered.missing.join(', ')}`);
  console.log(`docs/benchmarks.md: figures regenerated from the run of ${results.date}`);
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
