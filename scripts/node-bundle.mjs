// esbuild's settings for a Node.js bundle, shared by the API's build (apps/api/build.mjs) and the
// benchmark's server entry (bench/src/server-process.ts): one ES module for the Node.js the project
// supports, with source maps, quiet unless something is wrong.

export const NODE_BUNDLE = Object.freeze({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
});
