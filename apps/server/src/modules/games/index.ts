// Games: creation from the agent's cartelas (economics and coins), the lists, a game with its story, and every
// action of a running game through one event log (docs/decisions/045-games-server.md).
import { defineModule } from '../../module.js';
import { AddressLimiter } from './public.js';
import { countGamesRunning } from './queries.js';
import { registerGameRoutes } from './routes.js';
import { createGamesService } from './service.js';

export const gamesModule = defineModule({
  name: 'games',
  register(app, { config, database, users, metrics, now, drawSeed }) {
    registerGameRoutes(
      app,
      createGamesService({
        database,
        users,
        metrics,
        now,
        drawSeed,
        writesInFlight: config.gamesWritesInFlight,
      }),
      { publicUrl: config.publicUrl, limiter: new AddressLimiter(config.publicRateLimit) },
    );
    metrics.countGamesRunning(() => countGamesRunning(database.db));
  },
});

export { randomSeedHex } from './ids.js';
export { createGamesService, type GamesService } from './service.js';
