// Statistics: thin handlers over the stats service. Who may call each is declared in the contract.
import { statsRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { StatsService } from './service.js';

export function registerStatsRoutes(app: FastifyInstance, service: StatsService): void {
  registerRoute(app, statsRoutes.agentStats, ({ user, query }) =>
    service.agent(user, query.period, query.calendar),
  );
  registerRoute(app, statsRoutes.adminStats, ({ query }) => service.admin(query.period, query.calendar));
  registerRoute(app, statsRoutes.paymentStats, ({ query }) => service.payments(query.period, query.calendar));
}
