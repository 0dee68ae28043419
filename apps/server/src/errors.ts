// One error type for every failure the API reports on purpose. Each code maps to one HTTP status; the error
// handler (plugins/errors.ts) turns it into `{ message, code }` (and `field` when it is about one; `reason` and
// `seq` for a refused game action: the game rule's code and the event that was refused).
import type { ErrorCode } from '@cartela/contract';

export const STATUS_OF: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 401,
  TOKEN_EXPIRED: 401,
  INSUFFICIENT_COINS: 402,
  FORBIDDEN: 403,
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** Messages used in more than one place, so the client sees the same words for the same situation. */
export const MESSAGES = {
  invalidCredentials: 'Invalid credentials',
  accountInactive: 'Account is deactivated. Please contact the administrator.',
  signIn: 'Please sign in to continue.',
  sessionExpired: 'Session expired. Please sign in again.',
  forbidden: 'You do not have permission to do this',
  passwordChangeRequired:
    'This account still has its demo password, which anyone can read. Choose your own password to continue.',
  rateLimited: 'Too many login attempts. Please wait a minute and try again.',
  internal: 'Something went wrong. Please try again.',
  databaseUnreachable: 'The server cannot reach its database right now. Please try again in a few seconds.',
  notFound: 'Not found',
} as const;

export class AppError extends Error {
  readonly status: number;
  /** Extra answer headers, e.g. Retry-After. */
  readonly headers: Readonly<Record<string, string>>;
  /** The request field the error is about ('username', 'items.0.price'), sent as `field` for a form. */
  readonly field: string | undefined;
  /** A finer code than `code`, sent as `reason`: the game rule that refused an action ('GAME_PAUSED'). */
  readonly reason: string | undefined;
  /** The event log: the sequence number of the refused event, sent as `seq`. */
  readonly seq: number | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: {
      status?: number;
      headers?: Record<string, string>;
      field?: string;
      reason?: string;
      seq?: number;
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.status = options.status ?? STATUS_OF[code];
    this.headers = options.headers ?? {};
    this.field = options.field;
    this.reason = options.reason;
    this.seq = options.seq;
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;
