// The coin statement's routes: thin handlers over statement.ts. The export answers a CSV stream the way the
// reports' export does (reports' sendCsv: gzipped when the client accepts it).
import { coinRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import { sendCsv } from '../reports/index.js';
import type { StatementService } from './statement.js';

export function registerCoinRoutes(app: FastifyInstance, statement: StatementService): void {
  registerRoute(app, coinRoutes.statement, ({ user, query }) => statement.page(user, query));

  registerRoute(app, coinRoutes.exportStatement, async ({ user, query, request, reply }) =>
    sendCsv(request, reply, await statement.export(user, query)),
  );
}
