// Commission management (admin): thin handlers over the commission service.
import { commissionRoutes } from '@cartela/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../route.js';
import type { CommissionService } from './service.js';

export function registerCommissionRoutes(app: FastifyInstance, service: CommissionService): void {
  registerRoute(app, commissionRoutes.summary, ({ query }) => service.summary(query.period, query.calendar));
  registerRoute(app, commissionRoutes.payments, ({ query }) => service.payments(query));
  registerRoute(app, commissionRoutes.settings, () => service.settings());
  registerRoute(app, commissionRoutes.updateSetting, ({ params, body }) =>
    service.updateSetting(params.id, body),
  );
  registerRoute(app, commissionRoutes.generateDaily, ({ body, user }) => service.generateDaily(body, user));
  registerRoute(app, commissionRoutes.markPaid, ({ params, body, user }) =>
    service.markPaid(params.id, body, user),
  );
  registerRoute(app, commissionRoutes.markPending, ({ params, user }) =>
    service.markPending(params.id, user),
  );
}
