// Security headers on every answer (helmet) and the rate-limit machinery used by the login routes.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '../errors.js';

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

export async function setupSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // Plain http on a LAN address: HSTS would be ignored there and could break a later move to another host.
    strictTransportSecurity: false,
  });
  // Routes opt in with `config.rateLimit` (the login routes); counters are per client IP (see TRUST_PROXY).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', MESSAGES.rateLimited, {
        headers: { 'retry-after': String(Math.max(1, Math.ceil(context.ttl / 1000))) },
      }),
  });
}
