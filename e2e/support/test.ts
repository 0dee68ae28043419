// The browser tests' `test`: each Playwright worker runs the built server of its own, on a new data folder with the
// demo data, and every page, `request` and new context of the worker talks to it (`baseURL`). Tests on two
// workers then never meet: one cannot spend the coins, switch the language or start a game on the cartelas
// another is looking at. Within a worker the files run one after the other, in the order of the run.
import { test as base } from '@playwright/test';
import { type FreshServer, startFreshServer } from './fresh-server';

/** The worker servers' secret, for the test that forges an expired copy of a real token. */
export const E2E_JWT_SECRET = 'e2e-only-secret-0123456789abcdef0123456789abcdef';

export const test = base.extend<object, { workerServer: FreshServer }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this destructuring.
    async ({}, use) => {
      const server = await startFreshServer({
        startTimeoutMs: 60_000,
        env: {
          JWT_SECRET: E2E_JWT_SECRET,
          // Many sign-ins a minute from one address and to the same demo accounts: the suite is not an attack.
          LOGIN_RATE_LIMIT_MAX: '1000',
          LOGIN_RATE_LIMIT_USERNAME_MAX: '1000',
          LOGIN_RATE_LIMIT_ACCOUNT_MAX: '1000',
        },
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ workerServer }, use) => use(workerServer.baseURL),
});

export { expect } from '@playwright/test';
