// From a route's zod schema to requests: values that look right (so a request gets past the first check and
// reaches the rules behind it) and the same values with one thing broken. The walk goes over the JSON Schema zod
// makes of the schema - the one the OpenAPI document serves - so every keyword a client can read (type, enum,
// pattern, format, bounds, required, additionalProperties) is one the generator honours or breaks. Rules JSON
// Schema cannot say (an amount's 2 decimals, a valid bingo card, a unique list) are met by real rows: a field
// named like a column of the database sometimes takes a value found there (hostile-world.ts RealValues).
import { text } from '@cartela/contract';
import fc from 'fast-check';
import { z } from 'zod';
import {
  hostileKey,
  hostileNumber,
  hostileString,
  hostileStructure,
  hostileValue,
  NUMBER_LIKE_STRINGS,
  RawJson,
} from './hostile-values.js';

export type JsonSchema = { [keyword: string]: unknown };

/** Values of existing rows a field or path parameter may refer to, found by its name. */
export interface RealValues {
  /** Text of values in the database a field named `hint` ('agentId', 'games', 'bingoCard') may mean; may be empty. */
  near(hint: string): readonly string[];
}

/** A schema converted once, with the definitions its `$ref`s point to. */
export interface Walkable {
  root: JsonSchema;
  defs: Record<string, JsonSchema>;
}

/** The input side of a zod schema as JSON Schema (what a client sends, defaults not yet applied). */
export function walkable(schema: z.ZodType): Walkable {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return { root, defs: (root.$defs ?? {}) as Record<string, JsonSchema> };
}

/** What a walk needs besides the node: the definitions `$ref`s point to, and the real values. */
interface Ctx {
  defs: Walkable['defs'];
  real: RealValues;
}

/** The pattern text() puts on every free-text field (no NUL): it says nothing about what text looks like. */
const FREE_TEXT_PATTERN = (z.toJSONSchema(text()) as JsonSchema).pattern;

function resolve(node: JsonSchema, defs: Walkable['defs']): JsonSchema {
  let n = node;
  for (let hops = 0; typeof n.$ref === 'string' && hops < 20; hops++) {
    const name = n.$ref.replace('#/$defs/', '');
    const target = defs[name];
    if (!target) throw new Error(`Unresolved $ref ${n.$ref}`);
    n = target;
  }
  return n;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

/** The inclusive bounds of a number node, with defaults that keep plausible values small. */
function bounds(n: JsonSchema, step: number): { min: number; max: number } {
  const exMin = num(n.exclusiveMinimum);
  const exMax = num(n.exclusiveMaximum);
  const min = num(n.minimum) ?? (exMin === undefined ? 0 : exMin + step);
  const max = num(n.maximum) ?? (exMax === undefined ? min + 1000 : exMax - step);
  return { min, max: Math.max(min, max) };
}

/** snake_case of a field name ('agentId' -> 'agent_id'), the way the database names its columns. */
export const snakeCase = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toLowerCase();

/**
 * Mixes in values of real rows: a request about an existing agent, game or card goes further (to the
 * permission, the state machine, the conflict) than one about a random id.
 */
function orReal<T>(
  generated: fc.Arbitrary<T>,
  ctx: Ctx,
  hint: string,
  read: (text: string) => T | undefined,
): fc.Arbitrary<T> {
  if (!hint) return generated;
  return fc.oneof(
    generated,
    fc.tuple(fc.nat(), generated).map(([i, fallback]) => {
      // Read when the value is drawn, not when the arbitrary is built: rows come and go during the run.
      const pool = ctx.real.near(hint);
      const found = pool.length > 0 ? read(pool[i % pool.length]!) : undefined;
      return found === undefined ? fallback : found;
    }),
  );
}

const readInteger = (s: string) => (/^-?\d+$/.test(s) ? Number(s) : undefined);
const readJson = (s: string) => {
  try {
    const v = JSON.parse(s) as unknown;
    return typeof v === 'object' && v !== null ? v : undefined;
  } catch {
    return undefined;
  }
};

const TYPED_TEXT = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9]{2,11}$/),
  fc.constantFrom('ወኪል', 'ቢንጎ አዳራሽ', 'Abebe Kebede', 'hall 2'),
);

/** Text of between min and max characters that a person might type (ASCII or Ethiopic). */
function plausibleText(min: number, max: number): fc.Arbitrary<string> {
  return TYPED_TEXT.map((s) => (s.length < min ? s.padEnd(min, 'x') : s.slice(0, Math.max(max, 0))));
}

const FORMATS: Record<string, RegExp> = {
  uuid: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  'date-time': /^\d{4}-\d{2}-\d{2}T/,
};

function plausibleString(n: JsonSchema, ctx: Ctx, hint: string): fc.Arbitrary<string> {
  const min = num(n.minLength) ?? 0;
  const max = num(n.maxLength) ?? 64;
  let pattern: RegExp | null = null;
  if (typeof n.pattern === 'string' && n.pattern !== FREE_TEXT_PATTERN) {
    try {
      pattern = new RegExp(n.pattern);
    } catch {
      pattern = null;
    }
  }
  const format = typeof n.format === 'string' ? FORMATS[n.format] : undefined;
  const days = fc.date({ min: new Date('2024-01-01'), max: new Date('2030-12-31'), noInvalidDate: true });
  const generated =
    n.format === 'uuid'
      ? fc.uuid()
      : n.format === 'date'
        ? days.map((d) => d.toISOString().slice(0, 10))
        : n.format === 'date-time'
          ? days.map((d) => d.toISOString())
          : pattern
            ? fc.stringMatching(pattern).filter((s) => s.length >= min && s.length <= max)
            : plausibleText(min, max);
  // A real value only where it fits the field (a card's uuid is no cartela number).
  const fits = (s: string) =>
    s.length >= min && s.length <= max && (!pattern || pattern.test(s)) && (!format || format.test(s));
  return orReal(generated, ctx, hint, (s) => (fits(s) ? s : undefined));
}

/** The value under `key`, built on first use. */
function cached<K extends object, V>(map: WeakMap<K, V>, key: K, build: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = build();
    map.set(key, value);
  }
  return value;
}

/** Arbitraries already built, by real values, schema node and hint: building them costs more than drawing. */
const built = new WeakMap<RealValues, WeakMap<JsonSchema, Map<string, fc.Arbitrary<unknown>>>>();

/** A value the schema node accepts, as far as JSON Schema can say; `hint` is the field's name. */
export function plausible(node: JsonSchema, ctx: Ctx, hint = ''): fc.Arbitrary<unknown> {
  const byHint = cached(
    cached(built, ctx.real, () => new WeakMap()),
    node,
    () => new Map(),
  );
  let arbitrary = byHint.get(hint);
  if (!arbitrary) {
    arbitrary = buildPlausible(node, ctx, hint);
    byHint.set(hint, arbitrary);
  }
  return arbitrary;
}

function buildPlausible(node: JsonSchema, ctx: Ctx, hint: string): fc.Arbitrary<unknown> {
  const n = resolve(node, ctx.defs);
  if ('const' in n) return fc.constant(n.const);
  if (Array.isArray(n.enum) && n.enum.length > 0) return fc.constantFrom(...(n.enum as unknown[]));
  const options = (n.anyOf ?? n.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(options) && options.length > 0)
    return fc.oneof(...options.map((o) => plausible(o, ctx, hint)));
  if (Array.isArray(n.type)) return fc.oneof(...n.type.map((t) => plausible({ ...n, type: t }, ctx, hint)));
  switch (n.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const { min, max } = bounds(n, 1);
      const lo = Math.ceil(min);
      const hi = Math.floor(max);
      // Mostly small values near the bottom of the range, where real requests are.
      const generated = fc.oneof(
        fc.integer({ min: lo, max: Math.min(hi, lo + 20) }),
        fc.integer({ min: lo, max: Math.min(hi, Number.MAX_SAFE_INTEGER) }),
      );
      return orReal(generated, ctx, hint, (s) => {
        const v = readInteger(s);
        return v !== undefined && v >= lo && v <= hi ? v : undefined;
      });
    }
    case 'number': {
      // Whole numbers and amounts with 2 decimals: what money fields take (Etb, Percent).
      const { min, max } = bounds(n, 0.01);
      return fc
        .integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) })
        .chain((cents) => fc.constantFrom(cents / 100, Math.round(cents / 100)))
        .filter((v) => v >= min && v <= max);
    }
    case 'string':
      return plausibleString(n, ctx, hint);
    case 'array': {
      const items = (n.items ?? {}) as JsonSchema;
      const minLength = num(n.minItems) ?? 0;
      const maxLength = Math.max(minLength, Math.min(num(n.maxItems) ?? 5, minLength + 5));
      const item = resolve(items, ctx.defs);
      const scalar =
        ['string', 'integer', 'number'].includes(item.type as string) || Array.isArray(item.enum);
      const enumSize = Array.isArray(item.enum) ? item.enum.length : Number.POSITIVE_INFINITY;
      // Distinct items: every list of the API is valid without duplicates, several only without them.
      const generated: fc.Arbitrary<unknown[]> = scalar
        ? fc.uniqueArray(plausible(items, ctx, hint), {
            minLength: Math.min(minLength, enumSize),
            maxLength: Math.min(maxLength, enumSize),
          })
        : fc.array(plausible(items, ctx, hint), { minLength, maxLength });
      return orReal(generated, ctx, hint, (s) => {
        const v = readJson(s);
        return Array.isArray(v) ? v : undefined;
      });
    }
    case 'object': {
      const properties = (n.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((n.required ?? []) as string[]);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, child] of Object.entries(properties)) model[key] = plausible(child, ctx, key);
      return fc.record(model, { requiredKeys: Object.keys(properties).filter((k) => required.has(k)) });
    }
    default:
      // No type: anything (zod said it cannot be written as JSON Schema).
      return fc.jsonValue({ maxDepth: 2 });
  }
}

// ---------------------------------------------------------------------------------------------------------
// Breaking one thing

type Path = readonly (string | number)[];

/** A place in a value, with the schema node that governs it. */
interface Slot {
  path: Path;
  node: JsonSchema;
  value: unknown;
}

/** The schema node that describes `value` among anyOf/oneOf options (the first whose type fits). */
function pick(node: JsonSchema, value: unknown, defs: Walkable['defs']): JsonSchema {
  const n = resolve(node, defs);
  const options = (n.anyOf ?? n.oneOf) as JsonSchema[] | undefined;
  if (!Array.isArray(options)) return n;
  const type =
    value === null
      ? 'null'
      : Array.isArray(value)
        ? 'array'
        : typeof value === 'number'
          ? 'number'
          : typeof value;
  const fits = options
    .map((o) => resolve(o, defs))
    .find((o) => o.type === type || (type === 'number' && o.type === 'integer') || 'const' in o);
  return fits ?? n;
}

/** Every place in `value` (the value itself, each property, the first few items of each list). */
function slotsOf(node: JsonSchema, value: unknown, defs: Walkable['defs'], path: Path = []): Slot[] {
  const n = pick(node, value, defs);
  const slots: Slot[] = [{ path, node: n, value }];
  if (Array.isArray(value)) {
    const items = (n.items ?? {}) as JsonSchema;
    value.slice(0, 3).forEach((v, i) => {
      slots.push(...slotsOf(items, v, defs, [...path, i]));
    });
  } else if (value !== null && typeof value === 'object') {
    const properties = (n.properties ?? {}) as Record<string, JsonSchema>;
    for (const [key, v] of Object.entries(value)) {
      slots.push(...slotsOf(properties[key] ?? {}, v, defs, [...path, key]));
    }
  }
  return slots;
}

/** Values just outside (and just on) the bounds the schema declares: where off-by-one mistakes live. */
function edgesOf(n: JsonSchema): unknown[] {
  const edges: unknown[] = [];
  const maxLength = num(n.maxLength);
  const minLength = num(n.minLength);
  if (maxLength !== undefined) edges.push('a'.repeat(maxLength), 'a'.repeat(maxLength + 1));
  if (minLength !== undefined && minLength > 0) edges.push('a'.repeat(minLength - 1));
  for (const key of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    const v = num(n[key]);
    if (v !== undefined) edges.push(v, v - 1, v + 1, v - 0.001, v + 0.5);
  }
  const maxItems = num(n.maxItems);
  if (maxItems !== undefined) edges.push(new Array(maxItems + 1).fill(1));
  if (num(n.minItems) === 1) edges.push([]);
  return edges;
}

const wrongs = new WeakMap<JsonSchema, fc.Arbitrary<unknown>>();

/** Something wrong for this node: the right type with a wrong value, a wrong type, or an edge of its bounds. */
function wrongFor(n: JsonSchema): fc.Arbitrary<unknown> {
  return cached(wrongs, n, () => buildWrong(n));
}

function buildWrong(n: JsonSchema): fc.Arbitrary<unknown> {
  const edges = edgesOf(n);
  const typed =
    n.type === 'integer' || n.type === 'number'
      ? fc.oneof(
          { weight: 3, arbitrary: hostileNumber() },
          { weight: 2, arbitrary: fc.constantFrom(...NUMBER_LIKE_STRINGS) },
        )
      : n.type === 'string'
        ? hostileString()
        : n.type === 'boolean'
          ? fc.constantFrom<unknown>('true', 'false', 0, 1, 'yes', '', null)
          : hostileStructure();
  return fc.oneof(
    { weight: 4, arbitrary: typed },
    { weight: 2, arbitrary: hostileValue() },
    ...(edges.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...edges) }] : []),
  );
}

/** A copy of `value` with `path` set to `next` (undefined: removed). Keys such as __proto__ stay own keys. */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (path.length === 0) return next;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  const child = setAt(copy[head!], rest, next);
  if (child === undefined && !Array.isArray(copy)) delete copy[head!];
  else
    Object.defineProperty(copy, head!, {
      value: child,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

const shortText = (value: unknown) => {
  const t = value instanceof RawJson ? value.text : (JSON.stringify(value) ?? String(value));
  return t.length > 60 ? `${t.slice(0, 40)}...(${t.length} chars)` : t;
};
const where = (path: Path) => (path.length === 0 ? '(whole)' : path.join('.'));

export interface Broken {
  value: unknown;
  /** What was broken, in words: 'stake := 1e309', 'username removed', 'added "isAdmin"'. */
  change: string;
}

/**
 * A plausible value with one thing broken: one place set to something wrong, a property removed, or a property
 * nobody declared added. A request right but for one field is how real bugs are found: everything else
 * lets it through to the code that trusts the field.
 */
export function brokenOnce(node: JsonSchema, ctx: Ctx, base: fc.Arbitrary<unknown>): fc.Arbitrary<Broken> {
  return base.chain((value) => {
    const slots = slotsOf(node, value, ctx.defs);
    const objects = slots.filter(
      (s) => s.value !== null && typeof s.value === 'object' && !Array.isArray(s.value),
    );
    const properties = slots.filter((s) => typeof s.path.at(-1) === 'string');
    const replace = fc.constantFrom(...slots).chain((slot) =>
      wrongFor(slot.node).map((wrong) => ({
        value: setAt(value, slot.path, wrong),
        change: `${where(slot.path)} := ${shortText(wrong)}`,
      })),
    );
    const choices: fc.WeightedArbitrary<Broken>[] = [{ weight: 6, arbitrary: replace }];
    if (properties.length > 0) {
      choices.push({
        weight: 1,
        arbitrary: fc.constantFrom(...properties).map((slot) => ({
          value: setAt(value, slot.path, undefined),
          change: `${where(slot.path)} removed`,
        })),
      });
    }
    if (objects.length > 0) {
      choices.push({
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...objects), hostileKey(), hostileValue())
          .map(([slot, key, v]) => ({
            value: setAt(value, [...slot.path, key], v),
            change: `${where(slot.path)} added ${shortText(key)} = ${shortText(v)}`,
          })),
      });
    }
    return fc.oneof(...choices);
  });
}

/** The value with only the properties its schema requires (an object's optional ones left to their defaults). */
export function requiredOnly(w: Walkable, value: unknown): unknown {
  const n = resolve(w.root, w.defs);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Array.isArray(n.required))
    return value;
  const required = new Set(n.required as string[]);
  return Object.fromEntries(Object.entries(value).filter(([k]) => required.has(k)));
}

/**
 * The first of `tries` plausible values (each also tried with its required properties only, which rules
 * between optional fields cannot refuse) that the zod schema accepts, else the first: a valid request.
 */
export function validOrNear(
  schema: { safeParse(value: unknown): { success: boolean } },
  candidates: fc.Arbitrary<unknown>,
  trim: (value: unknown) => unknown = (v) => v,
  tries = 8,
): fc.Arbitrary<{ value: unknown; valid: boolean }> {
  return fc.array(candidates, { minLength: tries, maxLength: tries }).map((values) => {
    const whole = values.find((v) => schema.safeParse(v).success);
    if (whole !== undefined || (values.length > 0 && values.every((v) => v === undefined)))
      return { value: whole, valid: true };
    const trimmed = values.map(trim).find((v) => schema.safeParse(v).success);
    return trimmed === undefined ? { value: values[0], valid: false } : { value: trimmed, valid: true };
  });
}
