// The requests of the hostile input proof, per route of the contract: its path, query and body generated from
// its own schemas (hostile-schema.ts), right or with one thing broken, and the abuse that happens below the
// schemas, in the raw HTTP a client sends: malformed JSON, the wrong content type, a body over the limit, a
// Content-Length that lies, dot segments and encoded NULs in the path, repeated and bracketed query keys, odd
// headers. Every request is one a real client could put on the wire (Node's HTTP client refuses a path with a
// space or a character past Latin-1, so such characters are percent-encoded, as a browser does).
import type { Role, RouteDef } from '@cartela/contract';
import fc from 'fast-check';
import {
  brokenOnce,
  type JsonSchema,
  plausible,
  type RealValues,
  requiredOnly,
  validOrNear,
  type Walkable,
  walkable,
} from './hostile-schema.js';
import {
  hostileString,
  INJECTION_STRINGS,
  jsonText,
  NUMBER_LIKE_STRINGS,
  RawJson,
} from './hostile-values.js';

/** One request, as sent with app.inject, and what makes it hostile. */
export interface HostileRequest {
  /** What was done to it, in words ('body: stake := 1e309', 'content-type text/plain', 'path: %2e%2e'). */
  change: string;
  /** Who sends it (its token), null for nobody. */
  role: Role | null;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Every part passes the route's zod schemas: the request must reach the route's handler. */
  valid: boolean;
}

/** What the proof knows of a route: its definition, who may call it, and its schemas ready to walk. */
export interface RoutePlan {
  route: RouteDef;
  /** 'POST /api/games'. */
  name: string;
  /** The callers the route allows: a role each, or null (nobody) for a public route. */
  callers: readonly (Role | null)[];
  params?: Walkable;
  query?: Walkable;
  body?: Walkable;
}

const ALL_ROLES: readonly Role[] = ['admin', 'agent', 'super-agent'];

export function planOf(route: RouteDef): RoutePlan {
  const callers =
    route.access === 'public' ? [null] : route.access === 'authenticated' ? ALL_ROLES : route.access;
  return {
    route,
    name: `${route.method} ${route.path}`,
    callers,
    ...(route.params ? { params: walkable(route.params) } : {}),
    ...(route.query ? { query: walkable(route.query) } : {}),
    ...(route.body ? { body: walkable(route.body) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Wire forms

/** encodeURIComponent, also for lone surrogates (which it refuses): their UTF-8 replacement, encoded. */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
      .join('');
  }
}

/** A value as the text of one query value or path segment. */
function wireText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return jsonText(value);
  return String(value);
}

type Pairs = [string, string][];

/** Query pairs of an object: a list repeats its key, an object becomes key[sub] pairs (what qs-style clients send). */
function queryPairs(value: unknown): Pairs {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof RawJson)
    return value === undefined ? [] : [['q', wireText(value)]];
  const pairs: Pairs = [];
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v.slice(0, 1_000)) pairs.push([key, wireText(item)]);
    else if (v !== null && typeof v === 'object' && !(v instanceof RawJson))
      for (const [sub, s] of Object.entries(v).slice(0, 1_000)) pairs.push([`${key}[${sub}]`, wireText(s)]);
    else pairs.push([key, wireText(v)]);
  }
  return pairs;
}

const queryText = (pairs: Pairs) =>
  pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&');

/** What the server's query parser makes of plain pairs: one value a key, a list when a key repeats. */
function queryObject(pairs: Pairs): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of pairs) {
    const had = out[k];
    out[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  return out;
}

/** Path parameter values as text (a number pattern gives '57'). */
function paramTexts(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = wireText(v);
  return out;
}

/** The route's path with its parameters: encoded, or (`raw`) as they are, for path abuse. */
function pathWith(
  route: RouteDef,
  params: Record<string, string>,
  raw: ReadonlySet<string> = new Set(),
): string {
  return route.path
    .replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
      const v = params[name] ?? '';
      return raw.has(name) ? v : percentEncode(v);
    })
    .replace(/\*$/, () => {
      const v = params['*'] ?? '';
      // The wildcard is a file path: its slashes are the path's own.
      return raw.has('*') ? v : v.split('/').map(percentEncode).join('/');
    });
}

// ---------------------------------------------------------------------------------------------------------
// The parts of a request that its schemas govern

interface Parts {
  role: Role | null;
  params: Record<string, string>;
  query: Pairs;
  /** The JSON body, undefined for none. */
  body: unknown;
  valid: boolean;
  change: string;
}

function assemble(plan: RoutePlan, parts: Parts, extra: Partial<HostileRequest> = {}): HostileRequest {
  const query = parts.query.length > 0 ? `?${queryText(parts.query)}` : '';
  const json = parts.body === undefined ? undefined : jsonText(parts.body);
  return {
    change: parts.change,
    role: parts.role,
    method: plan.route.method,
    url: `${pathWith(plan.route, parts.params)}${query}`,
    headers: json === undefined ? {} : { 'content-type': 'application/json' },
    ...(json === undefined ? {} : { payload: json }),
    valid: parts.valid,
    ...extra,
  };
}

interface Generators {
  plan: RoutePlan;
  real: RealValues;
}

/** Plausible values of one part of the route (params, query or body). */
const plausibleOf = (plan: RoutePlan, part: 'params' | 'query' | 'body', real: RealValues) => {
  const w = plan[part]!;
  return plausible(w.root, { defs: w.defs, real }, hintOf(plan, part));
};

/**
 * The name real values are looked up by for a part's top level: for a path parameter the path segment before
 * it ('/api/games/:id' -> 'games'); fields inside use their own names.
 */
function hintOf(plan: RoutePlan, part: 'params' | 'query' | 'body'): string {
  if (part !== 'params') return '';
  const segments = plan.route.path.split('/');
  const at = segments.findIndex((s) => s.startsWith(':') || s === '*');
  return at > 0 ? segments[at - 1]! : '';
}

/**
 * Path parameters: each from its own schema, its hint the segment before it, so ':id' after 'games' takes
 * a real game's id and ':agentId' a real agent's.
 */
function plausibleParams(plan: RoutePlan, real: RealValues): fc.Arbitrary<unknown> {
  if (!plan.params) return fc.constant({});
  const { root, defs } = plan.params;
  const properties = (root.properties ?? {}) as Record<string, JsonSchema>;
  const segments = plan.route.path.split('/');
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, node] of Object.entries(properties)) {
    const at = segments.findIndex((s) => s === `:${name}` || (name === '*' && s === '*'));
    const before = at > 0 ? segments[at - 1]! : '';
    // ':agentId' says what it is; ':id' is named by the segment before it.
    const hint = name === 'id' || name === '*' || name === 'n' ? before : name;
    model[name] = plausible(node, { defs, real }, hint);
  }
  return fc.record(model);
}

/** Every part plausible; `valid` says whether the zod schemas agree (rules JSON Schema cannot say may not hold). */
function validParts(g: Generators, role: fc.Arbitrary<Role | null>): fc.Arbitrary<Parts> {
  const { plan, real } = g;
  const { route } = plan;
  const params = validOrNear(
    { safeParse: (v: unknown) => (route.params ? route.params.safeParse(paramTexts(v)) : { success: true }) },
    plausibleParams(plan, real),
  );
  const query = validOrNear(
    {
      safeParse: (v: unknown) =>
        route.query ? route.query.safeParse(queryObject(queryPairs(v))) : { success: true },
    },
    plan.query ? plausibleOf(plan, 'query', real) : fc.constant(undefined),
    (v) => (plan.query ? requiredOnly(plan.query, v) : v),
  );
  const body = validOrNear(
    { safeParse: (v: unknown) => (route.body ? route.body.safeParse(v) : { success: true }) },
    plan.body ? plausibleOf(plan, 'body', real) : fc.constant(undefined),
    (v) => (plan.body ? requiredOnly(plan.body, v) : v),
  );
  return fc.record({ role, params, query, body }).map((p) => ({
    role: p.role,
    params: paramTexts(p.params.value),
    query: queryPairs(p.query.value),
    body: p.body.value,
    valid: p.params.valid && p.query.valid && p.body.valid,
    change: 'none (plausible)',
  }));
}

/** One part broken once (a field wrong, removed or added), the others plausible. */
function brokenParts(g: Generators, role: fc.Arbitrary<Role | null>): fc.Arbitrary<Parts> {
  const { plan, real } = g;
  const parts = (['params', 'query', 'body'] as const).filter((p) => plan[p]);
  if (parts.length === 0) return validParts(g, role);
  return fc.tuple(fc.constantFrom(...parts), validParts(g, role)).chain(([part, base]) => {
    const w = plan[part]!;
    const start = part === 'params' ? plausibleParams(plan, real) : plausibleOf(plan, part, real);
    return brokenOnce(w.root, { defs: w.defs, real }, start).map((broken) => ({
      ...base,
      ...(part === 'params'
        ? { params: paramTexts(broken.value) }
        : part === 'query'
          ? { query: queryPairs(broken.value) }
          : { body: broken.value }),
      valid: false,
      change: `${part}: ${broken.change}`,
    }));
  });
}

// ---------------------------------------------------------------------------------------------------------
// Below the schemas: raw HTTP

/** JSON that is not JSON, or is JSON no schema expects. */
const MALFORMED_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'undefined',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":"\\uZZZZ"}',
  '{"a":"\\ud800"}',
  '{"a":1}{"b":2}',
  '{"a":1} trailing',
  '\uFEFF{"a":1}',
  ' ',
  '\u0000',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
] as const;

/** Content types other than the JSON the API speaks, and JSON's type written oddly. */
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----hostile',
  'application/xml',
  'application/zip',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/json;;;',
  'application/jsonx',
  'application/vnd.api+json',
  'application/json, text/plain',
  'application/',
  '*/*',
  '',
  'text/html; charset=utf-8',
  `application/json; ${'x'.repeat(5_000)}=1`,
] as const;

/** A body for a content type: what such a client would send. */
function bodyFor(contentType: string, json: string): string | Buffer {
  if (contentType.startsWith('application/x-www-form-urlencoded'))
    return 'stake=10&cartelaNumbers=1&role=admin';
  if (contentType.startsWith('multipart/form-data'))
    return '------hostile\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\nPK\u0003\u0004junk\r\n------hostile--\r\n';
  if (contentType === 'application/xml')
    return '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>';
  if (contentType === 'application/zip' || contentType === 'application/octet-stream')
    return Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64, 0xff)]);
  if (contentType.includes('utf-16')) return Buffer.from(json, 'utf16le');
  return json;
}

/** The JSON text with a character inserted, or cut short: JSON that was almost right. */
const corrupted = (json: string) =>
  fc
    .tuple(
      fc.nat({ max: Math.max(json.length - 1, 0) }),
      fc.constantFrom('{', '}', '[', ']', ',', ':', '"', '\\', ''),
    )
    .map(([at, char]) => (char === '' ? json.slice(0, at) : `${json.slice(0, at)}${char}${json.slice(at)}`));

function bodyAbuse(
  g: Generators,
  role: fc.Arbitrary<Role | null>,
  bodyLimit: number,
): fc.Arbitrary<HostileRequest> {
  const { plan } = g;
  return validParts(g, role).chain((parts) => {
    const base = assemble(plan, parts);
    const json = parts.body === undefined ? '{}' : jsonText(parts.body);
    const withBody = (
      payload: string | Buffer,
      contentType: string | null,
      change: string,
      headers = {},
    ) => ({
      ...base,
      headers: { ...(contentType === null ? {} : { 'content-type': contentType }), ...headers },
      payload,
      valid: false,
      change,
    });
    return fc.oneof(
      fc
        .oneof(fc.constantFrom<string>(...MALFORMED_JSON), corrupted(json))
        .map((text) =>
          withBody(text, 'application/json', `malformed JSON ${JSON.stringify(text.slice(0, 40))}`),
        ),
      fc
        .constantFrom(...CONTENT_TYPES)
        .map((type) =>
          withBody(bodyFor(type, json), type, `content-type ${JSON.stringify(type.slice(0, 50))}`),
        ),
      // Right at the body limit, just over it, and far over (padded with a field nobody declared).
      fc.constantFrom(0, 1, 1_000, 300_000).map((over) => {
        const rest = json === '{}' ? '}' : `,${json.slice(1)}`;
        const pad = Math.max(0, bodyLimit + over - Buffer.byteLength(rest) - '{"pad":""'.length);
        const text = `{"pad":"${'a'.repeat(pad)}"${rest}`;
        return withBody(
          text,
          'application/json',
          `body of ${Buffer.byteLength(text)} bytes (limit ${bodyLimit})`,
        );
      }),
      // A Content-Length that lies, or is not a number.
      fc
        .constantFrom(
          'abc',
          '-1',
          '1e3',
          '99999999999',
          String(Buffer.byteLength(json) + 10),
          String(Math.max(Buffer.byteLength(json) - 1, 0)),
        )
        .map((length) =>
          withBody(
            json,
            'application/json',
            `content-length ${length} for ${Buffer.byteLength(json)} bytes`,
            {
              'content-length': length,
            },
          ),
        ),
      fc.constant(withBody('', 'application/json', 'empty body with content-type JSON')),
      fc.constant(withBody(json, null, 'a body without a content type')),
      fc.constant(
        withBody(json, 'application/json', 'content-encoding gzip on a plain body', {
          'content-encoding': 'gzip',
        }),
      ),
    );
  });
}

/** Path segments that mean something else to a router, a file system or a decoder. */
const PATH_SEGMENTS = [
  '..',
  '../..',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2f',
  '.',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%c0%ae',
  '%ff',
  '%F0%9F%98%80',
  '%E1%8A%A2',
  '',
  '%20',
  ';',
  '%3B',
  '%23',
  'a/b',
  '\\',
  '%5C',
  '//',
  '%2F%2F',
  '%0d%0aSet-Cookie:%20a=b',
  '%ED%A0%80', // a lone surrogate, UTF-8 encoded
  ...INJECTION_STRINGS.slice(0, 6).map(percentEncode),
] as const;

const LONG_SEGMENTS = [101, 1_000, 100_000].map((n) => 'x'.repeat(n));
const OTHER_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;

function pathAbuse(g: Generators, role: fc.Arbitrary<Role | null>): fc.Arbitrary<HostileRequest> {
  const { plan } = g;
  const { route } = plan;
  const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)|\*$/g)].map((m) => m[1] ?? '*');
  return validParts(g, role).chain((parts) => {
    const base = assemble(plan, parts);
    const [path = '', query = ''] = base.url.split(/\?(.*)/s);
    const at = (url: string, change: string, method = base.method) => ({
      ...base,
      method,
      url: query ? `${url}?${query}` : url,
      valid: false,
      change: `path: ${change}`,
    });
    const slashes = [...path.matchAll(/\//g)].map((m) => m.index);
    const choices: fc.Arbitrary<HostileRequest>[] = [
      fc
        .tuple(fc.constantFrom(...slashes), fc.constantFrom('//', '/./', '/../', '/%2e%2e/', '\\'))
        .map(([i, s]) => at(`${path.slice(0, i)}${s}${path.slice(i + 1)}`, `"/" at ${i} as ${s}`)),
      fc
        .constantFrom('/', '/.', '/..', '/%2e%2e/', '%00', ';x=1', '.json', '~', `/${'x'.repeat(5_000)}`)
        .map((s) => at(`${path}${s}`, `${JSON.stringify(s.slice(0, 20))} appended`)),
      fc.constant(at(path.toUpperCase(), 'upper case')),
      fc.constant(at(path.replace('/api/', '/api/../api/'), '/api/../api/')),
      fc
        .constantFrom(...OTHER_METHODS.filter((m) => m !== route.method))
        .map((method) => at(path, `method ${method}`, method)),
    ];
    if (names.length > 0) {
      choices.push(
        fc
          .tuple(fc.constantFrom(...names), fc.constantFrom<string>(...PATH_SEGMENTS, ...LONG_SEGMENTS))
          .map(([name, v]) =>
            at(
              pathWith(route, { ...parts.params, [name]: v }, new Set([name])),
              `:${name} = ${JSON.stringify(v.slice(0, 40))}${v.length > 40 ? ` (${v.length})` : ''}`,
            ),
          ),
      );
    }
    return fc.oneof(...choices);
  });
}

function queryAbuse(g: Generators, role: fc.Arbitrary<Role | null>): fc.Arbitrary<HostileRequest> {
  const { plan } = g;
  return validParts(g, role).chain((parts) => {
    const base = assemble(plan, parts);
    const path = base.url.split('?')[0]!;
    const pairs = parts.query;
    const keys = pairs.length > 0 ? pairs.map(([k]) => k) : ['page'];
    const at = (query: string, change: string) => ({
      ...base,
      url: `${path}?${query}`,
      valid: false,
      change: `query: ${change}`,
    });
    const plain = queryText(pairs);
    const and = plain ? `${plain}&` : '';
    return fc.oneof(
      fc
        .tuple(fc.constantFrom(...keys), hostileString())
        .map(([k, v]) =>
          at(
            `${and}${percentEncode(k)}=${percentEncode(v)}`,
            `${k} repeated as ${JSON.stringify(v.slice(0, 30))}`,
          ),
        ),
      fc
        .tuple(fc.constantFrom(...keys), fc.constantFrom('[]', '[0]', '[a]', '[a][b]', '[__proto__]'))
        .map(([k, b]) => at(`${and}${percentEncode(k + b)}=1`, `${k}${b}`)),
      fc
        .tuple(fc.constantFrom(...keys), fc.constantFrom(...NUMBER_LIKE_STRINGS))
        .map(([k, v]) =>
          at(queryText([...pairs.filter(([pk]) => pk !== k), [k, v]]), `${k} = ${JSON.stringify(v)}`),
        ),
      fc
        .constantFrom(
          '__proto__=1',
          'constructor[prototype][isAdmin]=1',
          'hasOwnProperty=1',
          'toString=x',
          'unknown=1',
          '%zz=1',
          '%=%',
          '=',
          '&&&',
          'a=1;b=2',
          '+=+',
          '%00=%00',
          keys[0]!,
          `${keys[0]}=${'x'.repeat(100_000)}`,
          Array.from({ length: 1_000 }, (_, i) => `k${i}=${i}`).join('&'),
          `${keys[0]}=1?${keys[0]}=2`,
        )
        .map((q) => at(`${and}${q}`, JSON.stringify(q.slice(0, 40)))),
    );
  });
}

/** Headers a proxy, an old client or a scanner adds. Values stay visible ASCII: Node refuses anything else. */
const ODD_HEADERS: readonly [string, string][] = [
  ['accept', 'text/csv'],
  ['accept', 'application/xml;q=1, */*;q=0'],
  ['accept-encoding', 'gzip, br, compress;q=2, identity;q=0'],
  ['accept-encoding', 'x'.repeat(5_000)],
  ['accept-language', 'am-ET,am;q=0.9,'.repeat(200)],
  ['x-forwarded-for', '999.999.999.999, ::ffff:1.2.3.4, unknown'],
  ['x-forwarded-proto', 'javascript'],
  ['idempotency-key', 'key with spaces'],
  ['idempotency-key', 'k'.repeat(129)],
  ['idempotency-key', `key-${Date.now()}`],
  ['idempotency-key', ''],
  ['if-none-match', '*'],
  ['if-none-match', '"not-an-etag", W/"x"'],
  ['range', 'bytes=0-1,5-9'],
  ['expect', '100-continue'],
  ['origin', 'http://evil.example'],
  ['cookie', 'session=../../etc; admin=true'],
  ['x-http-method-override', 'DELETE'],
  ['content-type', 'application/json'],
];

function headerAbuse(g: Generators, role: fc.Arbitrary<Role | null>): fc.Arbitrary<HostileRequest> {
  return fc.tuple(validParts(g, role), fc.constantFrom(...ODD_HEADERS)).map(([parts, [name, value]]) => {
    const base = assemble(g.plan, parts);
    return {
      ...base,
      headers: { ...base.headers, [name]: value },
      // An odd header leaves the request valid by the contract, except the Idempotency-Key rule of a creation.
      valid: false,
      change: `header ${name}: ${JSON.stringify(value.slice(0, 40))}`,
    };
  });
}

/** The request as fast-check prints a counterexample: the short description, not a 140 KB body. */
const printable = (r: HostileRequest): HostileRequest =>
  Object.defineProperty(r, fc.toStringMethod, { value: () => describeRequest(r), enumerable: false });

/**
 * Every kind of request for one route. `valid` requests come first in weight only slightly: the point is the
 * broken ones, but a run where nothing gets through to the handler would prove little about the handler.
 */
export function requestsFor(
  plan: RoutePlan,
  real: RealValues,
  bodyLimit: number,
): fc.Arbitrary<HostileRequest> {
  const g: Generators = { plan, real };
  const role = fc.constantFrom(...plan.callers);
  return fc
    .oneof(
      { weight: 2, arbitrary: validParts(g, role).map((p) => assemble(plan, p)) },
      { weight: 8, arbitrary: brokenParts(g, role).map((p) => assemble(plan, p)) },
      { weight: 3, arbitrary: bodyAbuse(g, role, bodyLimit) },
      { weight: 2, arbitrary: pathAbuse(g, role) },
      { weight: 2, arbitrary: queryAbuse(g, role) },
      { weight: 1, arbitrary: headerAbuse(g, role) },
    )
    .map(printable);
}

/** Plausible requests that pass every schema of the route (when the generator manages: see `valid`). */
export function validRequests(plan: RoutePlan, real: RealValues): fc.Arbitrary<HostileRequest> {
  const g: Generators = { plan, real };
  return validParts(g, fc.constantFrom(...plan.callers)).map((p) => printable(assemble(plan, p)));
}

// ---------------------------------------------------------------------------------------------------------
// Showing a request

const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max)}... (${text.length} characters in all)` : text;

/** A request as a failure report shows it: everything needed to send it again, long parts cut. */
export function describeRequest(r: HostileRequest): string {
  const payload =
    r.payload === undefined
      ? '(no body)'
      : Buffer.isBuffer(r.payload)
        ? `<${r.payload.length} bytes: ${r.payload.subarray(0, 32).toString('hex')}...>`
        : JSON.stringify(clip(r.payload, 500));
  return [
    `${r.method} ${clip(r.url)}`,
    `  as: ${r.role ?? 'nobody'}; hostile: ${r.change}`,
    `  headers: ${JSON.stringify(r.headers, (_, v) => (typeof v === 'string' ? clip(v, 120) : v))}`,
    `  body: ${payload}`,
  ].join('\n');
}
