// infra/Dockerfile: well-formed (dockerfile-utils), multi-stage, production dependencies only,
// non-root, the web app inside, a /readyz health check, every workspace manifest copied; and its
// .dockerignore.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { parse as parseYaml } from 'yaml';

/** Checks the Dockerfile; answers its text, its stages and its final stage's ENV line. */
export function checkDockerfile({ check, read, root, toolsRoot }) {
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
      run.status === 0 && !run.stdout.trim()
        ? []
        : [`${run.stdout}${run.stderr}`.trim() || `exit ${String(run.status)}`],
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
  return { dockerfileText, stages, envLine };
}
