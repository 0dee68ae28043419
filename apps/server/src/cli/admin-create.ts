// `npm run admin:create -- --username NAME --password SECRET` (or ADMIN_USERNAME / ADMIN_PASSWORD): creates an
// admin account in the configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop the server
// first, the embedded database has one user at a time).
import './guard.js';
import { parseArgs } from 'node:util';
import { PASSWORD_MIN_LENGTH } from '@cartela/contract';
import { migrate } from '../db/migrate.js';
import { AdminAccountError, createAdmin } from '../db/seed.js';
import { errorLine } from '../plugins/errors.js';
import { commandConfig, openOrFail } from './command.js';

const USAGE = `Usage: npm run admin:create -- --username NAME --password SECRET
   or: ADMIN_USERNAME=NAME ADMIN_PASSWORD=SECRET npm run admin:create`;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let args: { username?: string; password?: string; help?: boolean };
try {
  args = parseArgs({
    options: {
      username: { type: 'string', short: 'u' },
      password: { type: 'string', short: 'p' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (args.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

const username = (args.username ?? process.env.ADMIN_USERNAME ?? '').trim();
const password = args.password ?? process.env.ADMIN_PASSWORD ?? '';
if (!username) fail(`A username is required.\n${USAGE}`);
if (username.length > 64) fail('The username must be at most 64 characters.');
if (password.length < PASSWORD_MIN_LENGTH)
  fail(`The password must be at least ${PASSWORD_MIN_LENGTH} characters.`);

// The ADMIN_* variables were this command's input (read above); the server's own settings decide the database.
const config = commandConfig(fail);
const opened = await openOrFail(config, '', fail);
try {
  await opened.database.withStartupLock(() => migrate(opened.database));
  const admin = await createAdmin(opened.database, { username, password });
  process.stdout.write(`Admin account '${admin.username}' created.\n`);
} catch (err) {
  await opened.close();
  if (err instanceof AdminAccountError) fail(err.message);
  // The server log's account of it: a failed insert's parameters hold the new password's hash.
  fail(`Could not create the admin account: ${errorLine(err)}`);
}
await opened.close();
