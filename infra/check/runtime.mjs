// The runtime: a supported Node.js LTS image, and the memory settings docs/benchmarks.md recommends
// (NODE_OPTIONS heap limit, MALLOC_ARENA_MAX), the same in the image, the compose file, .env.example
// and the recorded benchmark run.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { RUNTIME_SETTINGS, SUPPORTED_NODE_LTS } from './runtime-settings.mjs';

export function checkRuntime(
  { check, read, root },
  { dockerfileText, stages, envLine },
  { apiServices, migrate, variableDefault },
  { exampleKeys },
) {
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
}
