import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
