// Super agents: their accounts, which agent is under which super agent (agreements, with their history), and
// what they earn. The agents module chooses a super agent for an agent and records coin purchases through here.
import { defineModule } from '../../module.js';
import { registerSuperAgentRoutes } from './routes.js';
import { createSuperAgentsService } from './service.js';

export {
  type Assignment,
  activeAgreementOf,
  assignSuperAgent,
  endAgreementOf,
  recordCoinPurchaseEarning,
} from './agreements.js';

export const superAgentsModule = defineModule({
  name: 'super-agents',
  register(app, { database, users }) {
    registerSuperAgentRoutes(app, createSuperAgentsService({ database, users }));
  },
});
