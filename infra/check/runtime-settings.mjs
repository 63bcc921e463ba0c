// Settings of Node.js and glibc rather than of the app (env.ts does not read them): compose passes
// them to the API with the image's values as defaults.
export const RUNTIME_SETTINGS = ['NODE_OPTIONS', 'MALLOC_ARENA_MAX'];
// Node.js release lines with long-term support the image may run (22 until April 2027, 24 until
// April 2028). Local development keeps Node 20.19+ (package.json engines).
export const SUPPORTED_NODE_LTS = [22, 24];
