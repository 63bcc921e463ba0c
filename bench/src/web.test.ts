import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MAP_FILE, parseAssetGraph, routeFiles } from './web';

// A build shaped like Vite's output: index.html loads the entry, the entry lazily imports pages with
// their preload lists (__vite__mapDeps), the join page lazily imports the map.
const indexHtml = `<!doctype html><html><head>
<script type="module" crossorigin src="/assets/index-AAA.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-BBB.js">
<link rel="stylesheet" crossorigin href="/assets/index-CCC.css">
</head><body><div id="root"></div></body></html>`;

const chunks = new Map<string, string>([
  [
    'index-AAA.js',
    'const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/home-page-HHH.js","assets/react-BBB.js","assets/Card-DDD.js","assets/home-page-EEE.css","assets/join-ride-page-JJJ.js","assets/Form-FFF.js"])))=>i.map(i=>d[i]);' +
      'import{r as u}from"./react-BBB.js";' +
      'const a=q(()=>import("./home-page-HHH.js"),__vite__mapDeps([0,1,2,3]));' +
      'const b=q(()=>import("./join-ride-page-JJJ.js"),__vite__mapDeps([4,1,5]));',
  ],
  ['react-BBB.js', 'export const r=1;'],
  ['home-page-HHH.js', 'import{r}from"./react-BBB.js";import{C}from"./Card-DDD.js";import"./side-effect-GGG.js";'],
  ['Card-DDD.js', 'export const C=1;'],
  ['side-effect-GGG.js', 'console.log(1);'],
  ['join-ride-page-JJJ.js', 'import{F}from"./Form-FFF.js";const m=()=>import("./location-map-MMM.js");'],
  ['Form-FFF.js', 'export const F=1;'],
  ['location-map-MMM.js', 'const l=()=>import("./maplibre-gl-LLL.js");'],
  ['maplibre-gl-LLL.js', 'export default 1;'],
]);

describe('routeFiles', () => {
  const graph = parseAssetGraph(indexHtml, chunks);

  it('follows index.html, the page chunk with its preloads, and static imports', () => {
    assert.deepEqual(routeFiles(graph, 'home-page'), [
      'Card-DDD.js',
      'home-page-EEE.css',
      'home-page-HHH.js',
      'index-AAA.js',
      'index-CCC.css',
      'react-BBB.js',
      'side-effect-GGG.js',
    ]);
  });

  it('does not follow dynamic imports inside the loaded chunks (the map)', () => {
    const join = routeFiles(graph, 'join-ride-page');
    assert.ok(join.includes('Form-FFF.js'));
    assert.equal(join.filter((f) => MAP_FILE.test(f)).length, 0);
    assert.ok(!routeFiles(graph, 'home-page').includes('join-ride-page-JJJ.js'));
  });

  it('refuses a route whose page chunk is not in the build', () => {
    assert.throws(() => routeFiles(graph, 'vendor-page'), /no lazy import of a 'vendor-page-\*\.js' chunk/);
  });
});
