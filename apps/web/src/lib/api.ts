import type { RouteBody, RouteDef, RouteParams, RouteQuery, RouteResponse } from '@cartela/contract';
import { loadContract } from './contract';
import { paths } from './paths';
import { storage } from './storage';

/**
 * Every failed call throws this. `status` is 0 and `code` is 'NETWORK' when the server could not be reached;
 * `message` is the server's own text (empty when it sent none); `field` is the request field the error is
 * about, when the server named one, so a form can show the message under that input. `reason` is the server's
 * finer code when it sent one (the game rule that refused an action: 'GAME_PAUSED', 'EVENT_GAP'), `seq` the
 * sequence number of the refused event of a game's event log.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;
  readonly reason: string | undefined;
  readonly seq: number | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    field?: string,
    details: { reason?: string; seq?: number } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
    this.reason = details.reason;
    this.seq = details.seq;
  }
}

export interface ApiOptions<R extends RouteDef> {
  body?: RouteBody<R>;
  query?: RouteQuery<R>;
  params?: RouteParams<R>;
  signal?: AbortSignal;
  /** Extra request headers, such as the `Idempotency-Key` that makes a retried POST /api/games safe. */
  headers?: Record<string, string>;
  /**
   * A body sent as it is instead of JSON (a voice pack's zip), with its own type as the Content-Type
   * (application/octet-stream when it has none). For routes without a JSON body.
   */
  rawBody?: Blob;
}

type UnauthorizedHandler = () => void;
const goToLogin: UnauthorizedHandler = () => window.location.assign(paths.login);
let onUnauthorized: UnauthorizedHandler = goToLogin;

/**
 * What to do after a 401 has cleared the stored credentials. The app sets a handler that also empties the
 * in-memory session and navigates inside the router; without one the page reloads at /login.
 * Returns a function that restores the default.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  onUnauthorized = handler;
  return () => {
    if (onUnauthorized === handler) onUnauthorized = goToLogin;
  };
}

/**
 * Calls outside the 401 rule: the sign-in calls answer 401 for a wrong password (a message for the form, not
 * a lost session), and a 401 from logout only says the session was already over.
 */
export function isSignInOrOutCall(path: string): boolean {
  return /(^|\/)(login|logout)$/.test(path);
}

function buildUrl(route: RouteDef, params: unknown, query: unknown): string {
  const values = (params ?? {}) as Record<string, unknown>;
  let path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${route.method} ${route.path}`);
    }
    return encodeURIComponent(String(value));
  });
  if (query && typeof query === 'object') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || value === null) continue;
      if (Array.isArray(value)) for (const item of value) search.append(key, String(item));
      else search.append(key, String(value));
    }
    const qs = search.toString();
    if (qs) path += `?${qs}`;
  }
  return path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The one API client. Calls a route of @cartela/contract with the stored bearer token, sends and reads JSON,
 * checks the success body against the route's response schema and throws ApiError on any failure.
 */
export async function api<R extends RouteDef>(
  route: R,
  options: ApiOptions<R> = {},
): Promise<RouteResponse<R>> {
  const url = buildUrl(route, options.params, options.query);
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  const token = storage.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const hasBody = options.body !== undefined;
  if (hasBody) headers['Content-Type'] = 'application/json';
  else if (options.rawBody) headers['Content-Type'] = options.rawBody.type || 'application/octet-stream';

  let response: Response;
  try {
    response = await fetch(url, {
      method: route.method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : options.rawBody,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', '');
  }

  let data: unknown;
  try {
    data = await readJson(response);
  } catch (error) {
    // The body was cut off (a reload, a page left, the connection dropped): no answer, not a refusal. Only a
    // 401's status counts without its body.
    if (response.status !== 401) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, 'NETWORK', '');
    }
  }

  if (!response.ok) {
    const { ErrorResponse } = await loadContract();
    const parsed = ErrorResponse.safeParse(data);
    const error = parsed.success
      ? new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.field, {
          reason: parsed.data.reason,
          seq: parsed.data.seq,
        })
      : new ApiError(response.status, `HTTP_${response.status}`, '');
    // product/roles.md#sessions: a 401 outside the sign-in calls ends the session, once, here.
    if (
      response.status === 401 &&
      !isSignInOrOutCall(route.path) &&
      window.location.pathname !== paths.login
    ) {
      storage.clearCredentials();
      onUnauthorized();
    }
    throw error;
  }

  const parsed = route.response.safeParse(data);
  if (!parsed.success) {
    console.error(`Unexpected response from ${route.method} ${route.path}`, parsed.error);
    throw new ApiError(response.status, 'INVALID_RESPONSE', '');
  }
  return parsed.data as RouteResponse<R>;
}
