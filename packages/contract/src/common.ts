import { isEtbAmount, isPercent, PATTERN_IDS } from '@cartela/core';
import { z } from 'zod';

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

export const Language = z.enum(['en', 'am']);
export type Language = z.infer<typeof Language>;

// Wire types are built from packages/core's own rules, so the contract can never accept what core refuses
// (0.1 + 0.2 is not a percentage with 4 decimals: core would throw on it after validation passed).

/** An amount of Ethiopian birr on the wire: a JSON number with at most 2 decimals (core's isEtbAmount). */
export const Etb = z
  .number()
  .refine(isEtbAmount, 'Must be an amount in ETB with at most 2 decimals')
  .describe('Amount in ETB, at most 2 decimals');

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

export const IsoDateTime = z.string().describe('ISO 8601 date-time, UTC');
export const Id = z.string().describe('Identifier (UUID)');

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;
