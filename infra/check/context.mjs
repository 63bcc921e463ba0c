// What every check of check-config.mjs shares: the paths it reads (`--root`, `--env-ts`), how a
// check reports ("ok" or "FAIL" with its problems), and the counts for the closing line.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The checker's context from the command line: `node infra/check/check-config.mjs [--root DIR] [--env-ts FILE]`. */
export function checkContext(args) {
  const here = dirname(fileURLToPath(import.meta.url));
  const option = (name) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const root = resolve(option('--root') ?? join(here, '..', '..'));
  const envTs = resolve(option('--env-ts') ?? join(root, 'apps', 'api', 'src', 'env.ts'));
  // Tools resolve from the real checkout even when --root points at a copy.
  const toolsRoot = join(here, '..', '..');
  const counts = { passed: 0, failed: 0 };
  function check(name, problems) {
    const list = problems.filter(Boolean);
    if (list.length === 0) {
      counts.passed += 1;
      console.log(`ok    ${name}`);
    } else {
      counts.failed += 1;
      console.log(`FAIL  ${name}`);
      for (const problem of list) console.log(`        - ${problem}`);
    }
  }
  const read = (relative) => readFileSync(join(root, relative), 'utf8');
  return { root, envTs, toolsRoot, counts, check, read };
}
