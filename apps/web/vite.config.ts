// Vite dev server and production build for the SPA. In development /trpc and /api go to the API on
// port 3000 (docs/architecture.md#one-process); in production the API serves dist/ itself, so there is no proxy there.
import { constants } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

const apiTarget = 'http://127.0.0.1:3000';
// changeOrigin stays false: the API accepts a write when its Origin names the Host it was sent to
// (apps/api/src/plugins/security.ts), so the proxy must pass the browser's Host (localhost:5173) on.

export default defineConfig({
  plugins: [
    react(),
    // The installable app and its service worker, src/sw/sw.ts (docs/product.md#phone-notifications):
    // the precache list is injected into it; the page registers it itself, after the first load
    // (src/features/offline). The join map's MapLibre chunk is left out of the precache: a megabyte
    // for a screen that needs the network anyway.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'RideShare: Singapore ⇄ Forest City',
        short_name: 'RideShare',
        description: 'Share chartered rides between Singapore and Forest City with the community.',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c7ed6',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg}', 'icons/icon-192.png'],
        globIgnores: ['**/*maplibre*', '**/map-*.js'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of every text file of the build (x.js.br, x.js.gz beside x.js), at the
    // highest levels: built once, then the API sends the copy the browser accepts without
    // compressing anything per request (docs/architecture.md#compressed-answers). Source maps are
    // left out: only developer tools fetch them.
    compression({
      include: /\.(html|css|js|json|svg|webmanifest|txt)$/,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  server: {
    proxy: {
      '/trpc': { target: apiTarget, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // maplibre-gl alone is ~1 MB minified; it is loaded only by the join screen's map chunk.
    chunkSizeWarningLimit: 1100,
    rollupOptions: {
      treeshake: {
        // @rideshare/domain is pure by design (STYLE: no I/O), but its schemas are built by calls at
        // module level, which Rollup must otherwise keep. Declaring it side-effect free lets a chunk
        // that only needs a constant skip zod entirely.
        moduleSideEffects: (id) => !/[\\/]packages[\\/]domain[\\/]/.test(id),
      },
      output: {
        // Chunks under 8 KB are merged into their neighbours where that changes nothing that runs:
        // /home otherwise loads some twenty files of a few hundred bytes each, and every one costs
        // a request and its response headers. Higher merges more code /home does not run (at
        // 20 KB it fetched the notifications page, which shares Pagination with it); 8 KB made the
        // least of both (docs/benchmarks.md, what /home's first load transfers).
        experimentalMinChunkSize: 8_000,
        // Libraries every page needs, in long-lived chunks of their own: a release that changes only
        // app code leaves them cached. Mantine stays with the pages, so lazy pages keep their parts.
        // The package is the folder right after the last node_modules/: matching anywhere in the
        // path would also take @floating-ui/react (Mantine's popovers, which /home never opens).
        manualChunks(id) {
          if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/.test(id)) {
            return 'react';
          }
          if (/[\\/]node_modules[\\/]@(tanstack|trpc)[\\/]/.test(id)) return 'data';
          return undefined;
        },
      },
    },
  },
});
