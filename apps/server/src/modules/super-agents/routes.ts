// Super agent management (admin), the super agent's own dashboard and the admin's handling of its earnings:
// thin handlers over the services.
import { superAgentDashboardRoutes as dashboard, superAgentRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { SuperAgentDashboardService } from './dashboard.js';
import type { SuperAgentsService } from './service.js';

export function registerSuperAgentRoutes(
  app: FastifyInstance,
  service: SuperAgentsService,
  dashboardService: SuperAgentDashboardService,
): void {
  registerRoute(app, superAgentRoutes.listSuperAgents, () => service.list());
  registerRoute(app, superAgentRoutes.createSuperAgent, ({ body }) => service.create(body));
  registerRoute(app, superAgentRoutes.updateSuperAgent, ({ params, body }) =>
    service.update(params.id, body),
  );
  registerRoute(app, superAgentRoutes.assignAgent, ({ body }) => service.assign(body));
  registerRoute(app, superAgentRoutes.agreements, () => service.agreements());

  // The super agent's own: the id is the session's, never a parameter.
  registerRoute(app, dashboard.overview, ({ user }) => dashboardService.overview(user));
  registerRoute(app, dashboard.agents, ({ user }) => dashboardService.agents(user));
  registerRoute(app, dashboard.earnings, ({ user, query }) => dashboardService.earnings(user, query.period));
  // The admin's.
  registerRoute(app, dashboard.earningsOf, ({ params, query }) =>
    dashboardService.earningsOf(params.id, query),
  );
  registerRoute(app, dashboard.markEarningPaid, ({ params, body, user }) =>
    dashboardService.markPaid(params.id, body, user),
  );
  registerRoute(app, dashboard.markEarningPending, ({ params, user }) =>
    dashboardService.markPending(params.id, user),
  );
}
