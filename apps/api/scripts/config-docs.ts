// Writes docs/configuration.md from apps/api/src/env.ts (`--check`: exits 1 when the page differs).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { configurationPage } from '../src/config-docs';

const page = fileURLToPath(new URL('../../../docs/configuration.md', import.meta.url));
const wanted = configurationPage();
if (process.argv.includes('--check')) {
  const current = readFileSync(page, 'utf8');
  if (current !== wanted) {
    console.error(
      'docs/configuration.md differs from apps/api/src/env.ts: run `pnpm --filter @rideshare/api config:docs`',
    );
    process.exit(1);
  }
  console.log('docs/configuration.md matches apps/api/src/env.ts');
} else {
  writeFileSync(page, wanted);
  console.log('wrote docs/configuration.md');
}
