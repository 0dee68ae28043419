// Reports: thin handlers over the reports service. The export is registered from the contract like any route
// (the same access check and query validation, errors answered as JSON) but answers a CSV stream. The app's
// compression hook (plugins/compress.ts) passes streams through untouched, so the file is compressed here, as
// a stream too (gzip at the hook's level), when the client accepts it: 100,000 rows are ~13 MB of CSV. A user
// runs at most two exports at once (429 past that: service.ts, decision 057).
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import { reportRoutes } from '@cartela/contract';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { ReportsService } from './service.js';

const negotiator = new Negotiator<'gzip'>({ supportedValues: ['gzip'] });

export function registerReportRoutes(app: FastifyInstance, service: ReportsService): void {
  registerRoute(app, reportRoutes.games, ({ user, query }) => service.games(user, query));

  registerRoute(app, reportRoutes.exportGames, async ({ user, query, request, reply }) => {
    const { fileName, body } = await service.exportGames(user, query);
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
      if (err) request.log.warn({ err }, 'report export ended early');
    });
    return reply.header('content-encoding', 'gzip').send(gzip);
  });
}
