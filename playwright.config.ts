import { defineConfig, devices } from '@playwright/test';

// Browser tests run the BUILT app (`npm run build`) on the embedded database in a throwaway data folder,
// in Debian's Chromium (`apt-get install chromium`); Playwright's own browser download does not work here.
const port = Number(process.env.E2E_PORT ?? 3199);
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef';
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
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '.tmp/playwright.json' }],
  ],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'rm -rf .tmp/e2e-data && node apps/server/dist/main.js',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.tmp/e2e-data',
      JWT_SECRET: E2E_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // Many sign-ins a minute from one address and to the same demo accounts: the suite is not an attack.
      LOGIN_RATE_LIMIT_MAX: '1000',
      LOGIN_RATE_LIMIT_USERNAME_MAX: '1000',
      LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
    },
  },
});
