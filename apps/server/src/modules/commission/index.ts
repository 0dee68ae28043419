// Commission-share agents: the admin's commission rate for each (its systemCommissionShare), the daily
// payments that settle their counted games (with the super agent's earning on each), their status, and the
// summary the admin dashboard shows (docs/decisions/053-money-and-insight.md section 4).
import { defineModule } from '../../module.js';
import { registerCommissionRoutes } from './routes.js';
import { createCommissionService } from './service.js';

export const commissionModule = defineModule({
  name: 'commission',
  register(app, { database, users, config, now }) {
    registerCommissionRoutes(
      app,
      createCommissionService({ database, users, timeZone: config.businessTimeZone, now }),
    );
  },
});

export { createCommissionService } from './service.js';
