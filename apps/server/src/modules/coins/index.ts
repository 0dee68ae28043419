// Virtual coins: the one place an agent's coin balance changes, always with its immutable ledger row. No routes
// of its own: the agents module sells coins and sets balances through it, the games module charges games.
export { type CoinChange, type CoinChangeResult, changeCoins } from './ledger.js';
export { toLedgerEntry } from './present.js';
