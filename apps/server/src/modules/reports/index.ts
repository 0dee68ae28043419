// Reports (decision 053 section 7): the games behind /reports (an agent's own) and /admin/reports (every
// agent's), filtered, sorted and paginated in SQL, with totals from the daily rollup, and their CSV export.
// The CSV pieces are the server's one CSV writer: other exports (the coin statement) use them from here.
import { defineModule } from '../../module.js';
import { registerReportRoutes } from './routes.js';
import { createReportsService } from './service.js';

export { BOM, csvLine, csvStream, csvText } from './csv.js';
export { etbText } from './present.js';
export { sendCsv } from './send-csv.js';
export { EXPORTS_IN_ALL, EXPORTS_PER_USER } from './service.js';
export { ExportSlots } from './slots.js';

export const reportsModule = defineModule({
  name: 'reports',
  register(app, { database }) {
    registerReportRoutes(app, createReportsService({ database }));
  },
});
