// A CSV stream as an HTTP answer, for every export of the server (the reports' games, an agent's coin
// statement). The app's compression hook (plugins/compress.ts) passes streams through untouched, so the file is
// compressed here, as a stream too (gzip at the hook's level), when the client accepts it: 100,000 rows are
// ~13 MB of CSV.
import { pipeline, type Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

const negotiator = new Negotiator<'gzip'>({ supportedValues: ['gzip'] });

/** Sends `body` as the attachment `fileName` (an ASCII name: it goes into a header as it is). */
export function sendCsv(
  request: FastifyRequest,
  reply: FastifyReply,
  { fileName, body }: { fileName: string; body: Readable },
): FastifyReply {
  // Once the answer is over (sent, or the client gone, even before it started), the stream is too: that frees
  // the export's slot whatever became of it.
  reply.raw.once('close', () => body.destroy());
  reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('vary', 'accept-encoding');
  if (request.method === 'HEAD') {
    // Fastify would drain a stream sent to a HEAD request: the whole export read for nothing.
    body.destroy();
    return reply.send();
  }
  if (negotiator.negotiate(request.headers['accept-encoding'] ?? '') !== 'gzip') return reply.send(body);
  // pipeline passes backpressure on and, when the client goes away (Fastify destroys the gzip stream),
  // destroys the CSV stream, which stops reading batches.
  const gzip = pipeline(body, createGzip({ level: 3 }), (err) => {
    if (err) request.log.warn({ err }, 'export ended early');
  });
  return reply.header('content-encoding', 'gzip').send(gzip);
}
