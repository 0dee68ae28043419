import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// The guide's screenshots (shots.spec.ts), outside the test suite: `npm run build && npm run guide:shots`. One
// worker, one built demo server (e2e/support/test.ts); each test makes the contexts of its devices and language.
export default defineConfig({
  testDir: '.',
  testMatch: 'shots.spec.ts',
  timeout: 300_000,
  expect: { timeout: 10_000 },
  workers: 1,
  fullyParallel: false,
  retries: 0,
  reporter: [['list']],
  outputDir: '../../.tmp/guide-results',
  use: { ...base.use, trace: 'off', screenshot: 'only-on-failure', actionTimeout: 15_000 },
});
