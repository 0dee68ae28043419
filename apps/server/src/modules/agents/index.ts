// Agents: the admin's agents table, creating, editing and deleting agents, selling them coins; and the users
// list the super agent screens choose agents from.
import { defineModule } from '../../module.js';
import { registerAgentRoutes } from './routes.js';
import { createAgentsService } from './service.js';

export const agentsModule = defineModule({
  name: 'agents',
  register(app, { database, users, now }) {
    registerAgentRoutes(app, createAgentsService({ database, users, now }));
  },
});

export { createAgentsService } from './service.js';
