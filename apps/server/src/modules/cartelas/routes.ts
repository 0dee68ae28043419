// The system cartelas and the agents' assigned cartelas: thin handlers over the cartela service.
import { cartelaRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { CartelaService } from './service.js';

export function registerCartelaRoutes(app: FastifyInstance, service: CartelaService): void {
  registerRoute(app, cartelaRoutes.list, () => service.list());
  registerRoute(app, cartelaRoutes.get, ({ params }) => service.get(params.id));
  registerRoute(app, cartelaRoutes.updatePatterns, ({ params, body }) =>
    service.update(params.id, { winningPatterns: body.winningPatterns }),
  );
  registerRoute(app, cartelaRoutes.bulkUpdatePatterns, ({ body }) => service.bulkUpdatePatterns(body));
  registerRoute(app, cartelaRoutes.updateCard, ({ params, body }) =>
    service.update(params.id, { bingoCard: body.bingoCard }),
  );
  registerRoute(app, cartelaRoutes.update, ({ params, body }) => service.update(params.id, body));
  registerRoute(app, cartelaRoutes.generate, async ({ body }) => service.generate(body.count));

  registerRoute(app, cartelaRoutes.agentCartelas, ({ params }) => service.agentCartelas(params.agentId));
  registerRoute(app, cartelaRoutes.assign, ({ params, body }) => service.assign(params.agentId, body));
  registerRoute(app, cartelaRoutes.autoAssign, ({ params, body }) =>
    service.autoAssign(params.agentId, body),
  );
  registerRoute(app, cartelaRoutes.updateAgentCard, ({ params, body }) =>
    service.updateAgentCard(params.agentId, params.n, body.bingoCard),
  );
  registerRoute(app, cartelaRoutes.generateAgentCard, ({ params }) =>
    service.generateAgentCard(params.agentId, params.n),
  );
  registerRoute(app, cartelaRoutes.removeAgentCartela, ({ params }) =>
    service.removeAgentCartela(params.agentId, params.n),
  );

  // The same list under two names: the cartelas page's and the games page's
  // (product/cartelas.md#an-agents-cartelas).
  registerRoute(app, cartelaRoutes.myCartelas, ({ user }) => service.myCartelas(user));
  registerRoute(app, cartelaRoutes.myGameCartelas, ({ user }) => service.myCartelas(user));
}
