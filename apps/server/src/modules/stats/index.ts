// Statistics (decision 053): the agent and admin dashboards and the admin's money flows, read from the daily
// rollup (agent_daily_stats) that triggers keep in the transaction of every game and coin sale; the business
// time zone the database's business_date() follows.
import { defineModule } from '../../module.js';
import { registerStatsRoutes } from './routes.js';
import { createStatsService } from './service.js';

export { applyBusinessTimeZone, businessToday } from './business-day.js';
export { rollupRows } from './rollup.js';

export const statsModule = defineModule({
  name: 'stats',
  register(app, { database, config, now }) {
    registerStatsRoutes(app, createStatsService({ database, timeZone: config.businessTimeZone, now }));
  },
});

export { createStatsService } from './service.js';
