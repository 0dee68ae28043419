// Cartelas: the system set 1-300 (cards, winning patterns, active flag) and each agent's assigned cartelas,
// every one with the agent's own copy of the card (its printed set). The balance manager (modules/balance)
// works on the system set through the queries exported here; the games module copies an agent's cards into a
// new game through readAgentCartelas.
import { defineModule } from '../../module.js';
import { registerCartelaRoutes } from './routes.js';
import { createCartelaService } from './service.js';

export { cartelasAre } from './present.js';
export {
  lockSystemSet,
  readAgentCartelas,
  readSystemCards,
  replaceSystemSet,
  updateSystemCards,
} from './queries.js';

export const cartelasModule = defineModule({
  name: 'cartelas',
  register(app, { database }) {
    registerCartelaRoutes(app, createCartelaService({ database }));
  },
});
