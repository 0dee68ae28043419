// Agent management (admin) and the users list: thin handlers over the agents service.
import { networkRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { AgentsService } from './service.js';

export function registerAgentRoutes(app: FastifyInstance, service: AgentsService): void {
  registerRoute(app, networkRoutes.listAgents, () => service.list());
  registerRoute(app, networkRoutes.createAgent, ({ body }) => service.create(body));
  registerRoute(app, networkRoutes.updateAgent, ({ params, body, user }) =>
    service.update(params.id, body, user),
  );
  registerRoute(app, networkRoutes.deleteAgent, ({ params }) => service.remove(params.id));
  registerRoute(app, networkRoutes.addCoins, ({ params, body, user }) =>
    service.addCoins(params.id, body, user),
  );
  registerRoute(app, networkRoutes.listUsers, ({ query }) => service.listUsers(query));
}
