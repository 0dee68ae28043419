// The public /verify page's own build (decision 074): verify.html and src/verify/main.ts, written into the app's
// dist/ after the app's build (package.json "build"), sharing no chunk with the app, so a player's phone loads only
// this page's few KB. Its manifest is .vite/verify-manifest.json (bench/bundle.mjs gates its size).
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress, resolve } from './vite.shared';

export default defineConfig({
  plugins: [tailwindcss(), precompress({ onlyThisBuild: true })],
  resolve,
  // public/ is the app build's to copy.
  publicDir: false,
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    manifest: '.vite/verify-manifest.json',
    sourcemap: false,
    // Old phones' browsers too: the syntax lowered to what Chrome 67 and Safari 14 run (core's money needs BigInt,
    // which they were the first to have); the page uses no newer API.
    target: ['es2020', 'chrome67', 'safari14'],
    rolldownOptions: { input: { verify: fileURLToPath(new URL('./verify.html', import.meta.url)) } },
  },
});
