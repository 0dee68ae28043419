// Super agent management (admin): thin handlers over the super agents service.
import { networkRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { SuperAgentsService } from './service.js';

export function registerSuperAgentRoutes(app: FastifyInstance, service: SuperAgentsService): void {
  registerRoute(app, networkRoutes.listSuperAgents, () => service.list());
  registerRoute(app, networkRoutes.createSuperAgent, ({ body }) => service.create(body));
  registerRoute(app, networkRoutes.updateSuperAgent, ({ params, body }) => service.update(params.id, body));
  registerRoute(app, networkRoutes.assignAgent, ({ body }) => service.assign(body));
  registerRoute(app, networkRoutes.agreements, () => service.agreements());
}
