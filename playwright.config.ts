import { defineConfig, devices } from '@playwright/test';

// Browser tests run the BUILT app (`npm run build`) on the embedded database in a throwaway data folder,
// in Debian's Chromium (`apt-get install chromium`); Playwright's own browser download does not work here.
// Each worker starts a server of its own on a free port (e2e/support/test.ts): no `webServer` here.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // Files in order, each whole on one worker, each worker its own server; E2E_WORKERS sets how many (1 by
  // default: 2 gained little on a loaded 2-core machine and ran tests over their limit; docs/PERFORMANCE.md).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }],
  ],
  use: {
    // A failed test's trace keeps its DOM snapshots, network and console; not the screencast, whose frames cost
    // about a sixth of the run's CPU (docs/PERFORMANCE.md). The failure's screenshot stays.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'laptop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 768 } },
      grepInvert: /@phone/,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } },
      grep: /@phone/,
    },
  ],
});
