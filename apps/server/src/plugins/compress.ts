// Compressed API answers: halls reach the server over mobile data as often as over a LAN, and JSON shrinks
// 10-25 times (the 750 KB list of 1,000 agents leaves as ~35 KB). Brotli at quality 4 (~4 ms for that list),
// gzip at level 3 for clients without brotli (scripts and tools: level 6 took 2.5 times as long for 10% fewer
// bytes, decision 044); answers under 1 KB (most errors, /api/auth/me) are sent as they are. Web files are
// not compressed here: the build writes a .br and a .gz beside each one and @fastify/static sends those
// (plugins/web.ts). A hook of our own rather than @fastify/compress, which costs ~60 ms of start-up (mime-db,
// stream libraries) for features only files would need.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

const THRESHOLD = 1024;
/**
 * Answers up to this size are compressed on the request's thread: the thread pool's hand-offs cost more than
 * they free (the list of 1,000 agents: gzip ~2.5 ms here, ~4.3 ms through the pool; decision 044). Larger
 * answers go to the pool, so that they do not hold up other requests.
 */
const SYNC_LIMIT = 1024 * 1024;
const COMPRESSIBLE = /^(application\/(json|problem\+json)|text\/)/;

const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 3 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ENCODERS = {
  br: {
    sync: (data: string | Buffer) => brotliCompressSync(data, BROTLI),
    pool: (data: string | Buffer) => brotliAsync(data, BROTLI),
  },
  gzip: {
    sync: (data: string | Buffer) => gzipSync(data, GZIP),
    pool: (data: string | Buffer) => gzipAsync(data, GZIP),
  },
};
type Encoding = keyof typeof ENCODERS;

export function setupCompression(app: FastifyInstance): void {
  const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
  app.addHook('onSend', async (request, reply, payload) => {
    // Streams are files (sent precompressed when the build made them) or already encoded.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    // UTF-8 takes at least a byte per character: only a short string needs counting (counting the 750 KB list
    // of agents took ~1 ms).
    if (payload.length < THRESHOLD && Buffer.byteLength(payload) < THRESHOLD) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
    if (!encoding) return payload;
    const encoder = ENCODERS[encoding];
    const body = payload.length <= SYNC_LIMIT ? encoder.sync(payload) : await encoder.pool(payload);
    reply.header('content-encoding', encoding).header('content-length', body.length);
    return body;
  });
}
