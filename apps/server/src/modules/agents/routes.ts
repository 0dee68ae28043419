// Agent management (admin) and the users list: thin handlers over the agents service.
import { agentRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { AgentsService } from './service.js';

export function registerAgentRoutes(app: FastifyInstance, service: AgentsService): void {
  registerRoute(app, agentRoutes.listAgents, () => service.list());
  registerRoute(app, agentRoutes.createAgent, ({ body }) => service.create(body));
  registerRoute(app, agentRoutes.updateAgent, ({ params, body, user }) =>
    service.update(params.id, body, user),
  );
  registerRoute(app, agentRoutes.deleteAgent, ({ params }) => service.remove(params.id));
  registerRoute(app, agentRoutes.addCoins, ({ params, body, user }) =>
    service.addCoins(params.id, body, user),
  );
  registerRoute(app, agentRoutes.listUsers, ({ query }) => service.listUsers(query));
}
