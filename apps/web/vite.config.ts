import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;

/**
 * Next to each text file of the build, its .br (brotli at its best) and .gz: the server sends those as they
 * are (@fastify/static preCompressed), so a phone on mobile data gets the sign-in code in about a third of
 * the bytes and the server spends nothing compressing it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cartela-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The service worker (decision 052): Workbox's generateSW through vite-plugin-pwa. It precaches the whole
 * build (the shell, every page's chunk, the room and the hall display, their CSS and fonts, the icons) except
 * the voice packs, which the voice manager keeps in IndexedDB itself, and the .br/.gz copies (the browser gets
 * those through Content-Encoding). Navigations answer the cached index.html, /api/ excepted; API requests
 * are never cached. A new version waits until no game is open (public/sw-activate.js); the app registers it
 * after load, in production builds only (main.tsx).
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'generateSW',
    filename: 'sw.js',
    // No waiting worker is ever told to skip waiting by the plugin: the app decides (main.tsx, sw-activate.js).
    registerType: 'prompt',
    // main.tsx registers it (lazily, after load); the manifest is public/manifest.webmanifest, linked in index.html.
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
      globIgnores: ['assets/voices/**', '**/*.br', '**/*.gz', 'sw-activate.js'],
      // recharts' chunk is the largest (about 380 KB before compression).
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api(\/|$)/i],
      // No runtime caching: what is not in the build goes to the network as it is (the API above all).
      runtimeCaching: [],
      skipWaiting: false,
      // Takes the open pages at its FIRST install only in effect: an update activates only when no game is
      // open (sw-activate.js) or no page is, and the pages it then controls reload (main.tsx).
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      // One file, no workbox-<hash>.js beside it at the root.
      inlineWorkboxRuntime: true,
      importScripts: ['/sw-activate.js'],
      sourcemap: false,
    },
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), serviceWorker(), precompress()],
  // Workspace packages (@cartela/contract, @cartela/core) export their TypeScript source under "source".
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // `@/` is src/ (also in tsconfig.json and the root vitest.config.ts): see decision 035.
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/ reads dist/.vite/manifest.json to measure what each route loads.
    manifest: true,
    sourcemap: false,
    // Everything the entry imports statically in one chunk: Rolldown otherwise splits it into ~10 small
    // chunks (shared with lazy pages) that compress worse apart: 2.4 KB gzipped of the sign-in budget.
    rolldownOptions: {
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
});
