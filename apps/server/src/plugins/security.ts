// Security headers on every answer (helmet), no caching of answers unless web.ts says otherwise, bodies of
// unknown paths left unread. (Login rate limits: modules/auth/limiter.ts.)
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './errors.js';

type HelmetOptions = Record<string, unknown>;
type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The app's own scripts, styles, fonts, images, media and workers, plus data: and blob: (voice clips cached in
 * IndexedDB play from blob: URLs) - and nothing from elsewhere. Swagger UI (at /api/docs) loads only its own
 * files and sets inline styles. No upgrade-insecure-requests: halls reach the server over plain http on the LAN.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  mediaSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // Plain http on a LAN address: HSTS would be ignored there and could break a later move to another host.
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets, worked out once. @fastify/helmet rebuilds helmet's middleware on every request
 * (about 6% of a GET /api/auth/me), so we run helmet itself - the library @fastify/helmet wraps, loaded through
 * it - once at start on a stand-in response and copy what it set onto every answer.
 * docs/decisions/024-fast-paths.md
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const fromFastifyHelmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'));
  const helmet = fromFastifyHelmet('helmet') as (options: HelmetOptions) => HelmetMiddleware;
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown = null;
  helmet(options)({} as IncomingMessage, res, (err) => {
    failure = err ?? null;
  });
  if (failure) throw failure;
  return headers;
}

let shared: Readonly<Record<string, string>> | undefined;

/**
 * The headers of every answer, worked out once per process: helmet's, and `Cache-Control: no-store`, because
 * API answers carry sessions, balances and names that no browser or proxy may keep (the web app's files set
 * their own, in web.ts). Also written by the answers made outside any route (plugins/errors.ts).
 */
export function answerHeaders(): Readonly<Record<string, string>> {
  shared ??= { ...securityHeaders(), 'cache-control': 'no-store' };
  return shared;
}

export function setupSecurity(app: FastifyInstance): void {
  const headers = answerHeaders();
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers);
    // Nothing serves this path: answer before the body is even read. Parsing it first (nested JSON costs
    // ~120 ms of CPU a MiB) would be work anyone could ask for, for nothing. GET and HEAD bodies are never
    // parsed, and their not-found answer may be the web app.
    if (request.is404 && request.method !== 'GET' && request.method !== 'HEAD') {
      sendNotFound(request, reply);
      return;
    }
    done();
  });
}
