// Compressed answers: halls reach the server over mobile data as often as over a LAN, and JSON and the web
// build shrink 10-25 times. Brotli at quality 4 (fast enough for answers made per request: ~4 ms for the
// 750 KB list of 1,000 agents, which then leaves as ~40 KB), gzip for clients without brotli. Small answers
// (under 1 KB: most errors, /api/auth/me) are sent as they are.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function setupCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: 1024,
    syncThreshold: 4 * 1024 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
