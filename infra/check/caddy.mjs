// infra/Caddyfile: proxies to exactly the compose replicas, probing /readyz (and `caddy validate`
// when a caddy binary is installed).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export function checkCaddy({ check, read, root }, { apiServices }) {
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
