// Bundles the server (and the internal @rideshare/* packages it imports as TypeScript source) into
// dist/. Third-party dependencies stay external and load from node_modules (argon2 is native).
import { existsSync } from 'node:fs';

import { build } from 'esbuild';

import { NODE_BUNDLE } from '../../scripts/node-bundle.mjs';

const entryPoints = [
  'src/server.ts',
  // The server's start-up as a module, for a runner that adds its own routes (bench/).
  'src/start.ts',
  'scripts/migrate.ts',
  'scripts/admin-grant.ts',
  'scripts/vendor-approve.ts',
  'scripts/admin-reset-password.ts',
  'scripts/export-rides-csv.ts',
].filter((f) => existsSync(f));

await build({
  entryPoints,
  outdir: 'dist',
  outbase: '.',
  entryNames: '[name]',
  ...NODE_BUNDLE,
  plugins: [
    {
      name: 'externalize-third-party',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@rideshare/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
console.log(`built ${entryPoints.join(', ')} into dist/`);
