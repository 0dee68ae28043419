// The balance manager: thin handlers over the balance service.
import { cartelaRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { BalanceService } from './service.js';

export function registerBalanceRoutes(app: FastifyInstance, service: BalanceService): void {
  registerRoute(app, cartelaRoutes.balanceStats, () => service.stats());
  registerRoute(app, cartelaRoutes.rebalance, ({ body }) => service.rebalance(body));
  registerRoute(app, cartelaRoutes.regenerate, ({ body }) => service.regenerate(body));
}
