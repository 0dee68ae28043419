// Reports (decision 053 section 7): the games behind /reports (an agent's own) and /admin/reports (every
// agent's), filtered, sorted and paginated in SQL, with totals from the daily rollup, and their CSV export.
import { defineModule } from '../../module.js';
import { registerReportRoutes } from './routes.js';
import { createReportsService } from './service.js';

export const reportsModule = defineModule({
  name: 'reports',
  register(app, { database }) {
    registerReportRoutes(app, createReportsService({ database }));
  },
});
