#!/usr/bin/env node
// Checks the deployment configuration without a Docker engine:
//   - infra/compose.yaml: valid against the Compose Specification (dclint), and in step with the
//     API's config schema (apps/api/src/env.ts) and .env.example: same variable names, same defaults
//     unless a production difference is listed below, two or more API replicas behind the load
//     balancer, health checks, a database volume, a drain window longer than the API's;
//   - infra/Dockerfile: well-formed (dockerfile-utils), multi-stage, production dependencies only,
//     non-root, the web app inside, a /readyz health check, every workspace manifest copied;
//   - the runtime: a supported Node.js LTS image, and the memory settings docs/benchmarks.md
//     recommends (NODE_OPTIONS heap limit, MALLOC_ARENA_MAX) shipped by the image and passed through
//     unchanged by compose and .env.example (and the same as the recorded benchmark measured);
//   - infra/Caddyfile: proxies to exactly the compose replicas, probing /readyz (and `caddy
//     validate` when a caddy binary is installed);
//   - .github/workflows/ci.yml and the setup action: parse, with a Postgres service;
//   - .env.example: every setting once, with a comment and its default.
//
//   node infra/check/check-config.mjs [--root DIR] [--env-ts FILE]
//
// Prints one line per check and a closing "N passed, N failed"; exits 1 when anything failed.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse as parseYaml, parseDocument } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = resolve(option('--root') ?? join(here, '..', '..'));
const envTs = resolve(option('--env-ts') ?? join(root, 'apps', 'api', 'src', 'env.ts'));
// Tools resolve from the real checkout even when --root points at a copy.
const toolsRoot = join(here, '..', '..');

let passed = 0;
let failed = 0;
function check(name, problems) {
  const list = problems.filter(Boolean);
  if (list.length === 0) {
    passed += 1;
    console.log(`ok    ${name}`);
  } else {
    failed += 1;
    console.log(`FAIL  ${name}`);
    for (const problem of list) console.log(`        - ${problem}`);
  }
}
function read(relative) {
  return readFileSync(join(root, relative), 'utf8');
}

// Settings the compose file deliberately sets differently from env.ts's default, and why.
const COMPOSE_PRODUCTION_VALUES = {
  NODE_ENV: 'production', // the image runs in production mode
  HOST: '0.0.0.0', // containers listen on every interface
  PORT: '3000', // fixed: the load balancer's upstreams name this port
  PUBLIC_URL: 'http://localhost:8080', // where the compose load balancer answers by default
  DATA_DIR: '/app/data', // the image's writable folder (unused with a Postgres server)
  DB_POOL_SIZE: '10', // the pool's own default, made visible for sizing max_connections
  WEB_DIST_DIR: '/app/web', // where the image keeps the built web app
  TRUST_PROXY: 'uniquelocal', // only the load balancer, on the private compose network, reaches the API
  MIGRATE_ON_START: 'false', // the one-shot `migrate` service migrates before any replica starts
};
// Settings compose deliberately does not pass to the API, and why (.env.example still lists them).
const COMPOSE_OMITTED = {};
// Variables compose takes from the environment with no default: it refuses to start without them.
const COMPOSE_REQUIRED = new Set(['SESSION_SECRET', 'POSTGRES_PASSWORD']);
// Settings of Node.js and glibc rather than of the app (env.ts does not read them): compose passes
// them to the API with the image's values as defaults.
const RUNTIME_SETTINGS = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];
// Node.js release lines with long-term support the image may run (22 until April 2027, 24 until
// April 2028). Local development keeps Node 20.19+ (package.json engines).
const SUPPORTED_NODE_LTS = [22, 24];

// ---------------------------------------------------------------------------------------------
// The config schema, read from env.ts itself (through tsx, as the API's own scripts run).
function loadSchema() {
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

const schema = loadSchema();
const schemaKeys = new Set(schema.keys);

// ---------------------------------------------------------------------------------------------
// .env.example
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

// ---------------------------------------------------------------------------------------------
// infra/compose.yaml
const composeDoc = parseDocument(composeText, { merge: true });
const compose = composeDoc.toJS({ maxAliasCount: 100 });
check(
  'infra/compose.yaml is valid YAML',
  composeDoc.errors.map((e) => e.message),
);

const services = compose?.services ?? {};
const isApiImage = (svc) => svc?.build?.dockerfile === 'infra/Dockerfile';
const apiServices = Object.entries(services).filter(([name, svc]) => isApiImage(svc) && name !== 'migrate');
const migrate = services.migrate;
const db = services.db;
const lb = services.lb;

function variableDefault(value) {
  // "${NAME:-default}" → default; "${NAME:?message}" → required; literal → itself.
  const text = String(value);
  const withDefault = /^\$\{([A-Z0-9_]+):-(.*)\}$/s.exec(text);
  if (withDefault) return { variable: withDefault[1], value: withDefault[2] };
  const required = /^\$\{([A-Z0-9_]+):\?.*\}$/s.exec(text);
  if (required) return { variable: required[1], required: true };
  return { literal: text };
}

check('infra/compose.yaml runs Postgres, a migration, two or more API replicas and a load balancer', [
  db ? null : 'no `db` service',
  db && !String(db.image ?? '').startsWith('postgres') ? 'the db service does not run a postgres image' : null,
  migrate && isApiImage(migrate) ? null : 'no `migrate` service built from infra/Dockerfile',
  apiServices.length >= 2 ? null : `only ${String(apiServices.length)} API replica service(s)`,
  lb ? null : 'no `lb` service',
]);

check('the API services pass exactly the settings of env.ts, with its defaults unless listed as production values', [
  ...[...apiServices, ['migrate', migrate]].flatMap(([name, svc]) => {
    const env = svc?.environment ?? {};
    if (Array.isArray(env)) return [`${name}: use the mapping form of environment`];
    const keys = Object.keys(env);
    const problems = [
      ...schema.keys
        .filter((k) => !keys.includes(k) && !(k in COMPOSE_OMITTED))
        .map((k) => `${name}: ${k} is not passed`),
      ...RUNTIME_SETTINGS.filter((k) => !keys.includes(k)).map((k) => `${name}: ${k} is not passed`),
      ...keys
        .filter((k) => !schemaKeys.has(k) && !RUNTIME_SETTINGS.includes(k))
        .map((k) => `${name}: ${k} is not a setting in env.ts`),
      ...keys
        .filter((k) => k in COMPOSE_OMITTED)
        .map((k) => `${name}: ${k} must not be passed (${COMPOSE_OMITTED[k]})`),
    ];
    for (const key of keys.filter((k) => schemaKeys.has(k))) {
      const parsed = variableDefault(env[key]);
      if (parsed.variable && parsed.variable !== key && key !== 'DATABASE_URL') {
        problems.push(`${name}: ${key} reads \${${parsed.variable}}`);
      }
      const effective = parsed.literal ?? parsed.value;
      if (parsed.required) {
        if (!COMPOSE_REQUIRED.has(key)) problems.push(`${name}: ${key} is required but has a default in env.ts`);
        continue;
      }
      if (key === 'DATABASE_URL') {
        if (!/@db:5432\//.test(String(effective)))
          problems.push(`${name}: DATABASE_URL does not default to the db service`);
        continue;
      }
      const expected = COMPOSE_PRODUCTION_VALUES[key] ?? schema.defaults[key] ?? '';
      if (effective !== expected)
        problems.push(`${name}: ${key} defaults to '${String(effective)}', expected '${expected}'`);
    }
    return problems;
  }),
]);

check('every variable infra/compose.yaml reads is documented in .env.example', [
  ...[...composeVariables].filter((v) => !exampleKeys.has(v)).map((v) => `\${${v}} is not in .env.example`),
]);

const shutdownMs = Number(schema.defaults.SHUTDOWN_TIMEOUT_MS);
function seconds(duration) {
  const match = /^(\d+)(ms|s|m)$/.exec(String(duration ?? ''));
  if (!match) return Number.NaN;
  return Number(match[1]) * { ms: 0.001, s: 1, m: 60 }[match[2]];
}
check('replicas are health-checked on /readyz, drain before being killed, and wait for the migration', [
  ...apiServices.flatMap(([name, svc]) => [
    JSON.stringify(svc.healthcheck?.test ?? '').includes('/readyz') ? null : `${name}: no health check on /readyz`,
    seconds(svc.stop_grace_period) * 1000 > shutdownMs
      ? null
      : `${name}: stop_grace_period ${String(svc.stop_grace_period)} is not longer than SHUTDOWN_TIMEOUT_MS (${String(shutdownMs)} ms)`,
    svc.depends_on?.migrate?.condition === 'service_completed_successfully'
      ? null
      : `${name}: does not wait for migrate`,
    svc.read_only === true ? null : `${name}: root filesystem is writable`,
  ]),
  migrate?.depends_on?.db?.condition === 'service_healthy' ? null : 'migrate does not wait for a healthy db',
  String(migrate?.command ?? '').includes('dist/migrate.js') ? null : 'migrate does not run dist/migrate.js',
]);
check('the database has a health check and a named volume', [
  db?.healthcheck?.test ? null : 'db has no health check',
  (db?.volumes ?? []).some((v) => String(v).endsWith(':/var/lib/postgresql/data'))
    ? null
    : 'db data is not on a volume',
  ...(db?.volumes ?? [])
    .map((v) => String(v).split(':')[0])
    .filter((source) => !source.startsWith('.') && !source.startsWith('/'))
    .map((source) => (compose.volumes && source in compose.volumes ? null : `volume ${source} is not declared`)),
]);
check('the load balancer publishes a port, waits for healthy replicas and mounts files that exist', [
  (lb?.ports ?? []).length > 0 ? null : 'lb publishes no port',
  ...apiServices.map(([name]) =>
    lb?.depends_on?.[name]?.condition === 'service_healthy' ? null : `lb does not wait for ${name} to be healthy`,
  ),
  ...(lb?.volumes ?? [])
    .map((v) => String(v).split(':')[0])
    .filter((source) => source.startsWith('.'))
    .map((source) => (existsSync(join(root, 'infra', source)) ? null : `lb mounts ${source}, which does not exist`)),
]);
check('the API build context and Dockerfile exist', [
  ...[...apiServices, ['migrate', migrate]].map(([name, svc]) => {
    const context = join(root, 'infra', svc?.build?.context ?? '.');
    return existsSync(join(context, svc?.build?.dockerfile ?? ''))
      ? null
      : `${name}: build file not found from its context`;
  }),
]);

// dclint: the Compose Specification's JSON schema plus its correctness rules. Pure style rules
// (key order, service order) are off; ports bind all interfaces on purpose (a public load balancer).
{
  const bin = join(toolsRoot, 'node_modules', '.bin', 'dclint');
  const run = spawnSync(
    bin,
    [
      join(root, 'infra', 'compose.yaml'),
      '--formatter',
      'json',
      '--disable-rule',
      'service-keys-order',
      'services-alphabetical-order',
      'top-level-properties-order',
      'require-quotes-in-ports',
    ],
    { encoding: 'utf8' },
  );
  let problems;
  try {
    const report = JSON.parse(run.stdout || '[]');
    problems = report.flatMap((file) =>
      file.messages.map((m) => `${m.type} ${m.rule} (line ${String(m.line)}): ${m.message}`),
    );
  } catch {
    problems = [`dclint did not run: ${run.error?.message ?? run.stderr}`];
  }
  check('infra/compose.yaml passes dclint (Compose Specification schema and lint rules)', problems);
}

// ---------------------------------------------------------------------------------------------
// infra/Dockerfile
function parseDockerfile(text) {
  const joined = text.replace(/\\\r?\n/g, ' ');
  const instructions = [];
  for (const raw of joined.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const space = line.search(/\s/);
    instructions.push({
      keyword: (space < 0 ? line : line.slice(0, space)).toUpperCase(),
      args: space < 0 ? '' : line.slice(space + 1).trim(),
    });
  }
  return instructions;
}

const dockerfileText = read('infra/Dockerfile');
{
  const bin = join(toolsRoot, 'node_modules', '.bin', 'dockerfile-utils');
  const run = spawnSync(bin, ['lint', join(root, 'infra', 'Dockerfile')], { encoding: 'utf8' });
  check(
    'infra/Dockerfile passes dockerfile-utils lint',
    run.status === 0 && !run.stdout.trim() ? [] : [`${run.stdout}${run.stderr}`.trim() || `exit ${String(run.status)}`],
  );
}

const instructions = parseDockerfile(dockerfileText);
const stages = [];
for (const ins of instructions) {
  if (ins.keyword === 'FROM') {
    const match = /^(?:--\S+\s+)*(\S+)(?:\s+AS\s+(\S+))?$/i.exec(ins.args);
    stages.push({ image: match?.[1] ?? '', name: match?.[2]?.toLowerCase() ?? null, instructions: [] });
  } else if (stages.length > 0) {
    stages.at(-1).instructions.push(ins);
  }
}
const finalStage = stages.at(-1);
const finalOf = (keyword) => (finalStage?.instructions ?? []).filter((i) => i.keyword === keyword);
const packageManager = JSON.parse(read('package.json')).packageManager ?? '';
const pinnedPnpm = packageManager.split('@')[1];
const pnpmArg = /ARG\s+PNPM_VERSION=(\S+)/.exec(dockerfileText)?.[1];
const envLine = finalOf('ENV')
  .map((i) => i.args)
  .join(' ');
const exposed = finalOf('EXPOSE').map((i) => i.args.split('/')[0]);
const portEnv = /(?:^|\s)PORT=(\d+)/.exec(envLine)?.[1];

check('infra/Dockerfile: multi-stage, production dependencies only, non-root, web app inside, /readyz health check', [
  stages.length >= 2 ? null : 'a single stage',
  ...stages.flatMap((stage, index) =>
    stage.instructions
      .filter((i) => i.keyword === 'COPY' && /--from=/.test(i.args))
      .map((i) => {
        const from = /--from=(\S+)/.exec(i.args)?.[1]?.toLowerCase();
        const earlier = stages.slice(0, index).map((s) => s.name);
        return earlier.includes(from) ? null : `COPY --from=${from} names no earlier stage`;
      }),
  ),
  /deploy\s+--prod/.test(dockerfileText) || /install[^\n]*--prod/.test(dockerfileText)
    ? null
    : 'no production-only dependency install (pnpm deploy --prod)',
  finalOf('USER').length > 0 && !['root', '0'].includes(finalOf('USER').at(-1)?.args)
    ? null
    : 'the final stage runs as root',
  finalOf('COPY').some((i) => /apps\/web\/dist/.test(i.args))
    ? null
    : 'the final stage does not copy the built web app',
  /WEB_DIST_DIR=/.test(envLine) ? null : 'WEB_DIST_DIR is not set in the final stage',
  finalOf('HEALTHCHECK').some((i) => i.args.includes('/readyz')) ? null : 'no HEALTHCHECK on /readyz',
  finalOf('CMD').some((i) => i.args.includes('dist/server.js')) ? null : 'CMD does not start dist/server.js',
  portEnv && exposed.includes(portEnv) ? null : `EXPOSE ${exposed.join(',')} does not match PORT=${String(portEnv)}`,
  /HOST=0\.0\.0\.0/.test(envLine) ? null : 'HOST is not 0.0.0.0 in the final stage',
  pnpmArg === pinnedPnpm
    ? null
    : `ARG PNPM_VERSION=${String(pnpmArg)} but package.json pins pnpm ${String(pinnedPnpm)}`,
]);

// The dependency layer installs from the lockfile, so every workspace package's manifest must be
// in the image before `pnpm install --frozen-lockfile`.
function workspacePackageDirs() {
  const globs = parseYaml(read('pnpm-workspace.yaml')).packages ?? [];
  const dirs = [];
  for (const pattern of globs) {
    if (pattern.endsWith('/*')) {
      const base = pattern.slice(0, -2);
      if (!existsSync(join(root, base))) continue;
      for (const entry of readdirSync(join(root, base), { withFileTypes: true })) {
        if (entry.isDirectory() && existsSync(join(root, base, entry.name, 'package.json')))
          dirs.push(`${base}/${entry.name}`);
      }
    } else if (existsSync(join(root, pattern, 'package.json'))) {
      dirs.push(pattern);
    }
  }
  return dirs;
}
const copiedSources = instructions
  .filter((i) => i.keyword === 'COPY' && !/--from=/.test(i.args))
  .flatMap((i) =>
    i.args
      .replace(/--\S+\s*/g, '')
      .split(/\s+/)
      .slice(0, -1),
  );
check('infra/Dockerfile copies every workspace manifest before installing, and only files that exist', [
  ...workspacePackageDirs().map((dir) =>
    copiedSources.includes(`${dir}/package.json`) ? null : `${dir}/package.json is not copied before the install`,
  ),
  ...copiedSources
    .filter((src) => src !== '.' && !existsSync(join(root, src)))
    .map((src) => `COPY source ${src} does not exist`),
]);
{
  const ignore = existsSync(join(root, 'infra', 'Dockerfile.dockerignore'))
    ? read('infra/Dockerfile.dockerignore')
    : '';
  check('infra/Dockerfile.dockerignore keeps host dependencies and secrets out of the build context', [
    ignore ? null : 'infra/Dockerfile.dockerignore is missing',
    /^\*\*\/node_modules$/m.test(ignore) ? null : 'node_modules is not excluded',
    /^\.env$/m.test(ignore) ? null : '.env is not excluded',
  ]);
}

// ---------------------------------------------------------------------------------------------
// The runtime: a supported Node.js LTS, and the memory settings the benchmarks recommend, the same
// in the image, the compose file, .env.example and the recorded benchmark run.
{
  const problems = [];
  const nodeImage = /ARG\s+NODE_IMAGE=(\S+)/.exec(dockerfileText)?.[1] ?? '';
  const major = Number(/^node:(\d+)/.exec(nodeImage)?.[1]);
  if (!SUPPORTED_NODE_LTS.includes(major)) {
    problems.push(
      `NODE_IMAGE=${nodeImage || '(unset)'} is not a supported Node.js LTS (${SUPPORTED_NODE_LTS.join(' or ')})`,
    );
  }
  for (const stage of stages) {
    if (stage.image !== '${NODE_IMAGE}' && !stages.some((s) => s.name && s.name === stage.image.toLowerCase())) {
      problems.push(`stage ${stage.name ?? '?'} is built FROM ${stage.image}, not \${NODE_IMAGE}`);
    }
  }
  const engines = JSON.parse(read('package.json')).engines?.node ?? '';
  if (engines !== '>=20.19')
    problems.push(`package.json engines.node is '${engines}': local Node 20.19+ must keep working`);

  const shipped = {};
  for (const key of RUNTIME_SETTINGS) {
    const match = new RegExp(`(?:^|\\s)${key}=("[^"]*"|\\S+)`).exec(envLine);
    if (match) shipped[key] = match[1].replace(/^"(.*)"$/, '$1');
    else problems.push(`the final stage does not set ${key}`);
  }
  const heap = /--max-old-space-size=(\d+)/.exec(shipped.NODE_OPTIONS ?? '')?.[1];
  if (shipped.NODE_OPTIONS !== undefined && !heap)
    problems.push('NODE_OPTIONS sets no --max-old-space-size heap limit');
  if (shipped.MALLOC_ARENA_MAX !== undefined && !/^[1-9]\d*$/.test(shipped.MALLOC_ARENA_MAX))
    problems.push(`MALLOC_ARENA_MAX=${shipped.MALLOC_ARENA_MAX} is not a whole number`);

  for (const [name, svc] of [...apiServices, ['migrate', migrate]]) {
    for (const key of RUNTIME_SETTINGS) {
      const value = svc?.environment?.[key];
      if (value === undefined || shipped[key] === undefined) continue;
      const parsed = variableDefault(value);
      const effective = parsed.literal ?? parsed.value;
      if (parsed.variable && parsed.variable !== key) problems.push(`${name}: ${key} reads \${${parsed.variable}}`);
      if (effective !== shipped[key])
        problems.push(`${name}: ${key} defaults to '${String(effective)}', but the image ships '${shipped[key]}'`);
    }
  }
  for (const key of RUNTIME_SETTINGS) {
    const example = exampleKeys.get(key);
    if (!example) problems.push(`.env.example does not list ${key}`);
    else if (shipped[key] !== undefined && example.value !== shipped[key])
      problems.push(`.env.example has ${key}=${example.value}, but the image ships '${shipped[key]}'`);
  }
  // The recorded benchmark run (docs/benchmarks.json, when there is one) measured these settings.
  const recordPath = join(root, 'docs', 'benchmarks.json');
  if (existsSync(recordPath)) {
    const recorded = JSON.parse(readFileSync(recordPath, 'utf8')).memory?.env;
    if (!recorded) problems.push('docs/benchmarks.json has no memory-settings pass');
    else
      for (const key of RUNTIME_SETTINGS) {
        if (shipped[key] !== undefined && recorded[key] !== shipped[key])
          problems.push(
            `docs/benchmarks.json measured ${key}=${String(recorded[key])}, but the image ships '${shipped[key]}': record the benchmarks again`,
          );
      }
  }
  check(
    `infra/Dockerfile runs a supported Node.js LTS and ships the benchmarks' memory settings (${RUNTIME_SETTINGS.join(', ')}); compose and .env.example pass them on`,
    problems,
  );
}

// ---------------------------------------------------------------------------------------------
// infra/Caddyfile
{
  const caddyfile = read('infra/Caddyfile');
  const proxy = /reverse_proxy\s+([^{\n]*)\{/.exec(caddyfile);
  const upstreams = (proxy?.[1] ?? '').trim().split(/\s+/).filter(Boolean).sort();
  const expected = apiServices.map(([name]) => `${name}:3000`).sort();
  check('infra/Caddyfile proxies to exactly the compose replicas and probes /readyz', [
    JSON.stringify(upstreams) === JSON.stringify(expected)
      ? null
      : `upstreams ${upstreams.join(' ') || '(none)'} but compose runs ${expected.join(' ')}`,
    /health_uri\s+\/readyz/.test(caddyfile) ? null : 'no active health check on /readyz',
  ]);
  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  if (caddy.status === 0) {
    const run = spawnSync(
      'caddy',
      ['validate', '--adapter', 'caddyfile', '--config', join(root, 'infra', 'Caddyfile')],
      {
        encoding: 'utf8',
        env: { ...process.env, SITE_ADDRESS: ':80' },
      },
    );
    check(
      `infra/Caddyfile passes caddy validate (${caddy.stdout.trim()})`,
      run.status === 0 ? [] : [run.stderr.trim()],
    );
  } else {
    console.log('skip  caddy validate: no caddy binary here (CI validates with the caddy image)');
  }
}

// ---------------------------------------------------------------------------------------------
// GitHub workflow
{
  const problems = [];
  let workflow;
  try {
    workflow = parseYaml(read('.github/workflows/ci.yml'));
  } catch (error) {
    problems.push(`ci.yml: ${error.message}`);
  }
  try {
    const action = parseYaml(read('.github/actions/setup/action.yml'));
    if (action?.runs?.using !== 'composite') problems.push('the setup action is not a composite action');
  } catch (error) {
    problems.push(`action.yml: ${error.message}`);
  }
  if (workflow) {
    const on = workflow.on ?? workflow[true];
    if (!on || !('push' in on) || !('pull_request' in on))
      problems.push('ci.yml does not run on push and pull_request');
    const jobs = Object.values(workflow.jobs ?? {});
    if (!jobs.some((job) => job.services?.postgres)) problems.push('no job has a postgres service');
    if (!jobs.some((job) => (job.steps ?? []).some((s) => String(s.run ?? '').includes('.ci/run')))) {
      problems.push('no job runs .ci/run');
    }
    for (const job of jobs) {
      if (!job['runs-on']) problems.push('a job has no runs-on');
      for (const step of job.steps ?? []) if (!step.uses && !step.run) problems.push(`a step has neither uses nor run`);
    }
  }
  check('.github/workflows/ci.yml and the setup action are well-formed, with a Postgres service', problems);
}

console.log(`\n${String(passed)} passed, ${String(failed)} failed`);
process.exitCode = failed > 0 ? 1 : 0;
