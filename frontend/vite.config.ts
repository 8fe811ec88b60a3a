import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompress } from './build/precompress';
import { routeChunksPlugin } from './build/routeChunks';
import { compileHintsPlugin } from './build/compileHints';
import { pageScriptPlugin } from './build/pageScript';

const gateway = 'http://127.0.0.1:8080';

// The production build runs on Preact's React compatibility layer (about 10 KB gzipped in place of
// react-dom's 60). The dev server and the unit tests keep React; the browser suite runs the build.
// REACT_BUILD=1 builds with React, to compare the two.
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// React Router's package names only its development build (dist/development) for every condition, so without these
// the production build shipped it: its developer warnings checked (and their messages built) on every render of the
// routes, and developer text such as "Hey developer" in the bundle. Its production build (dist/production) is the
// same code with those switched off (remix-run/react-router#12532, #14102).
const routerDist = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production');
const routerProductionAliases = [
  { find: /^react-router$/, replacement: path.join(routerDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(routerDist, 'dom-export.mjs') },
];

// `vite build --ssr src/entry-server.tsx` (npm run build:server): the pages' server render, one Node
// module in dist-server/ with every dependency inside it, so it runs on Preact as the browser does.
export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: isSsrBuild ? [react(), tailwindcss()] : [react(), tailwindcss(), routeChunksPlugin(), pageScriptPlugin(), compileHintsPlugin(), precompress()],
  ssr: { noExternal: true },
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' && process.env.REACT_BUILD !== '1' ? preactAliases : []),
      ...(command === 'build' ? routerProductionAliases : []),
    ],
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/images': { target: gateway, changeOrigin: true },
    },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/images': { target: gateway, changeOrigin: true },
    },
  },
  build: {
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    copyPublicDir: !isSsrBuild,
    // The server render is one file (no chunks importing it back), so the gateway can load a rebuilt one beside the old.
    // The browser's chunks: everything the entry imports statically is one chunk with it, and every icon one
    // chunk shared by the screens. Left to automatic splitting, each module shared by a different set of screens
    // was a chunk of its own (126 files, a phone's home page 31 of them, a third under 1 KB), and each costs the
    // main thread a fetch, a compile and a link: 31 → 14 scripts on the home page, main-thread time at load -10%
    // (the benchmark diary of 29 November, afternoon (`git show 9bee98b:docs/benchmarks.md`)).
    rollupOptions: isSsrBuild
      ? { output: { inlineDynamicImports: true } }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: 'index', tags: ['$initial'], priority: 2 },
                { name: 'icons', test: /[\\/]node_modules[\\/]lucide-react[\\/]/, minShareCount: 2, priority: 1 },
              ],
            },
          },
        },
    emptyOutDir: true,
    sourcemap: false,
    // .vite/manifest.json: which chunks each route loads (scripts/bundle-budget.ts reads it).
    manifest: !isSsrBuild,
    chunkSizeWarningLimit: 700,
    // No <link rel="modulepreload"> added for a lazily loaded chunk's imports. On a page the server wrote, the
    // page's own script already asks for its screen's chunks a few per task after the first paint; the links
    // Vite's helper added for those not yet asked for came in one long task (100-300 ms on a phone at Lighthouse's
    // 4x CPU) inside the entry's evaluation. Later screens load on the visitor's intent (app/preloadOnIntent.ts).
    modulePreload: false,
  },
}));
