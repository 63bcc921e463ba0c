/**
 * Web figures:
 * - what a route loads, read from the build: index.html's script, module preloads and stylesheets,
 *   then the route's lazily imported page chunk with the dependencies Vite lists for it
 *   (`__vite__mapDeps`), then every static import of all of those, transitively. Dynamic imports
 *   inside them (the join screen's map) are not followed: they load only when that code runs.
 *   Sizes are gzip at zlib's default level 6 (what a compressing proxy such as Caddy sends, give or
 *   take a level).
 * - what a page's first load transfers: every response headless Chromium received until the page
 *   showed its ready text, by the sizes the browser itself counts on the wire (CDP
 *   Network.loadingFinished `encodedDataLength`: headers and body as sent, compressed when the
 *   server compressed), with the decoded body sizes beside them; the event stream, still open then,
 *   with what it had received (its headers). Fresh context, cold cache.
 * - the largest contentful paint of a page in headless Chromium with the CPU slowed down 4x
 *   (Emulation.setCPUThrottlingRate), from a PerformanceObserver on 'largest-contentful-paint', each
 *   run in a fresh browser context (cold cache). The same runs record which scripts and stylesheets
 *   the browser actually fetched, to check the build analysis.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import { CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export interface RouteAssets {
  route: string;
  js: AssetSize[];
  css: AssetSize[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface BundleReport {
  home: RouteAssets;
  rideDetail: RouteAssets;
  /** The map code (maplibre-gl and the join screen's map component), loaded only by /rides/{id}/join. */
  map: { js: AssetSize[]; css: AssetSize[]; jsGzipBytes: number; cssGzipBytes: number };
  /** Map files found among what /home loads (expected: none). */
  mapFilesOnHome: string[];
}

/** Files of the map chunk: MapLibre itself and the lazily loaded component around it. */
export const MAP_FILE = /^(maplibre-gl|location-map)-[\w-]+\.(js|css)$/;

/** Route → the page chunk its lazy import loads (apps/web/src/router.tsx). */
export const PAGE_CHUNKS = { '/home': 'home-page', '/rides/{id}': 'ride-details-page' } as const;

export interface AssetGraph {
  /** Files index.html loads (script, module preloads, stylesheets), relative to dist/assets. */
  entry: string[];
  /** Static imports of each JS file. */
  staticImports: Map<string, string[]>;
  /** Dynamic imports of each JS file, each with the files Vite preloads alongside it. */
  dynamicImports: Map<string, { target: string; preload: string[] }[]>;
}

const ASSET_REF = /(?:src|href)="\/assets\/([^"]+)"/g;
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*"\.\/([^"]+)"/g;
const DYNAMIC_IMPORT = /import\("\.\/([^"]+)"\)(?:\s*,\s*__vite__mapDeps\(\[([\d,\s]*)\]\))?/g;
const MAP_DEPS = /m\.f=\[([^\]]*)\]/;

/** Reads the build's asset graph from index.html and the emitted chunks. */
export function parseAssetGraph(indexHtml: string, chunks: ReadonlyMap<string, string>): AssetGraph {
  const entry = [...indexHtml.matchAll(ASSET_REF)].map((m) => m[1] ?? '').filter((f) => f !== '');
  const staticImports = new Map<string, string[]>();
  const dynamicImports = new Map<string, { target: string; preload: string[] }[]>();
  for (const [file, code] of chunks) {
    staticImports.set(
      file,
      [...new Set([...code.matchAll(STATIC_IMPORT)].map((m) => m[1] ?? ''))].filter((f) => f !== ''),
    );
    const depsList = MAP_DEPS.exec(code)?.[1];
    const deps = depsList ? [...depsList.matchAll(/"assets\/([^"]+)"/g)].map((m) => m[1] ?? '') : [];
    dynamicImports.set(
      file,
      [...code.matchAll(DYNAMIC_IMPORT)].map((m) => ({
        target: m[1] ?? '',
        preload: (m[2] ?? '')
          .split(',')
          .map((i) => i.trim())
          .filter((i) => i !== '')
          .map((i) => deps[Number(i)] ?? '')
          .filter((f) => f !== ''),
      })),
    );
  }
  return { entry, staticImports, dynamicImports };
}

/** Everything a route loads before its page renders: the entry, the page chunk, static imports. */
export function routeFiles(graph: AssetGraph, pageChunkPrefix: string): string[] {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    if (loaded.has(file)) return;
    loaded.add(file);
    for (const next of graph.staticImports.get(file) ?? []) visit(next);
  };
  for (const file of graph.entry) visit(file);
  const page = [...graph.dynamicImports.values()]
    .flat()
    .find((d) => d.target.startsWith(`${pageChunkPrefix}-`) && d.target.endsWith('.js'));
  if (!page) throw new Error(`no lazy import of a '${pageChunkPrefix}-*.js' chunk in the build`);
  visit(page.target);
  for (const file of page.preload) visit(file);
  return [...loaded].sort();
}

function sizeOf(dir: string, file: string): AssetSize {
  const content = readFileSync(join(dir, file));
  return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
}

function assets(dir: string, route: string, files: readonly string[]): RouteAssets {
  const js = files.filter((f) => f.endsWith('.js')).map((f) => sizeOf(dir, f));
  const css = files.filter((f) => f.endsWith('.css')).map((f) => sizeOf(dir, f));
  return {
    route,
    js,
    css,
    jsGzipBytes: js.reduce((sum, a) => sum + a.gzipBytes, 0),
    cssGzipBytes: css.reduce((sum, a) => sum + a.gzipBytes, 0),
  };
}

export function analyzeBundle(webDist: string): BundleReport {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: build the web app first`);
  const assetDir = join(webDist, 'assets');
  const chunks = new Map<string, string>();
  for (const file of readdirSync(assetDir)) {
    if (file.endsWith('.js')) chunks.set(file, readFileSync(join(assetDir, file), 'utf8'));
  }
  const graph = parseAssetGraph(readFileSync(indexFile, 'utf8'), chunks);
  const homeFiles = routeFiles(graph, PAGE_CHUNKS['/home']);
  const detailFiles = routeFiles(graph, PAGE_CHUNKS['/rides/{id}']);
  const mapFiles = readdirSync(assetDir).filter((f) => MAP_FILE.test(f));
  if (!mapFiles.some((f) => f.endsWith('.js'))) {
    throw new Error(`no map chunk (${String(MAP_FILE)}) in ${assetDir}: update MAP_FILE in bench/src/web.ts`);
  }
  const map = assets(assetDir, '/rides/{id}/join (map)', mapFiles);
  return {
    home: assets(assetDir, '/home', homeFiles),
    rideDetail: assets(assetDir, '/rides/{id}', detailFiles),
    map: { js: map.js, css: map.css, jsGzipBytes: map.jsGzipBytes, cssGzipBytes: map.cssGzipBytes },
    mapFilesOnHome: homeFiles.filter((f) => MAP_FILE.test(f)),
  };
}

export interface PaintResult {
  path: string;
  /** Median LCP over the runs, in ms since navigation start. */
  lcpMs: number;
  runsMs: number[];
  /** The LCP element of the last run, e.g. "div: Total Rides". */
  element: string;
  /** Scripts and stylesheets the browser fetched (file names under /assets). */
  fetched: string[];
}

/** The shared flags (scripts/chromium.mjs), headless: the benchmark never shows a window. */
export const CHROMIUM_ARGS = ['--headless', ...CHROMIUM_FLAGS];

const LCP_OBSERVER = `
  window.__lcp = { time: 0, element: '' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const el = entry.element;
      const text = el && el.textContent ? el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40) : '';
      window.__lcp = { time: entry.startTime, element: el ? el.tagName.toLowerCase() + (text ? ': ' + text : '') : '(removed)' };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
`;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * Opens each page `runs` times in headless Chromium (4x CPU throttling, cold cache) and reads the
 * largest contentful paint once the page is idle and has shown `readyText`.
 */
export async function measurePaints(
  chromiumPath: string,
  baseUrl: string,
  pages: readonly { path: string; readyText: string }[],
  runs: number,
): Promise<PaintResult[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const results: PaintResult[] = [];
    for (const { path, readyText } of pages) {
      const times: number[] = [];
      let element = '';
      const fetched = new Set<string>();
      for (let run = 0; run < runs; run += 1) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
          await page.addInitScript(LCP_OBSERVER);
          page.on('request', (request) => {
            const type = request.resourceType();
            const name = /\/assets\/([^?#]+)$/.exec(request.url())?.[1];
            if (name && (type === 'script' || type === 'stylesheet')) fetched.add(name);
          });
          await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle', timeout: 60_000 });
          await page.getByText(readyText).first().waitFor({ timeout: 30_000 });
          // LCP candidates are reported after the frame that painted them.
          await page.waitForTimeout(500);
          const lcp = await page.evaluate<{ time: number; element: string }>('window.__lcp');
          if (!(lcp.time > 0)) throw new Error(`no largest-contentful-paint entry on ${path}`);
          times.push(lcp.time);
          element = lcp.element;
        } finally {
          await context.close();
        }
      }
      results.push({ path, lcpMs: median(times), runsMs: times, element, fetched: [...fetched].sort() });
    }
    return results;
  } finally {
    await browser.close();
  }
}

export interface TransferResult {
  path: string;
  /** Bytes on the wire (headers and bodies as sent) of every response that finished loading. */
  transferredBytes: number;
  /** The same responses' bodies decoded (what they weigh uncompressed). */
  decodedBytes: number;
  /** Transferred bytes by Chromium's resource type (Document, Script, Stylesheet, Fetch, ...). */
  byType: Record<string, number>;
  requests: number;
  /** Responses with a Content-Encoding, by encoding (`br: 24`). */
  encodings: Record<string, number>;
}

interface CdpResponse {
  requestId: string;
  type?: string;
  /** `encodedDataLength`: the bytes received for the request so far (its headers, at this point). */
  response: { headers: Record<string, string>; encodedDataLength?: number };
}

/**
 * Loads `path` once in a fresh browser context (cold cache) and sums what Chromium received until
 * the page shows `readyText` and no request but the event stream is still loading. A response still
 * open then (the event stream) counts with what it had received: its headers and any events.
 */
export async function measureTransfer(
  chromiumPath: string,
  baseUrl: string,
  path: string,
  readyText: string,
): Promise<TransferResult> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const types = new Map<string, string>();
    const pending = new Set<string>();
    const result: TransferResult = {
      path,
      transferredBytes: 0,
      decodedBytes: 0,
      byType: {},
      requests: 0,
      encodings: {},
    };
    cdp.on('Network.requestWillBeSent', (event: { requestId: string; type?: string }) => {
      // The live event stream stays open for good: it never finishes loading.
      if (event.type !== 'EventSource') pending.add(event.requestId);
    });
    /** Bytes received so far by requests that have not finished loading. */
    const receiving = new Map<string, number>();
    cdp.on('Network.responseReceived', (event: CdpResponse) => {
      types.set(event.requestId, event.type ?? 'Other');
      receiving.set(event.requestId, event.response.encodedDataLength ?? 0);
      const encoding = Object.entries(event.response.headers).find(
        ([name]) => name.toLowerCase() === 'content-encoding',
      )?.[1];
      if (encoding) result.encodings[encoding] = (result.encodings[encoding] ?? 0) + 1;
    });
    cdp.on('Network.dataReceived', (event: { requestId: string; dataLength: number; encodedDataLength: number }) => {
      result.decodedBytes += event.dataLength;
      const sofar = receiving.get(event.requestId);
      if (sofar !== undefined) receiving.set(event.requestId, sofar + event.encodedDataLength);
    });
    const finish = (requestId: string, bytes: number) => {
      pending.delete(requestId);
      receiving.delete(requestId);
      const type = types.get(requestId) ?? 'Other';
      result.transferredBytes += bytes;
      result.byType[type] = (result.byType[type] ?? 0) + bytes;
      result.requests += 1;
    };
    cdp.on('Network.loadingFinished', (event: { requestId: string; encodedDataLength: number }) => {
      finish(event.requestId, event.encodedDataLength);
    });
    cdp.on('Network.loadingFailed', (event: { requestId: string }) => {
      pending.delete(event.requestId);
      receiving.delete(event.requestId);
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByText(readyText).first().waitFor({ timeout: 30_000 });
    const deadline = Date.now() + 30_000;
    while (pending.size > 0 && Date.now() < deadline) await page.waitForTimeout(100);
    for (const [requestId, bytes] of [...receiving]) finish(requestId, bytes);
    await context.close();
    return result;
  } finally {
    await browser.close();
  }
}
