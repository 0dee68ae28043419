import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  fakeWebBuild,
  startTestApp,
  type TestApp,
  type TestDatabase,
} from '../test/helpers.js';

let db: TestDatabase;
let web: TestApp;
let bare: TestApp;
let webDist: string;
beforeAll(async () => {
  db = await createTestDatabase();
  webDist = fakeWebBuild();
  // What a real build has besides the app's files: Vite's manifest lists every file of the build.
  mkdirSync(path.join(webDist, '.vite'));
  writeFileSync(path.join(webDist, '.vite', 'manifest.json'), '{"index.html":{"file":"assets/index.js"}}');
  writeFileSync(path.join(webDist, 'assets', '.hidden.js'), 'secret');
  // What the build writes beside each text file (apps/web/vite.config.ts).
  const big = `console.log(${JSON.stringify('cartela '.repeat(400))});`;
  writeFileSync(path.join(webDist, 'assets', 'big-Zz98Yy76.js'), big);
  writeFileSync(path.join(webDist, 'assets', 'big-Zz98Yy76.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(webDist, 'assets', 'big-Zz98Yy76.js.gz'), gzipSync(big));
  // The service worker, the script it imports and the web app manifest (apps/web/vite.config.ts, public/).
  const worker = `self.__WB_MANIFEST=${JSON.stringify('x'.repeat(2000))};importScripts('/sw-activate.js');`;
  writeFileSync(path.join(webDist, 'sw.js'), worker);
  writeFileSync(path.join(webDist, 'sw.js.br'), brotliCompressSync(worker));
  writeFileSync(path.join(webDist, 'sw.js.gz'), gzipSync(worker));
  writeFileSync(path.join(webDist, 'sw-activate.js'), "self.addEventListener('message', () => {});");
  writeFileSync(path.join(webDist, 'manifest.webmanifest'), '{"name":"Cartela","start_url":"/"}');
  // The public check's own page (decision 074).
  writeFileSync(
    path.join(webDist, 'verify.html'),
    '<!doctype html><title>Check a game</title><main id="verify">',
  );
  web = await startTestApp({ database: db.database, env: { WEB_DIST: webDist } });
  bare = await startTestApp({ database: db.database }); // WEB_DIST points to a folder with no build
});
afterAll(async () => {
  await web?.close();
  await bare?.close();
  await db?.drop();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (t: TestApp, url: string, method: 'GET' | 'POST' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url });

describe('the web app', () => {
  it('serves index.html at / and for every app path (single-page app), never cached', async () => {
    for (const url of ['/', '/dashboard', '/game/123', '/settings/profile?tab=1', '/login']) {
      const res = await get(web, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves verify.html, not the app, for /verify and /verify/<game id>, never cached', async () => {
    for (const url of ['/verify', '/verify/', '/verify/G7K2M9QX4TB', '/Verify/g7k2m9qx4tb?lang=am']) {
      const res = await get(web, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<main id="verify">');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/verifyx', '/verify/G7K2M9QX4TB/more', '/game/verify']) {
      expect((await get(web, url)).body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed build assets for a year, other files revalidate', async () => {
    const asset = await get(web, '/assets/index-Ab12Cd34.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const voice = await get(web, '/assets/voices/1.mp3');
    expect(voice.statusCode).toBe(200);
    expect(voice.headers['cache-control']).toBe('no-cache');
  });

  it("sends the build's own .br or .gz of a file to a browser that takes it, cached like the file", async () => {
    const url = '/assets/big-Zz98Yy76.js';
    const plain = await get(web, url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const res = await web.app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      expect(decode(res.rawPayload).toString()).toBe(plain.body);
    }
  });

  it('compresses API answers over 1 KB for a client that takes it, and leaves small ones alone', async () => {
    const docs = await web.app.inject({
      method: 'GET',
      url: '/api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    const health = await web.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('serves the service worker and the manifest with their types, always revalidated', async () => {
    for (const [url, type] of [
      ['/sw.js', /^(text|application)\/javascript/],
      ['/sw-activate.js', /^(text|application)\/javascript/],
      ['/manifest.webmanifest', /^application\/manifest\+json/],
    ] as const) {
      for (const encoding of [undefined, 'br, gzip', 'gzip']) {
        const res = await web.app.inject({
          method: 'GET',
          url,
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], `${url} ${encoding}`).toMatch(type);
        expect(res.headers['cache-control'], `${url} ${encoding}`).toBe('no-cache');
        expect(res.headers['service-worker-allowed']).toBeUndefined();
      }
    }
    const compressed = await web.app.inject({
      method: 'GET',
      url: '/sw.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    // A build without a worker answers 404: the browser then unregisters nothing and installs no HTML.
    expect((await get(web, '/missing-sw.js')).statusCode).toBe(404);
  });

  it('answers 404 for a missing file instead of the app', async () => {
    const res = await get(web, '/assets/index-Missing1.js');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers unknown API paths with a JSON 404, whatever the method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here'],
      ['GET', '/api'],
    ] as const) {
      const res = await get(web, url, method);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: `Not found: ${method} ${url}`, code: 'NOT_FOUND' });
    }
    expect((await get(web, '/dashboard', 'POST')).statusCode).toBe(404);
  });

  it('serves nothing under a name starting with a dot', async () => {
    for (const url of [
      '/.vite/manifest.json',
      '/%2Evite/manifest.json',
      '/assets/.hidden.js',
      '/assets/%2ehidden.js',
    ]) {
      const res = await get(web, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('NOT_FOUND');
    }
    expect((await get(web, '/.vite/')).body).not.toContain('assets/index.js');
  });

  it('tells API paths from app paths on the decoded path, in any case', async () => {
    for (const url of ['/API/x', '/%61pi/x', '/Api', '/%41%50%49/auth/me', '/api%2Fx']) {
      for (const t of [web, bare]) {
        const res = await get(t, url);
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.json().code, url).toBe('NOT_FOUND');
      }
    }
    // Still the app: a path that only starts with the same letters.
    expect((await get(web, '/apiary')).statusCode).toBe(200);
  });

  it('says to run the build when there is none, without failing', async () => {
    const res = await get(bare, '/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
    expect((await get(bare, '/dashboard')).body).toContain('npm run build');
    expect((await get(bare, '/api/nothing')).json().code).toBe('NOT_FOUND');
    expect((await get(bare, '/api/health')).statusCode).toBe(200);
  });
});

describe('caching', () => {
  it('never lets an API answer be stored, errors included', async () => {
    const answers = [
      await get(web, '/api/health'),
      await get(web, '/api/auth/me'), // 401
      await get(web, '/api/nope'),
      await web.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }), // 400
      await web.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
      await get(bare, '/api/health'),
    ];
    for (const res of answers) {
      expect(res.headers['cache-control'], `${res.statusCode} ${res.body}`).toBe('no-store');
    }
  });

  it('keeps the web files cacheable as they were', async () => {
    expect((await get(web, '/')).headers['cache-control']).toBe('no-cache');
    expect((await get(web, '/dashboard')).headers['cache-control']).toBe('no-cache');
    expect((await get(web, '/assets/index-Ab12Cd34.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const etag = (await get(web, '/assets/voices/1.mp3')).headers.etag;
    const revalidated = await web.app.inject({
      method: 'GET',
      url: '/assets/voices/1.mp3',
      headers: { 'if-none-match': String(etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.headers['cache-control']).toBe('no-cache');
    expect((await get(bare, '/')).headers['cache-control']).toBe('no-cache');
  });
});

describe('security headers', () => {
  it('are on every answer: API, app, errors', async () => {
    for (const res of [await get(web, '/api/health'), await get(web, '/'), await get(web, '/api/nope')]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain('media-src');
      expect(csp).toContain('blob:');
      expect(csp).not.toContain('upgrade-insecure-requests'); // halls use plain http on the LAN
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document made from the contract, and Swagger UI', async () => {
    const doc = await get(web, '/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/login',
        '/api/super-agents/login',
        '/api/auth/me',
        '/api/super-agents/profile',
        '/api/auth/profile',
        '/api/health',
      ]),
    );
    expect(spec.paths['/api/auth/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(spec.paths['/api/auth/login'].post.requestBody).toBeDefined();

    const ui = await get(web, '/api/docs');
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/^text\/html/);
    expect(ui.body).toContain('Swagger UI');
    expect(ui.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await get(web, '/api/docs/static/swagger-initializer.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
  });
});
