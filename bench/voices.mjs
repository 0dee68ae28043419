// The voice figures of issue 9, in Debian's Chromium on the built app (run `npm run build` first):
//   1. first visit: the default pack's size, and the time to download and decode it over a simulated
//      1 Mbit/s link (Chrome DevTools network emulation: 125,000 bytes/s each way, 40 ms latency);
//   2. a second visit: the voice manager's initialisation from IndexedDB, under 500 ms for a whole pack;
//   3. from asking for a call to its first audio frame: under 100 ms at the median (the time from the ask to
//      the source's start, read from the manager's User Timing marks, plus the audio output's own latency,
//      AudioContext.baseLatency + outputLatency).
// `node bench/voices.mjs [second visits] [calls]`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { median, startServer, stopServer, verdict } from './lib.mjs';

const visits = Number(process.argv[2] ?? 5);
const calls = Number(process.argv[3] ?? 30);
const INIT_TARGET_MS = 500;
const CALL_TARGET_MS = 100;
const PASSWORD = 'bench-voices-password';

const dataDir = mkdtempSync(path.join(tmpdir(), 'cartela-bench-voices-'));
const { child, port } = await startServer({ dataDir });
const base = `http://127.0.0.1:${port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'],
});
let failed = false;
try {
  const call = async (method, route, body, token) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  // The demo agent, with a password of its own (a demo password must be replaced first).
  const first = await call('POST', '/api/auth/login', { username: 'agent1', password: 'agent123' });
  await call('PUT', '/api/auth/profile', { currentPassword: 'agent123', newPassword: PASSWORD }, first.token);
  const { token, user } = await call('POST', '/api/auth/login', { username: 'agent1', password: PASSWORD });

  const context = await browser.newContext();
  await context.addInitScript(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', JSON.stringify(u));
    },
    [token, user],
  );
  const page = await context.newPage();
  const ready = page.getByText(/^Ready: all 75 numbers/);
  const initMs = () =>
    page.evaluate(() => {
      const start = performance.getEntriesByName('cartela:voice-init-start').at(-1);
      const end = performance.getEntriesByName('cartela:voice-init-end').at(-1);
      return end.startTime - start.startTime;
    });

  // -- 1. first visit over 1 Mbit/s ------------------------------------------------------------------------
  let bytes = 0;
  let files = 0;
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.startsWith('/assets/voices/')) return;
    files++;
    const sizes = await response
      .request()
      .sizes()
      .catch(() => null);
    bytes += sizes?.responseBodySize ?? Number(response.headers()['content-length'] ?? 0);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await page.goto(`${base}/settings`); // the app itself, before the link is slowed down
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 40,
    downloadThroughput: 125_000,
    uploadThroughput: 125_000,
  });
  await page.goto(`${base}/settings/voice`);
  await ready.waitFor({ timeout: 120_000 });
  const firstMs = await initMs();
  console.log(
    `voices: first visit, default pack: ${files} files, ${(bytes / 1e6).toFixed(2)} MB, loaded and decoded in ` +
      `${(firstMs / 1000).toFixed(1)} s over 1 Mbit/s (the bytes alone need ${((bytes * 8) / 1e6).toFixed(1)} s)`,
  );
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // -- 2. second visits: from IndexedDB ---------------------------------------------------------------------
  const fromCache = [];
  for (let i = 0; i < visits; i++) {
    files = 0;
    await page.reload();
    await ready.waitFor({ timeout: 30_000 });
    if (files !== 0) throw new Error(`a second visit downloaded ${files} voice files`);
    fromCache.push(await initMs());
  }
  const cacheMid = median(fromCache);
  console.log(
    `voices: second visit, whole pack from IndexedDB: median ${cacheMid.toFixed(0)} ms over ${visits} ` +
      `(${Math.min(...fromCache).toFixed(0)}-${Math.max(...fromCache).toFixed(0)} ms), 0 downloads ` +
      `(target < ${INIT_TARGET_MS} ms) ${verdict(cacheMid < INIT_TARGET_MS)}`,
  );
  failed ||= cacheMid >= INIT_TARGET_MS;

  // -- 3. from asking for a call to its first audio frame ---------------------------------------------------
  const toggle = page.getByRole('button', { pressed: false }).filter({ hasText: /Voice/ });
  if (await toggle.count()) await toggle.first().click();
  await page.evaluate(() => performance.clearMarks());
  const previews = ['B-1', 'N-42', 'O-75'];
  for (let i = 0; i < calls; i++) {
    await page.getByRole('button', { name: previews[i % previews.length], exact: true }).click();
    await page.waitForTimeout(150);
  }
  const { gaps, outputMs } = await page.evaluate(() => {
    const asks = performance.getEntriesByName('cartela:voice-ask');
    const starts = performance.getEntriesByName('cartela:voice-start');
    const out = [];
    for (const ask of asks) {
      const start = starts.find((s) => s.startTime >= ask.startTime);
      if (start) out.push(start.startTime - ask.startTime);
    }
    const probe = new AudioContext();
    const latency = ((probe.baseLatency ?? 0) + (probe.outputLatency ?? 0)) * 1000;
    void probe.close();
    return { gaps: out, outputMs: latency };
  });
  if (gaps.length < calls) throw new Error(`only ${gaps.length} of ${calls} calls started`);
  const callMid = median(gaps) + outputMs;
  console.log(
    `voices: ask to first audio frame: median ${callMid.toFixed(1)} ms over ${gaps.length} calls ` +
      `(ask to start ${median(gaps).toFixed(2)} ms, max ${Math.max(...gaps).toFixed(2)} ms; audio output latency ` +
      `${outputMs.toFixed(1)} ms) (target < ${CALL_TARGET_MS} ms) ${verdict(callMid < CALL_TARGET_MS)}`,
  );
  failed ||= callMid >= CALL_TARGET_MS;
  await context.close();
} finally {
  await browser.close();
  await stopServer(child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
