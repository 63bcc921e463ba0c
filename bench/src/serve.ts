/**
 * For profiling by hand: generates one data set, starts the production server on it exactly as the
 * harness does, prints its URL and pid, and keeps it running until Ctrl-C (then stops it and drops
 * the database). Extra arguments go to node, e.g. a CPU profile of the server under a load you drive
 * yourself:
 *
 *   pnpm --filter @rideshare/bench serve -- --rides=10000 --engine=server --cpu-prof --cpu-prof-dir=/tmp/prof
 *   autocannon -c 50 -d 10 'http://127.0.0.1:<port>/trpc/ride.list?input=...'
 *   node bench/scripts/cpuprofile-summary.mjs /tmp/prof/*.cpuprofile
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { benchPasswordHash, generateDataSet } from './data';
import { createDataTarget } from './database';
import type { Engine } from './options';
import { startServer } from './server-process';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2).filter((arg) => arg !== '--');
const value = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split('=', 2)[1];
const rides = Number(value('rides') ?? 1000);
const engine: Engine = value('engine') === 'embedded' ? 'embedded' : 'server';
const nodeArgs = args.filter((arg) => !arg.startsWith('--rides=') && !arg.startsWith('--engine='));

const target = await createDataTarget(
  engine,
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
);
const handle = await target.open();
const data = await generateDataSet(handle.db, await benchPasswordHash(repoRoot), {
  rides,
  hotRides: 2,
  joinUsers: 5,
}).finally(() => handle.close());
const server = await startServer(repoRoot, target.serverEnv, nodeArgs);
console.log(
  `${server.url} pid ${String(server.pid)} (${engine}, ${String(rides)} rides; sample ride ${String(data.sampleRideId)}; ` +
    `sign in as ${data.readerUsername} / ${data.password}); ready in ${server.startToReadyMs.toFixed(0)} ms. Ctrl-C stops it.`,
);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  void server
    .stop()
    .then(() => target.dispose())
    .finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 60_000);
