// ONE error model: whatever goes wrong, the answer is `{ message, code }` (plus `field` when the error is
// about one) with the code's HTTP status.
// - AppError: as thrown (status from its code).
// - Request validation (zod): 400 VALIDATION_FAILED, the message naming the field ('username: Username is required').
// - Bad input that got past validation: a CoreError from @cartela/core, text the database cannot store: 400.
// - Fastify's own request errors: malformed JSON 400, wrong content type 415, body too large 413, rate limit
//   429; also those raised outside any route (a malformed URL, a broken HTTP request): errorServerOptions().
// - A database that cannot be reached (down, restarting, connection cut, no connection in time): 503 with
//   Retry-After, logged as an error; the client keeps its session and tries again (docs/OPERATIONS.md).
// - Anything else is a bug: logged with the request id (without the values a failed query carried), answered
//   500 without internals.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { CoreError } from '@cartela/core';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import { isDatabaseUnreachable } from '../db/unreachable.js';
import { AppError, isAppError, MESSAGES } from '../errors.js';

type Issue = z.core.$ZodIssue;

const FIELD_WORDS = /([a-z0-9])([A-Z])/g;
/** 'currentPassword' -> 'Current password'. */
const humanize = (key: string) => {
  const words = key.replace(FIELD_WORDS, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/** At most this many unknown keys are named: a body within the limit can hold thousands of them. */
const UNKNOWN_KEYS_NAMED = 5;
const KEY_SHOWN = 40;
const shortKey = (key: string) => (key.length > KEY_SHOWN ? `${key.slice(0, KEY_SHOWN)}...` : key);

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

function describeIssue(issue: Issue, data: unknown, part: string): string {
  const path = issue.path.map(String).join('.');
  const where = path || (part === 'body' ? 'Request body' : part);
  switch (issue.code) {
    case 'unrecognized_keys': {
      const named = issue.keys
        .slice(0, UNKNOWN_KEYS_NAMED)
        .map((k) => `${path ? `${path}.` : ''}${shortKey(k)}: Unknown field`);
      const more = issue.keys.length - named.length;
      return more > 0 ? [...named, `and ${more} more`].join('; ') : named.join('; ');
    }
    case 'invalid_type': {
      const value = valueAt(data, issue.path);
      if (value === undefined || (value === null && issue.path.length === 0)) {
        const last = issue.path.at(-1);
        return path ? `${path}: ${humanize(String(last))} is required` : `${where} is required`;
      }
      return `${where}: Must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    }
    default:
      return path ? `${path}: ${issue.message}` : issue.message;
  }
}

// A whole-object rule ('Nothing to update') is noise next to a problem with a field: the fields come first.
const isFieldIssue = (i: Issue) => !(i.code === 'custom' && i.path.length === 0);

/** One readable message for a failed validation: every problem, each naming its field. */
export function validationMessage(issues: readonly Issue[], data: unknown, part = 'body'): string {
  const fieldIssues = issues.filter(isFieldIssue);
  const shown = fieldIssues.length > 0 ? fieldIssues : issues;
  return [...new Set(shown.map((i) => describeIssue(i, data, part)))].join('; ');
}

/**
 * The field of the first problem ('username', 'items.0.price'), for a form to mark; none when the problem is
 * with the whole object (a missing body, 'Nothing to update', unknown keys: no form field has them).
 */
export function validationField(issues: readonly Issue[]): string | undefined {
  const first = issues.find(isFieldIssue);
  return first && first.path.length > 0 ? first.path.map(String).join('.') : undefined;
}

/** Validates request parts with their zod schema, failing with AppError('VALIDATION_FAILED', ...). */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
    const { issues } = result.error;
    return {
      error: new AppError('VALIDATION_FAILED', validationMessage(issues, data, part), {
        field: validationField(issues),
      }),
    };
  };

/**
 * Serializes answers through the route's zod schema (unknown fields dropped, the shape checked); an answer that
 * does not match is a bug, reported as a 500. parse, not encode: answer schemas carry no transforms (a contract
 * test holds every route to it), so the two agree, and parse runs zod's compiled checks, twice as fast on a
 * long list. (fastify-type-provider-zod's serializer does the same; ours spares loading that package at start.)
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.parse(data));

/** Fastify's typings expect JSON-schema compilers here; ours take the contract's zod schemas. Passing them up
 * front also spares Fastify loading ajv and fast-json-stringify at start (~80 ms). */
export const ZOD_COMPILERS = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];

interface Answer {
  status: number;
  body: { message: string; code: string; field?: string; reason?: string; seq?: number };
  headers?: Record<string, string>;
  /** The log line of a 5xx ('request failed' when not given). */
  log?: string;
}

/** Seconds a client waits before it asks again while the database cannot be reached: a restart takes a few. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Fastify's own errors that are the client's fault, by Fastify error code. */
const FASTIFY_ERRORS: Record<string, Omit<Answer, 'headers'>> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    body: {
      message: 'Unsupported content type: send JSON (application/json)',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    },
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    body: { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' },
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { message: 'Request body is empty', code: 'VALIDATION_FAILED' },
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    body: { message: 'Request body is not valid JSON', code: 'VALIDATION_FAILED' },
  },
};

/**
 * PostgreSQL cannot store this text: 22021 (a NUL character, bytes invalid in UTF-8), 22P05 (\u0000 in JSON).
 * The contract refuses NUL in every request string; this keeps any way around that a 400, not a 500.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** Whether the error, or one it wraps (DrizzleQueryError wraps the driver's), is such a refusal. */
function isUnstorableText(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (UNSTORABLE_TEXT.has((e as { code?: string }).code ?? '')) return true;
  }
  return false;
}

function answerFor(err: unknown): Answer {
  if (isAppError(err)) {
    return {
      status: err.status,
      body: {
        message: err.message,
        code: err.code,
        ...(err.field === undefined ? {} : { field: err.field }),
        ...(err.reason === undefined ? {} : { reason: err.reason }),
        ...(err.seq === undefined ? {} : { seq: err.seq }),
      },
      headers: { ...err.headers },
    };
  }
  // Core throws only on input its callers should have refused (an amount that is not whole santim...): input
  // the contract let through is the client's mistake, told as such, not a 500.
  if (err instanceof CoreError) {
    return { status: 400, body: { message: err.message, code: 'VALIDATION_FAILED' } };
  }
  if (isUnstorableText(err)) {
    return {
      status: 400,
      body: {
        message: 'Text contains a character that cannot be stored (such as NUL)',
        code: 'VALIDATION_FAILED',
      },
    };
  }
  // Not a request error of Fastify's (a body cut off by the client is ECONNRESET too, with its statusCode).
  if ((err as { statusCode?: unknown }).statusCode === undefined && isDatabaseUnreachable(err)) {
    return {
      status: 503,
      body: { message: MESSAGES.databaseUnreachable, code: 'SERVICE_UNAVAILABLE' },
      headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      log: 'request failed: the database cannot be reached',
    };
  }
  const e = err as { code?: string; statusCode?: number; message?: string; name?: string };
  const known = e.code ? FASTIFY_ERRORS[e.code] : undefined;
  if (known) return known;
  const status = e.statusCode ?? 500;
  if (status === 429) return { status, body: { message: MESSAGES.rateLimited, code: 'RATE_LIMITED' } };
  if (status === 400 && e.name === 'SyntaxError') {
    return { status, body: { message: 'Request body is not valid JSON', code: 'VALIDATION_FAILED' } };
  }
  if (status >= 400 && status < 500) {
    // Other request errors Fastify raises (bad Content-Length, malformed URL...): their text is safe to show.
    const code =
      status === 404
        ? 'NOT_FOUND'
        : status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : 'VALIDATION_FAILED';
    return { status, body: { message: e.message || 'Bad request', code } };
  }
  return { status: 500, body: { message: MESSAGES.internal, code: 'INTERNAL' } };
}

/** The answer for a path nothing serves. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply.code(404).send({ message: `Not found: ${request.method} ${path}`, code: 'NOT_FOUND' });
}

function sendError(err: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerFor(err);
  if (answer.status >= 500) {
    // The request id is on every log line of the request; the client only sees the generic message.
    request.log.error({ err }, answer.log ?? 'request failed');
  } else {
    request.log.info({ code: answer.body.code, status: answer.status }, answer.body.message);
  }
  if (answer.headers) reply.headers(answer.headers);
  // Only JSON from here, even when the route was about to send something else.
  reply.type('application/json; charset=utf-8');
  return reply.code(answer.status).send(answer.body);
}

export function setupErrors(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
  // The not-found handler is plugins/web.ts's (the single-page app's fallback; JSON 404 for /api).
}

/** Node's errors on a connection, by Node error code; any other is a request that is not valid HTTP. */
const CLIENT_ERRORS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    body: { message: 'Request headers are too large', code: 'PAYLOAD_TOO_LARGE' },
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    body: { message: 'The request took too long to arrive', code: 'VALIDATION_FAILED' },
  },
};
const MALFORMED_REQUEST: Answer = {
  status: 400,
  body: { message: 'Malformed HTTP request', code: 'VALIDATION_FAILED' },
};

/**
 * Fastify options for the answers made outside any route, which neither the hooks (security headers) nor the
 * error handler see: Fastify's router errors (`frameworkErrors`: a malformed URL such as /%c0%ae, a too long
 * parameter) and Node's errors on a connection that is not valid HTTP (`clientErrorHandler`: written on the
 * socket as is). `headers`: what every answer carries (plugins/security.ts answerHeaders()).
 */
export function errorServerOptions(
  headers: Readonly<Record<string, string>>,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  const rawHeaders = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  return {
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      reply.headers(headers);
      sendError(err, request, reply);
    },
    clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket) {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      this.log.debug({ err }, 'malformed request on a connection');
      if (!socket.writable) {
        socket.destroy();
        return;
      }
      const { status, body } = (err.code && CLIENT_ERRORS[err.code]) || MALFORMED_REQUEST;
      const json = JSON.stringify(body);
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${rawHeaders}` +
          `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(json)}\r\n` +
          `connection: close\r\n\r\n${json}`,
      );
    },
  };
}

/**
 * Error properties that hold values a request or a query carried: Drizzle's `params`, PostgreSQL's `detail`
 * ('Key (username)=(...) already exists', 'Failing row contains (...)') and `where` (which can quote a
 * parameter), Node's `rawPacket` (the bytes of a malformed request, Authorization header included).
 */
const UNLOGGED_PROPS = new Set(['params', 'parameters', 'detail', 'where', 'rawPacket']);
/** Drizzle's DrizzleQueryError message: 'Failed query: <sql>\nparams: <values>'. */
const DRIZZLE_PARAMS = '\nparams: ';
/**
 * SQLSTATE class 22, data exception: PostgreSQL's message quotes the value it refused ('invalid input syntax for
 * type uuid: "..."', 'value "..." is out of range for type bigint').
 */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;

/** The message without the values a query carried: Drizzle's cut before its parameters, PostgreSQL's reason
 * for a refused value without the value. */
function safeMessage(err: Error): string {
  const cut = err.message.indexOf(DRIZZLE_PARAMS);
  let message = cut >= 0 ? err.message.slice(0, cut) : err.message;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && DATA_EXCEPTION.test(code)) {
    const colon = message.indexOf(': ');
    message = (colon >= 0 ? message.slice(0, colon) : message).replace(/"[^"]*"/g, '"..."');
  }
  return message;
}

/** An error as a log line shows it (the shape pino's own serializer gives). */
export interface LoggedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The `err` serializer of the app's logger (app.ts), so that no log line of an error, wherever it is written,
 * holds the values a failed query carried: a failed password update once logged the new argon2 hash. Like
 * pino's own: type, message, stack, the error's properties and its cause; without UNLOGGED_PROPS, with
 * Drizzle's message cut before its parameters and PostgreSQL's reason for a refused value without the value.
 * The SQL text, SQLSTATE `code` and `constraint` stay. The operator's commands tell errors through it too
 * (errorLine).
 */
export function serializeError(err: Error, depth = 0): LoggedError {
  if (!(err instanceof Error)) return err; // pino hands over whatever was logged as `err`
  const message = safeMessage(err);
  // The stack starts with the message: kept only where the safe message can replace it.
  const stack = err.stack ?? '';
  const at = stack.indexOf(err.message);
  const out: LoggedError = {
    type: err.constructor?.name ?? err.name,
    message,
    stack:
      message === err.message
        ? stack
        : at >= 0
          ? stack.slice(0, at) + message + stack.slice(at + err.message.length)
          : '',
  };
  for (const key in err) {
    if (key in out || key === 'cause' || UNLOGGED_PROPS.has(key)) continue;
    const value = (err as unknown as Record<string, unknown>)[key];
    if (typeof value !== 'function')
      out[key] = value instanceof Error ? serializeError(value, depth + 1) : value;
  }
  if (err.cause !== undefined && depth < 5)
    out.cause = err.cause instanceof Error ? serializeError(err.cause, depth + 1) : err.cause;
  return out;
}

/**
 * An error in one line, for the operator's commands (cli/): what serializeError keeps of it and of its causes,
 * each with its SQLSTATE or system `code` and its `constraint`, so that a command prints no more of a failed
 * query than the server's log does: 'Failed query: INSERT INTO "users" ...; because: invalid input syntax for
 * type timestamp with time zone (22007)'.
 */
export function errorLine(err: unknown): string {
  const parts: string[] = [];
  let e: unknown = err instanceof Error ? serializeError(err) : err;
  for (let depth = 0; e !== undefined && e !== null && depth < 6; depth++) {
    if (typeof e !== 'object' || !('message' in e)) {
      parts.push(String(e));
      break;
    }
    const { message, code, constraint, cause } = e as LoggedError;
    const tags = [code, constraint].filter((t) => typeof t === 'string' && t !== '');
    parts.push(tags.length > 0 ? `${message} (${tags.join(', ')})` : String(message));
    e = cause;
  }
  return parts
    .join('; because: ')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}
