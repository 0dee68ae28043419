// Hostile values for the hostile input proof (hostile.test.ts): what a careless client, an old client, a fuzzer
// or an attacker puts where a field is expected. Each family is what has broken real servers before: numbers
// JavaScript reads differently from PostgreSQL, text PostgreSQL cannot store, text that changes how other text
// shows, injection snippets, sizes nobody planned for, and JSON that only looks like JSON.
import fc from 'fast-check';

/**
 * A piece of JSON text written into a body as it is: what JSON.stringify can never produce, such as the number
 * 1e309 (JSON.parse reads it as Infinity), -0, a 400-digit number, or nesting 5,000 levels deep.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of a value that may hold RawJson pieces (undefined properties are left out, as JSON.stringify does). */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : jsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Strings that look like numbers to one reader and not to another (Number(' 5 ') is 5; '0x10' is 16). */
export const NUMBER_LIKE_STRINGS = [
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b101',
  '0o17',
  ' 5 ',
  '5 ',
  '+5',
  '-0',
  '1_000',
  '1e2',
  '.5',
  '5.',
  '00010',
  '1,5',
  '10.001',
  '9007199254740993',
  '٥', // an Arabic-Indic digit
  '５', // a fullwidth digit
  '',
] as const;

/** SQL, script, template, path and spreadsheet snippets: text that means something to some other reader. */
export const INJECTION_STRINGS = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  '$$; DROP TABLE games; $$',
  "\\'",
  '%',
  '_',
  '\\x00',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${7*7}',
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '=cmd|" /c calc"!A1',
  '@SUM(1+1)',
  '\r\nSet-Cookie: a=b',
  '%s%s%n',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
] as const;

/**
 * Unicode that PostgreSQL cannot store (NUL, lone surrogates), that changes how text shows (RTL override, bidi
 * marks, zero-width characters, BOM), that is wider than it looks (emoji families, combining marks), and the
 * text a hall actually types (Ethiopic, Amharic names).
 */
export const UNICODE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  'abc\u200F',
  '\u200B',
  '\uFEFF',
  '😀',
  '👨‍👩‍👧',
  'ኢትዮጵያ',
  'ወኪል1',
  '\uD800',
  'a\uDC00b',
  '\uFFFF',
  'ａｇｅｎｔ１',
  'e\u0301',
  'İ',
  '\t\n\r',
  ' ',
  '\u00A0',
  'ﷺ',
] as const;

/** How long a huge string is: under, around and over the body limit (128 KB by default) once in JSON. */
const HUGE_LENGTHS = [1_000, 10_000, 70_000, 140_000] as const;

/** Builds an arbitrary once: they are immutable, and building some (regexes, unions) costs more than drawing. */
const once = <T>(build: () => fc.Arbitrary<T>): (() => fc.Arbitrary<T>) => {
  let built: fc.Arbitrary<T> | undefined;
  return () => {
    built ??= build();
    return built;
  };
};

/**
 * One code point of the whole range, lone surrogate halves included. (fast-check's own 'binary' unit skips the
 * halves, and building it maps the range in both directions: seconds, for nothing here.)
 */
const anyCodePoint = fc.nat({ max: 0x10ffff }).map((cp) => String.fromCodePoint(cp));

/** A long string of one character (ASCII, a 3-byte Ethiopic letter or a 4-byte emoji). */
export const hugeString = once(() =>
  fc
    .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('a', 'ኢ', '😀', '\u0000'))
    .map(([length, char]) => char.repeat(length)),
);

/** Any hostile string. */
export const hostileString = once(() =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NUMBER_LIKE_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...INJECTION_STRINGS) },
    { weight: 3, arbitrary: fc.constantFrom(...UNICODE_STRINGS) },
    // Random text over every code point, surrogate halves included.
    { weight: 2, arbitrary: fc.string({ unit: anyCodePoint, maxLength: 40 }) },
    { weight: 1, arbitrary: hugeString() },
  ),
);

/**
 * Numbers a money or count field must refuse or survive: negative and fractional money, more decimals than
 * santim, past 2^31, 2^53 and float64, and the JSON texts JSON.stringify cannot write (1e309 is Infinity).
 */
export const HOSTILE_NUMBERS: readonly (number | RawJson)[] = [
  -1,
  0,
  -0.01,
  0.001,
  1.005,
  10.555,
  0.1 + 0.2,
  -100,
  1e-7,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('1e309'),
  new RawJson('-1e309'),
  new RawJson('1E400'),
  new RawJson('-0'),
  new RawJson('1.0'),
  new RawJson('1'.repeat(400)),
  new RawJson(`0.${'0'.repeat(30)}1`),
];

export const hostileNumber = once<number | RawJson>(() =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }) },
  ),
);

/** Shapes where a scalar is expected: containers, huge ones, deep ones, and prototype pollution. */
export const hostileStructure = once<unknown>(() =>
  fc.oneof(
    fc.constantFrom<unknown>(null, true, false, [], {}, [null], [1, 2, 3], { a: 1 }, ['a']),
    // 10,000 elements: within the body limit, far beyond any list the API takes.
    fc.constantFrom(10_000, 50_000).map((n) => new Array(n).fill(1)),
    // Nested far deeper than any schema (a recursive parser or validator could overflow its stack).
    fc.constantFrom(100, 5_000).map((depth) => new RawJson(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
    fc.constantFrom(100, 5_000).map((depth) => new RawJson(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`)),
    // An object with thousands of keys (each a field nobody declared).
    fc
      .constantFrom(1_000, 5_000)
      .map((n) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]))),
    fc.constantFrom(
      new RawJson('{"__proto__":{"isAdmin":true,"role":"admin"}}'),
      new RawJson('{"constructor":{"prototype":{"isAdmin":true}}}'),
    ),
  ),
);

/** Anything hostile, of any type. */
export const hostileValue = once<unknown>(() =>
  fc.oneof(
    { weight: 3, arbitrary: hostileString() },
    { weight: 3, arbitrary: hostileNumber() },
    { weight: 2, arbitrary: hostileStructure() },
  ),
);

/** Names for a field nobody declared (mass assignment, prototype keys, huge or odd keys). */
export const hostileKey = once(() =>
  fc.oneof(
    fc.constantFrom(
      'isAdmin',
      'role',
      'id',
      '_id',
      'agentId',
      'virtualCoins',
      'passwordHash',
      'tokenVersion',
      '__proto__',
      'constructor',
      'prototype',
      '',
      ' ',
      '\u0000',
      '$where',
      'a.b',
      'a[b]',
    ),
    fc.string({ unit: anyCodePoint, minLength: 1, maxLength: 20 }),
    fc.constantFrom(200, 20_000).map((n) => 'k'.repeat(n)),
  ),
);
