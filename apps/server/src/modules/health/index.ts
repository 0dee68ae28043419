// Liveness and database reachability, for load balancers, `npm start` scripts and the benchmarks.
import { defineModule } from '../../module.js';
import { registerHealthRoutes } from './routes.js';

export const healthModule = defineModule({
  name: 'health',
  register: (app, { database, version }) => registerHealthRoutes(app, { database, version }),
});
