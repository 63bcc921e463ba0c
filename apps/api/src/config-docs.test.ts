import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { configurationPage, settingDefaults, settingDocs } from './config-docs';
import { envSchema } from './env';

const repoFile = (path: string) => readFileSync(fileURLToPath(new URL(`../../../${path}`, import.meta.url)), 'utf8');

describe('docs/configuration.md', () => {
  it('is what env.ts generates (run `pnpm --filter @rideshare/api config:docs` after changing a setting)', () => {
    expect(repoFile('docs/configuration.md')).toBe(configurationPage());
  });

  it('takes every description from the schema: a setting without .meta({ description }) stops it', () => {
    expect(settingDocs().map(([name]) => name)).toEqual(Object.keys(envSchema.in.shape));
    const bare = envSchema.in.extend({ UNDESCRIBED_SETTING: envSchema.in.shape.PORT.unwrap() });
    expect(() => settingDocs(bare)).toThrow('The setting UNDESCRIBED_SETTING has no description');
  });

  it('lists every setting once, with the schema default where there is one', () => {
    const page = configurationPage();
    for (const name of Object.keys(envSchema.in.shape)) {
      expect(page.match(new RegExp(`^\\| \`${name}\` +\\|`, 'gm')), name).toHaveLength(1);
    }
    expect(page).toMatch(/^\| `PRICE_LOCK_HOURS` +\| `48` +\|/m);
  });
});

describe('.env.example', () => {
  const entries = [...repoFile('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [
    m[1] ?? '',
    m[2] ?? '',
  ]);
  // Beside the app's settings, the example carries the deployment's (the ports, the image, Node.js's
  // own memory settings): those infra/compose.yaml reads, which env.ts does not.
  const deployment = new Set([...repoFile('infra/compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
  const runtime = new Set([...deployment].filter((name) => name !== undefined && !(name in envSchema.in.shape)));

  it('lists every setting of env.ts once, and nothing else but the deployment’s', () => {
    const names = entries.map(([name]) => name ?? '');
    expect(names.filter((name) => !runtime.has(name)).sort()).toEqual(Object.keys(envSchema.in.shape).sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives each setting its default from env.ts (empty: unset)', () => {
    const defaults = settingDefaults();
    const differing = entries
      .filter(([name, value]) => !runtime.has(name ?? '') && value !== (defaults[name ?? ''] ?? ''))
      .map(([name, value]) => `${name ?? ''}=${value ?? ''} (env.ts: ${defaults[name ?? ''] ?? 'unset'})`);
    expect(differing).toEqual([]);
  });
});
