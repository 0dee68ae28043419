import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript source under the "source" condition, so tests never need a build.
const resolveSource = {
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
};

const serverProject = (name: string, env: Record<string, string>) => ({
  ...resolveSource,
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    env,
    // A worker loads the server's modules once for all its files instead of once per file (each file still has
    // its own database and app). So a file must leave no module state behind: one that vi.mocks a module the
    // server imports loads the server afresh, and again for the next file (cartelas/assign-collisions.test.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const postgresUrl = process.env.TEST_DATABASE_URL;

export default defineConfig({
  test: {
    projects: [
      {
        ...resolveSource,
        // The property tests (fast-check) take seconds of CPU each: room for them on a loaded machine.
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        ...resolveSource,
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        ...resolveSource,
        // The repository's own tools (scripts/), e.g. the default voice packs' generator and its output.
        test: { name: 'tools', root: '.', include: ['scripts/**/*.test.{ts,mjs}'], environment: 'node' },
      },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(postgresUrl
        ? [serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl })]
        : []),
      {
        ...resolveSource,
        // The web app's `@/` alias (apps/web/vite.config.ts, decision 035).
        resolve: {
          ...resolveSource.resolve,
          alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }],
        },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Room for findBy*'s 5 s (src/test/setup.ts) on a loaded machine.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
