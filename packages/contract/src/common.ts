import { z } from 'zod';

/** Every error answer of the API has this shape, whatever the status. */
export const ErrorResponse = z
  .object({
    message: z.string().describe('Human-readable message, shown to the user as it is'),
    code: z.string().describe('Stable machine code, mapped to a translated text by the client'),
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

/** An amount of Ethiopian birr on the wire: a JSON number with at most 2 decimals (stored as santim). */
export const Etb = z
  .number()
  .finite()
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'At most 2 decimals')
  .describe('Amount in ETB, at most 2 decimals');

/** A rate in percent, 0-100, with at most 4 decimals (stored exactly). */
export const Percent = z
  .number()
  .min(0)
  .max(100)
  .refine((v) => Math.abs(Math.round(v * 10000) - v * 10000) < 1e-6, 'At most 4 decimals')
  .describe('Percent, 0-100, at most 4 decimals');

export const IsoDateTime = z.string().describe('ISO 8601 date-time, UTC');
export const Id = z.string().describe('Identifier (UUID)');

export const MessageResponse = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof MessageResponse>;
