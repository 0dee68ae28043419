import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress, resolve } from './vite.shared';

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
      // /verify is the public check's own page (verify.html, decision 074), never the app's shell.
      navigateFallbackDenylist: [/^\/api(\/|$)/i, /^\/verify(\/|$)/i],
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
  resolve,
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
