// Sign-in and sessions: the two login doors, sign-out, the current user, the profile, and the login limits.
import { defineModule } from '../../module.js';
import { KnownDevices } from './devices.js';
import { LoginLimiter } from './limiter.js';
import { warmUpPasswords } from './passwords.js';
import { registerAuthRoutes } from './routes.js';
import { createAuthService } from './service.js';

export { hashPassword, verifyPassword } from './passwords.js';

const SWEEP_EVERY_MS = 60 * 60_000;

export const authModule = defineModule({
  name: 'auth',
  register(app, { config, database, users }) {
    const limiter = new LoginLimiter(database, config.loginRateLimit);
    const devices = new KnownDevices(config.jwt.secret);
    const timeZone = config.businessTimeZone;
    registerAuthRoutes(
      app,
      createAuthService({ database, users, sessions: app.sessions, limiter, devices, timeZone }),
      timeZone,
    );

    // The first unknown-username login would otherwise also pay for making the dummy hash.
    app.addHook('onReady', async () => {
      void warmUpPasswords();
    });
    // Ended windows are harmless, but a flood of made-up usernames would leave many rows behind.
    const sweep = setInterval(() => void limiter.sweep().catch(() => {}), SWEEP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
});
