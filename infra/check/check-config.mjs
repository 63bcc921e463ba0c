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
//
// Each concern is a module of its own beside this entry point: context.mjs (paths, reporting),
// env-settings.mjs, compose.mjs, dockerfile.mjs, runtime.mjs, caddy.mjs, github.mjs.
import { checkCaddy } from './caddy.mjs';
import { checkCompose } from './compose.mjs';
import { checkContext } from './context.mjs';
import { checkDockerfile } from './dockerfile.mjs';
import { checkEnvExample, loadSchema } from './env-settings.mjs';
import { checkGithub } from './github.mjs';
import { checkRuntime } from './runtime.mjs';

const context = checkContext(process.argv.slice(2));
const schema = loadSchema(context);
const settings = checkEnvExample(context, schema);
const compose = checkCompose(context, schema, settings);
const dockerfile = checkDockerfile(context);
checkRuntime(context, dockerfile, compose, settings);
checkCaddy(context, compose);
checkGithub(context);

const { passed, failed } = context.counts;
console.log(`\n${String(passed)} passed, ${String(failed)} failed`);
process.exitCode = failed > 0 ? 1 : 0;
