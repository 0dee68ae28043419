// Whatever escapes a command (a failure nothing catches) is told in one line the way the server's logs tell an
// error (plugins/errors.ts errorLine), not by Node's own printer, which writes every property of the error and
// its causes: a failed query's parameters, rows and password hashes among them (decision 022). Imported first
// by every command.
import { errorLine } from '../plugins/errors.js';

function untold(err: unknown): never {
  process.stderr.write(`Failed: ${errorLine(err)}\n`);
  process.exit(1);
}

process.on('uncaughtException', untold);
process.on('unhandledRejection', untold);
