// Rules every route of the contract must follow, checked over all of them (so a route added later cannot
// forget one): text in requests refuses NUL, numbers in requests are bounded, paths are unique, access is declared.
import { MAX_BALANCE_COINS, MAX_STAKE_ETB, MAX_TOP_UP_COINS, MAX_TOP_UP_ETB } from '@cartela/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from './index.js';
import type { RouteDef } from './route.js';

const isRoute = (value: unknown): value is RouteDef =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'response' in value &&
  'access' in value;

/** Every route definition the contract exports (inside its route groups such as authRoutes), each once. */
const ROUTES: RouteDef[] = [
  ...new Set(
    Object.values(contract).flatMap((group) =>
      typeof group === 'object' && group !== null ? Object.values(group).filter(isRoute) : [],
    ),
  ),
];

type JsonSchema = { [key: string]: unknown };

/** The JSON-schema nodes of type string that accept free text (not an enum or a constant). */
function freeTextNodes(node: unknown, path = '$', found: { path: string; node: JsonSchema }[] = []) {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) freeTextNodes(n, `${path}[${i}]`, found);
  } else if (node && typeof node === 'object') {
    const n = node as JsonSchema;
    if (n.type === 'string' && n.enum === undefined && n.const === undefined) found.push({ path, node: n });
    for (const [key, value] of Object.entries(n)) freeTextNodes(value, `${path}.${key}`, found);
  }
  return found;
}

/** The JSON-schema nodes of type number or integer. */
function numberNodes(node: unknown, path = '$', found: { path: string; node: JsonSchema }[] = []) {
  if (Array.isArray(node)) {
    for (const [i, n] of node.entries()) numberNodes(n, `${path}[${i}]`, found);
  } else if (node && typeof node === 'object') {
    const n = node as JsonSchema;
    if (n.type === 'number' || n.type === 'integer') found.push({ path, node: n });
    for (const [key, value] of Object.entries(n)) numberNodes(value, `${path}.${key}`, found);
  }
  return found;
}

/** The kinds of zod schema inside `schema` (its def's `type`, e.g. 'object', 'pipe'), walked through its def. */
function schemaKinds(schema: unknown, seen = new Set<unknown>(), kinds = new Set<string>()): Set<string> {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return kinds;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return kinds;
  kinds.add(def.type as string);
  for (const value of Object.values(def)) {
    const children = Array.isArray(value)
      ? value
      : value && typeof value === 'object' && !('_zod' in value)
        ? Object.values(value) // an object's shape
        : [value];
    for (const child of children) schemaKinds(child, seen, kinds);
  }
  return kinds;
}

describe('the contract', () => {
  it('has routes to check', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(7);
  });

  it('builds every string a request accepts from text(), which refuses the NUL character', () => {
    const nul = contract.text().safeParse('a\u0000b');
    expect(nul.success).toBe(false);
    const pattern = (contract.text().toJSONSchema() as JsonSchema).pattern;
    for (const route of ROUTES) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = route[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        for (const { path, node } of freeTextNodes(json)) {
          const where = `${route.method} ${route.path} ${part} ${path}`;
          // text() itself, or a stricter pattern (an id's) that refuses NUL anyway.
          if (node.pattern === pattern) continue;
          expect(typeof node.pattern, where).toBe('string');
          const re = new RegExp(node.pattern as string);
          for (const sample of ['\u0000', 'a\u0000b', '00000000-0000-4000-8000-00000000000\u0000']) {
            expect(re.test(sample), where).toBe(false);
          }
        }
      }
    }
  });

  it('bounds every number a request carries, none above the largest bound of money (decision 081)', () => {
    // A number without a bound is how two legal top-ups of 90 trillion birr once made sums past 2^53 santim.
    const largest = Math.max(MAX_BALANCE_COINS, MAX_TOP_UP_COINS, MAX_TOP_UP_ETB, MAX_STAKE_ETB);
    let checked = 0;
    for (const route of ROUTES) {
      for (const part of ['body', 'query', 'params'] as const) {
        const schema = route[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        for (const { path, node } of numberNodes(json)) {
          // A card's numbers are not amounts: core's card check holds them to 0-75 (product/cartelas.md).
          if (path.includes('.bingoCard.')) continue;
          const where = `${route.method} ${route.path} ${part} ${path}`;
          const max = (node.maximum ?? node.exclusiveMaximum) as number | undefined;
          expect(max !== undefined && max <= largest, `${where}: at most ${max}`).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    // The money a request carries is bounded by core's figures, whose sums decision 081 works out.
    const maximumOf = (route: RouteDef, field: string) =>
      numberNodes(z.toJSONSchema(route.body!, { io: 'input', unrepresentable: 'any' })).find(({ path }) =>
        new RegExp(`\\.properties\\.${field}(\\.anyOf\\[\\d\\])?$`).test(path),
      )?.node.maximum;
    expect(maximumOf(contract.agentRoutes.addCoins, 'etbAmount')).toBe(MAX_TOP_UP_ETB);
    expect(maximumOf(contract.agentRoutes.addCoins, 'coins')).toBe(MAX_TOP_UP_COINS);
    expect(maximumOf(contract.agentRoutes.updateAgent, 'virtualCoins')).toBe(MAX_BALANCE_COINS);
    expect(maximumOf(contract.gameRoutes.createGame, 'stake')).toBe(MAX_STAKE_ETB);
    expect(maximumOf(contract.gameRoutes.createGame, 'customMoneyLevel')).toBe(MAX_STAKE_ETB);
  });

  it('answers with plain data: no response schema transforms, so checking it with parse is encoding it', () => {
    // The server checks answers with parse (zod's compiled fast path, twice as fast as encode on a list of
    // 1,000 agents); that is the same as encode only while no answer schema has a transform, pipe or codec.
    for (const route of ROUTES) {
      const kinds = schemaKinds(route.response);
      expect(kinds.has('object') || kinds.has('array'), `${route.method} ${route.path}`).toBe(true);
      for (const kind of ['transform', 'pipe']) {
        expect(kinds.has(kind), `${route.method} ${route.path} answers through a ${kind}`).toBe(false);
      }
    }
    expect(schemaKinds(z.object({ n: z.string().transform(Number) })).has('transform')).toBe(true);
    expect(schemaKinds(z.array(z.string().pipe(z.string()))).has('pipe')).toBe(true);
  });

  it('gives every route a unique method and path and declares who may call it', () => {
    const seen = new Set<string>();
    for (const route of ROUTES) {
      const key = `${route.method} ${route.path}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(
        ['public', 'authenticated'].includes(route.access as string) || Array.isArray(route.access),
      ).toBe(true);
    }
  });

  it('accepts amounts and percentages exactly as packages/core does', () => {
    expect(contract.Percent.safeParse(0.1 + 0.2).success).toBe(false);
    expect(contract.Percent.safeParse(16.6667).success).toBe(true);
    expect(contract.Percent.safeParse(100.0001).success).toBe(false);
    expect(contract.Etb.safeParse(1.005).success).toBe(false);
    expect(contract.Etb.safeParse(12.5).success).toBe(true);
  });
});
