// Reports: thin handlers over the reports service. The export is registered from the contract like any route
// (the same access check and query validation, errors answered as JSON) but answers a CSV stream (send-csv.ts,
// gzipped when the client accepts it). A user runs at most two exports at once (429 past that: service.ts,
// decision 057).
import { reportRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import { sendCsv } from './send-csv.js';
import type { ReportsService } from './service.js';

export function registerReportRoutes(app: FastifyInstance, service: ReportsService): void {
  registerRoute(app, reportRoutes.games, ({ user, query }) => service.games(user, query));

  registerRoute(app, reportRoutes.exportGames, async ({ user, query, request, reply }) =>
    sendCsv(request, reply, await service.exportGames(user, query)),
  );
}
