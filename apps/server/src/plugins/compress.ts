// Compressed API answers: halls reach the server over mobile data as often as over a LAN, and JSON shrinks
// 10-25 times (the 750 KB list of 1,000 agents leaves as ~35 KB). Brotli at quality 4 (~4 ms for that list,
// on the thread pool), gzip for clients without brotli; answers under 1 KB (most errors, /api/auth/me) are
// sent as they are. Web files are not compressed here: the build writes a .br and a .gz beside each one and
// @fastify/static sends those (plugins/web.ts). A hook of our own rather than @fastify/compress, which costs
// ~60 ms of start-up (mime-db, stream libraries) for features only files would need.
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

const THRESHOLD = 1024;
const COMPRESSIBLE = /^(application\/(json|problem\+json)|text\/)/;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const ENCODERS = {
  br: (data: string | Buffer) => brotli(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (data: string | Buffer) => gzipAsync(data, { level: 6 }),
};
type Encoding = keyof typeof ENCODERS;

export function setupCompression(app: FastifyInstance): void {
  const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });
  app.addHook('onSend', async (request, reply, payload) => {
    // Streams are files (sent precompressed when the build made them) or already encoded.
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding')) return payload;
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (Buffer.byteLength(payload) < THRESHOLD) return payload;
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? '');
    if (!encoding) return payload;
    const body = await ENCODERS[encoding](payload);
    reply.header('content-encoding', encoding).header('content-length', body.length);
    return body;
  });
}
