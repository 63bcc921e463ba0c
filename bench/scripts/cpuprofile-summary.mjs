// Summarises a V8 .cpuprofile (node --cpu-prof): self time by package and by function, the busiest
// first. Usage: node bench/scripts/cpuprofile-summary.mjs <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/scripts/cpuprofile-summary.mjs <file.cpuprofile> [rows]');
  process.exit(1);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const selfTime = new Map();
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  selfTime.set(id, (selfTime.get(id) ?? 0) + delta);
  total += delta;
});

const byFunction = new Map();
const byPackage = new Map();
for (const [id, time] of selfTime) {
  const frame = nodes.get(id).callFrame;
  const where = frame.url.replace(/.*node_modules\/\.pnpm\//, '').replace(/^file:\/\/.*?\/apps\//, 'apps/');
  const fn = `${frame.functionName || '(anonymous)'} ${where}:${String(frame.lineNumber + 1)}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + time);
  const pkg =
    /node_modules\/\.pnpm\/((?:@[^+]+\+)?[^@/]+)/.exec(frame.url)?.[1]?.replace('+', '/') ??
    (frame.url.includes('/apps/api/dist/')
      ? 'app (apps/api/dist)'
      : frame.url.includes('/bench/dist/')
        ? 'bench routes (bench/dist/server.js)'
        : frame.url.startsWith('node:')
          ? 'node core'
          : frame.functionName || '(native)');
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
}
const top = (map) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, rows)
    .map(([name, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(
  `${(total / 1e6).toFixed(1)} s sampled ("(idle)" is the event loop waiting)\n\nby package\n${top(byPackage)}\n\nby function\n${top(byFunction)}`,
);
