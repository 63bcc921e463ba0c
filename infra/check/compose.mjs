// infra/compose.yaml: valid YAML and the Compose Specification (dclint), Postgres, a migration, two
// or more API replicas behind the load balancer, health checks, a database volume, a drain window
// longer than the API's, and the API's settings in step with env.ts and .env.example.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { parseDocument } from 'yaml';

import { RUNTIME_SETTINGS } from './runtime-settings.mjs';

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

/**
 * Checks the compose file; answers its API replica services (`[name, service]`), the migration
 * service and how to read a `${NAME:-default}` value, for the checks that follow.
 */
export function checkCompose({ check, root, toolsRoot }, schema, { exampleKeys, composeText, composeVariables }) {
  const schemaKeys = new Set(schema.keys);
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
  return { apiServices, migrate, variableDefault };
}
