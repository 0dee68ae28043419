// The database schema, one source for PGlite and PostgreSQL, gathered from the modules that own the tables
// (modules/<name>/schema.ts). drizzle-kit reads this file to generate migrations
// (`npm run db:generate -w @cartela/server`) into apps/server/drizzle/, one history for every module; they are
// applied at start. Column conventions: db/columns.ts.

export * from '../modules/auth/schema.js';
export * from '../modules/cartelas/schema.js';
export * from '../modules/coins/schema.js';
export * from '../modules/commission/schema.js';
export * from '../modules/games/schema.js';
export * from '../modules/stats/schema.js';
export * from '../modules/super-agents/schema.js';
export * from '../modules/users/schema.js';
export * from '../modules/voice-packs/schema.js';
export type { CardGrid } from './columns.js';
