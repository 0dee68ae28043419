// ONE error model: whatever goes wrong, the answer is `{ message, code }` with the code's HTTP status.
// - AppError: as thrown (status from its code).
// - Request validation (zod): 400 VALIDATION_FAILED, the message naming the field ('username: Username is required').
// - Fastify's own request errors: malformed JSON 400, wrong content type 415, body too large 413, rate limit 429.
// - Anything else is a bug: logged with the request id, answered 500 without internals.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
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
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${path ? `${path}.` : ''}${k}: Unknown field`).join('; ');
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

/** One readable message for a failed validation: every problem, each naming its field. */
export function validationMessage(issues: readonly Issue[], data: unknown, part = 'body'): string {
  // A whole-object rule ('Nothing to update') is noise next to a problem with a field: show the fields first.
  const fieldIssues = issues.filter((i) => !(i.code === 'custom' && i.path.length === 0));
  const shown = fieldIssues.length > 0 ? fieldIssues : issues;
  return [...new Set(shown.map((i) => describeIssue(i, data, part)))].join('; ');
}

/** Validates request parts with their zod schema, failing with AppError('VALIDATION_FAILED', ...). */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const part = httpPart === 'querystring' ? 'query' : (httpPart ?? 'body');
    return { error: new AppError('VALIDATION_FAILED', validationMessage(result.error.issues, data, part)) };
  };

/**
 * Serializes answers through the route's zod schema (encode: unknown fields dropped, the shape checked); an
 * answer that does not match is a bug, reported as a 500. (fastify-type-provider-zod's own serializer does the
 * same; ours spares loading that package at start.)
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> =
  ({ schema }) =>
  (data) =>
    JSON.stringify(schema.encode(data));

/** Fastify's typings expect JSON-schema compilers here; ours take the contract's zod schemas. Passing them up
 * front also spares Fastify loading ajv and fast-json-stringify at start (~80 ms). */
export const ZOD_COMPILERS = {
  compilersFactory: { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler },
} as unknown as FastifyServerOptions['schemaController'];

interface Answer {
  status: number;
  body: { message: string; code: string };
  headers?: Record<string, string>;
}

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

function answerFor(err: unknown): Answer {
  if (isAppError(err)) {
    return {
      status: err.status,
      body: { message: err.message, code: err.code },
      headers: { ...err.headers },
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

export function setupErrors(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const answer = answerFor(err);
    if (answer.status >= 500) {
      // The request id is on every log line of the request; the client only sees the generic message.
      request.log.error({ err }, 'request failed');
    } else {
      request.log.info({ code: answer.body.code, status: answer.status }, answer.body.message);
    }
    if (answer.headers) reply.headers(answer.headers);
    // Only JSON from here, even when the route was about to send something else.
    reply.type('application/json; charset=utf-8');
    return reply.code(answer.status).send(answer.body);
  });
  // The not-found handler is plugins/web.ts's (the single-page app's fallback; JSON 404 for /api).
}
