import { HealthResponse, healthRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.js';
import { registerRoute } from '../../route.js';

export function registerHealthRoutes(
  app: FastifyInstance,
  options: { database: Database; version: string },
): void {
  registerRoute(
    app,
    healthRoutes.check,
    async ({ request, reply }) => {
      let up = true;
      try {
        await options.database.ping();
      } catch (err) {
        up = false;
        request.log.error({ err }, 'health: database unreachable');
      }
      if (!up) reply.code(503);
      return {
        status: up ? ('ok' as const) : ('error' as const),
        database: up ? ('up' as const) : ('down' as const),
        databaseKind: options.database.kind,
        version: options.version,
      };
    },
    { responses: { 503: HealthResponse } },
  );
}
