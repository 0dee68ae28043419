// The built web app (apps/web/dist) under /, with the single-page-app fallback: every GET outside /api that is
// not a file answers index.html, so deep links (/game/123) work. Hashed build assets are cached for a year;
// index.html and everything else is revalidated, so a new build shows up at once. Nothing under a name that
// starts with a dot is served (Vite's .vite/manifest.json lists every file of the build). The service worker
// (/sw.js and the /sw-activate.js it imports) and the web app manifest are revalidated like index.html, so a
// new build reaches the browser's update check at once (decision 052); a missing one is a 404, never the app.
// /verify and /verify/<game id> answer verify.html, the public check's own small page (decision 074).
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendNotFound } from './errors.js';

/**
 * Vite's content-hashed output: /assets/index-BXo2kJ3d.js, or its .br/.gz beside it (the voice clips under
 * /assets/voices are not hashed).
 */
const HASHED_ASSET = /[/\\]assets[/\\][^/\\]+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+(\.br|\.gz)?$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Whether a request is for the API, read on the path as a server could understand it: decoded and folded to
 * lower case, so /API/x and /%61pi/x get the API's JSON 404 rather than the web app's page.
 */
function isApi(url: string): boolean {
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.split('?')[0] ?? '');
  } catch {
    return true; // not a path at all: the JSON answer, not a page
  }
  pathname = path.posix.normalize(pathname).toLowerCase();
  return pathname === '/api' || pathname.startsWith('/api/');
}

/** /verify and /verify/<game id> (any letter case; a query or a trailing slash allowed): the public check. */
const isVerify = (url: string) => /^\/verify(\/[^/?]*)?\/?(\?|$)/i.test(url);

/** A path naming a file (/favicon.ico, /assets/x.js): a missing one is a 404, not the app. */
const looksLikeFile = (url: string) => /\/[^/?]+\.[A-Za-z0-9]+(\?|$)/.test(url);

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Cartela</title></head>
<body style="font-family: sans-serif; margin: 3rem">
<h1>Cartela is running, but the web app is not built</h1>
<p>Run <code>npm run build</code> in the project folder, then restart the server (or use <code>npm start</code>,
which builds first). The API is available under <a href="/api/health">/api</a>.</p>
</body></html>
`;

export async function setupWeb(app: FastifyInstance, options: { webDist: string }): Promise<void> {
  const root = path.resolve(options.webDist);
  const built = existsSync(path.join(root, 'index.html'));

  if (!built) {
    app.log.warn({ webDist: root }, 'web app not built: / answers a page saying to run `npm run build`');
    app.setNotFoundHandler((request, reply) => {
      if (isApi(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
        return sendNotFound(request, reply);
      }
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(MISSING_BUILD_PAGE);
    });
    return;
  }

  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: ['index.html'],
    // The build writes a .br and a .gz beside each text file (apps/web/vite.config.ts): sent as they are.
    preCompressed: true,
    // Cache-Control is set below, per file.
    cacheControl: false,
    // Not found, like any missing file, for a name starting with a dot: the plugin's default serves them.
    dotfiles: 'ignore',
    setHeaders(reply, filePath) {
      reply.header('cache-control', HASHED_ASSET.test(filePath) ? IMMUTABLE : REVALIDATE);
    },
  });

  // The public /verify page is a page of its own (verify.html, decision 074): a player's phone loads it without
  // the app.
  const verifyPage = existsSync(path.join(root, 'verify.html')) ? 'verify.html' : 'index.html';
  const sendApp = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .header('cache-control', REVALIDATE)
      .sendFile(isVerify(request.url) ? verifyPage : 'index.html', root, { cacheControl: false });

  app.setNotFoundHandler((request, reply) => {
    const get = request.method === 'GET' || request.method === 'HEAD';
    if (!get || isApi(request.url) || looksLikeFile(request.url)) return sendNotFound(request, reply);
    return sendApp(request, reply);
  });
}
