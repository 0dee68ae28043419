// Virtual coins: the one place an agent's coin balance changes, always with its immutable ledger row (the agents
// module sells coins and sets balances through it, the games module charges games), and the agent's statement
// of those rows (decision 075).
import { defineModule } from '../../module.js';
import { registerCoinRoutes } from './routes.js';
import { createStatementService } from './statement.js';

export { type CoinChange, type CoinChangeResult, changeCoins } from './ledger.js';
export { toLedgerEntry } from './present.js';

export const coinsModule = defineModule({
  name: 'coins',
  register(app, { database, config, now }) {
    registerCoinRoutes(app, createStatementService({ database, timeZone: config.businessTimeZone, now }));
  },
});
