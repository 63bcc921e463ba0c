// The ride repository's public face; the code lives under rides/ by seam: wire types and the
// visibility mapping (wire), the shared select (select), list reads (lists), the detail read
// (detail) and writes (writes).
export * from './rides/wire';
export * from './rides/lists';
export * from './rides/detail';
export * from './rides/writes';
export * from './rides/standing';
