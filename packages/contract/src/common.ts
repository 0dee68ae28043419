import { isEtbAmount, isPercent, PATTERN_IDS } from '@cartela/core';
import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.js';

/** A winning pattern's id (packages/core's PATTERN_IDS). */
export const PatternId = z.enum(PATTERN_IDS);
export type PatternId = z.infer<typeof PatternId>;

/** Every error answer of the API has this shape, whatever the status. */
export const ErrorResponse = z
  .object({
    message: z.string().describe('Human-readable message, shown to the user as it is'),
    code: z.string().describe('Stable machine code, mapped to a translated text by the client'),
    field: z
      .string()
      .optional()
      .describe(
        'The request field the error is about (a body key such as "username"), so a form can show it',
      ),
    reason: z
      .string()
      .optional()
      .describe(
        "A finer code where one helps the client: the game rule that refused an action ('GAME_PAUSED'), a cause the screen words in the user's language ('WRONG_PASSWORD', 'USERNAME_TAKEN')",
      ),
    seq: z
      .number()
      .int()
      .optional()
      .describe('The event log: the sequence number of the event that was refused'),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Stable error codes. One code maps to one HTTP status (see apps/server/src/errors.ts). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_INACTIVE',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'PASSWORD_CHANGE_REQUIRED',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_COINS',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const Role = z.enum(['admin', 'agent', 'super-agent']);
export type Role = z.infer<typeof Role>;

export const FinancialModel = z.enum(['virtual-coin', 'commission-share']);
export type FinancialModel = z.infer<typeof FinancialModel>;

export const Language = z.enum(LANGUAGE_CODES);
export type Language = z.infer<typeof Language>;

// Wire types are built from packages/core's own rules, so the contract can never accept what core refuses
// (0.1 + 0.2 is not a percentage with 4 decimals: core would throw on it after validation passed).

/** An amount of Ethiopian birr on the wire: a JSON number with at most 2 decimals (core's isEtbAmount). */
export const Etb = z
  .number()
  .refine(isEtbAmount, 'Must be an amount in ETB with at most 2 decimals')
  .describe('Amount in ETB, at most 2 decimals');

/** A bound of decision 081 as the messages write it: 10000000 -> '10,000,000'. */
export const boundText = (max: number) => max.toLocaleString('en-US');

/**
 * An amount a request puts into the books, in ETB: 0 to `max` (one of core's bounds, decision 081), at most 2
 * decimals. `Etb` itself has no bound: answers carry sums of such amounts.
 */
export const etbUpTo = (max: number) =>
  z
    .number()
    // abort: 1e300 is too large, not also "an amount with more than 2 decimals".
    .min(0, { message: 'Must be 0 or more', abort: true })
    .max(max, { message: `At most ${boundText(max)} ETB`, abort: true })
    .refine(isEtbAmount, 'Must be an amount in ETB with at most 2 decimals')
    .describe(`Amount in ETB, 0 to ${boundText(max)}, at most 2 decimals`);

/** A rate in percent, 0-100, with at most 4 decimals, stored exactly (core's isPercent). */
export const Percent = z
  .number()
  // abort: 101 is out of range, not also "a percentage with more than 4 decimals".
  .min(0, { message: 'Must be between 0 and 100', abort: true })
  .max(100, { message: 'Must be between 0 and 100', abort: true })
  .refine(isPercent, 'Must be a percentage with at most 4 decimals')
  .describe('Percent, 0-100, at most 4 decimals');

// PostgreSQL text cannot hold a NUL character: a request string with one would fail deep in a query.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NUL character is exactly what is refused
const NO_NUL = /^[^\u0000]*$/;

/**
 * Text in a request. EVERY string a request accepts is built from this (a contract test walks every route to
 * make sure), so that a NUL character is a 400 naming the field, never a database error.
 */
export const text = () => z.string().regex(NO_NUL, 'Must not contain a NUL character');

// Names (usernames, a voice pack's name): a name must look like who it is. 'agent1' followed by a zero-width
// space, or with a right-to-left override inside, shows exactly as another account's name in every list
// (decision 058). So a name is compared in ONE form, NFKC (fullwidth 'ａｇｅｎｔ１' is 'agent1') and trimmed, and
// characters that do not show as themselves are refused.

/**
 * What shows as nothing, or changes how the rest shows: controls (Cc), format characters (Cf: zero-width
 * spaces and joiners, bidi marks and overrides, the BOM, the soft hyphen), surrogates, private use and
 * unassigned code points, line and paragraph separators, every Default_Ignorable_Code_Point (Hangul fillers,
 * variation selectors) and the blank Braille pattern.
 */
const HIDDEN_IN_NAME = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
/** A space other than the ordinary one (NFKC already made most of them U+0020). */
const ODD_SPACE = /(?! )\p{Zs}/u;
/** Letters of these scripts look alike ('а' is Cyrillic, 'a' Latin): one name uses at most one of them. */
const LOOKALIKE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Greek}/u, /\p{Script=Cyrillic}/u];

/** The one form of a name: NFKC, without the spaces around it. Stored, compared and signed in with. */
export const normaliseName = (value: string): string => value.normalize('NFKC').trim();

/** Why a (normalised) name is refused, in the contract's English; null when it is a fine name. */
export function nameProblem(value: string): string | null {
  if (HIDDEN_IN_NAME.test(value) || ODD_SPACE.test(value)) {
    return 'Must not contain invisible, control or text-direction characters';
  }
  // A browser shows two spaces as one: 'agent  1' would look like 'agent 1'.
  if (value.includes('  ')) return 'Use one space between words';
  if (LOOKALIKE_SCRIPTS.filter((script) => script.test(value)).length > 1) {
    return 'Must not mix Latin, Greek and Cyrillic letters';
  }
  return null;
}

/**
 * A name in a request (a username, a voice pack's name): text() normalised by normaliseName, 1 to `max`
 * characters, refused with nameProblem's message. Ge'ez ('ወኪል1') and every other script stay accepted.
 */
export const nameText = (required: string, max = 64) =>
  text()
    .overwrite(normaliseName)
    .min(1, required)
    .max(max, `At most ${max} characters`)
    .superRefine((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

export const IsoDateTime = z.string().describe('ISO 8601 date-time, UTC');
export const Id = z.string().describe('Identifier (UUID)');
/** The path of a route about one row, /:id. */
export const IdParams = z.strictObject({ id: z.uuid('Not a valid id') });

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;
