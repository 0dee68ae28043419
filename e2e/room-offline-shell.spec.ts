// The service worker (decision 052): once it controls the app, a reload while offline still opens the app's
// shell, the games page and the hall display, from its precache; the API is never answered from a cache.
// Independent of the game room's screen: it uses only /game and /game/{id}/display.
import { signInAs } from './support/pages';
import { expect, test } from './support/test';

test('a reload while offline still opens the app, from the service worker', async ({ page, context }) => {
  await signInAs(page, 'agent1', '/game');
  await expect(page.getByRole('heading', { level: 1, name: 'Game Management' })).toBeVisible();

  // Registered after load; it takes the page that installed it (its first install), once everything is cached.
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 20_000,
  });
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((url) => /^\/assets\/display-page-.+\.js$/.test(url))).toBe(true);
  expect(cached.some((url) => url.endsWith('.woff2'))).toBe(true);
  expect(cached.filter((url) => url.startsWith('/api/') || url.startsWith('/assets/voices/'))).toEqual([]);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Game Management' })).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();

    // A page never visited online: the hall display, from the precache too.
    await page.goto('/game/OFFLINE0001/display');
    await expect(page.getByText('Waiting for the game room...')).toBeVisible();

    // The API is the network's: offline, a request fails rather than getting a stored answer.
    const api = await page.evaluate(() =>
      fetch('/api/health').then(
        (res) => `answered ${res.status}`,
        () => 'failed',
      ),
    );
    expect(api).toBe('failed');
  } finally {
    await context.setOffline(false);
  }
});

test('the app is installable: its manifest and icons', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const answer = await request.get(href!);
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = await answer.json();
  expect(manifest).toMatchObject({ name: 'Cartela', start_url: '/', display: 'standalone' });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  for (const icon of manifest.icons as { src: string }[]) {
    const png = await request.get(icon.src);
    expect(png.status(), icon.src).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }
  const worker = await request.get('/sw.js');
  expect(worker.headers()['content-type']).toMatch(/javascript/);
  expect(worker.headers()['cache-control']).toBe('no-cache');
});
