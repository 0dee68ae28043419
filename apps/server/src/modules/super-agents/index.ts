// Super agents: their accounts, which agent is under which super agent (agreements, with their history), and
// what they earn (their own dashboard; the admin marks earnings paid). The agents module chooses a super agent
// for an agent and records coin purchases through here; the commission module records the earnings on daily
// commission payments.
import { defineModule } from '../../module.js';
import { createSuperAgentDashboardService } from './dashboard.js';
import { registerSuperAgentRoutes } from './routes.js';
import { createSuperAgentsService } from './service.js';

export {
  type Assignment,
  activeAgreementOf,
  assignSuperAgent,
  endAgreementOf,
  recordCoinPurchaseEarning,
  recordCommissionShareEarnings,
} from './agreements.js';

export const superAgentsModule = defineModule({
  name: 'super-agents',
  register(app, { database, users, config, now }) {
    registerSuperAgentRoutes(
      app,
      createSuperAgentsService({ database, users }),
      createSuperAgentDashboardService({ database, users, timeZone: config.businessTimeZone, now }),
    );
  },
});

export { createSuperAgentDashboardService } from './dashboard.js';
