// The app's settings: env.ts's schema (read through tsx, as the API's own scripts run) and
// .env.example, which lists every setting once with a comment and its env.ts default.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** env.ts's setting names and defaults (as text). */
export function loadSchema({ toolsRoot, envTs }) {
  const apiDir = join(toolsRoot, 'apps', 'api');
  const code = `
      const m = await import(${JSON.stringify(`file://${envTs}`)});
      const shape = m.envSchema.in.shape;
      process.stdout.write(JSON.stringify({ keys: Object.keys(shape), defaults: m.envSchema.in.parse({}) }));
    `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: apiDir,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`could not load ${envTs}:\n${run.stderr}`);
  const { keys, defaults } = JSON.parse(run.stdout);
  return { keys, defaults: Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, String(v)])) };
}

/** The `NAME=value` lines of .env.example, each with whether a comment line is above it. */
function parseEnvExample(text) {
  const entries = [];
  const lines = text.split('\n');
  lines.forEach((line, i) => {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (match)
      entries.push({ key: match[1], value: match[2], line: i + 1, commented: (lines[i - 1] ?? '').startsWith('# ') });
  });
  return entries;
}

export function checkEnvExample({ check, read }, schema) {
  const schemaKeys = new Set(schema.keys);
  const envExample = parseEnvExample(read('.env.example'));
  const exampleKeys = new Map(envExample.map((e) => [e.key, e]));
  const composeText = read('infra/compose.yaml');
  const composeVariables = new Set([...composeText.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]));
  check('.env.example lists every setting of apps/api/src/env.ts', [
    ...schema.keys.filter((k) => !exampleKeys.has(k)).map((k) => `${k} is missing`),
    ...envExample
      .filter((e) => !schemaKeys.has(e.key) && !composeVariables.has(e.key))
      .map((e) => `${e.key} (line ${e.line}) is neither in env.ts nor used by infra/compose.yaml`),
    ...envExample
      .filter((e, i) => envExample.findIndex((o) => o.key === e.key) !== i)
      .map((e) => `${e.key} appears more than once (line ${e.line})`),
  ]);
  check('.env.example gives each setting its env.ts default and a one-line comment', [
    ...envExample.filter((e) => !e.commented).map((e) => `${e.key} (line ${e.line}) has no comment line above it`),
    ...envExample
      .filter((e) => schemaKeys.has(e.key))
      .map((e) => {
        const expected = schema.defaults[e.key] ?? '';
        return e.value === expected ? null : `${e.key}=${e.value} but env.ts's default is '${expected}'`;
      }),
  ]);
  return { exampleKeys, composeText, composeVariables };
}
