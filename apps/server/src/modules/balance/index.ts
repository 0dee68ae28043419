// The balance manager (product/cartelas.md#balance-manager): figures of the system set, rebalance and regenerate.
// The system set itself belongs to modules/cartelas; the agents' own cartelas are never changed here.
import { defineModule } from '../../module.js';
import { registerBalanceRoutes } from './routes.js';
import { createBalanceService } from './service.js';

export const balanceModule = defineModule({
  name: 'balance',
  register(app, { database }) {
    registerBalanceRoutes(app, createBalanceService({ database }));
  },
});
