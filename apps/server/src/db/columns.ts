// Column conventions shared by every module's tables (docs/decisions/020-ids-and-money-columns.md):
// - ids are UUIDs made by the database (gen_random_uuid());
// - money is an integer number of santim in a bigint column (mode 'number': safe up to 2^53 santim; a sum read
//   back past it is the server's failure, not the client's: storedSantim);
// - rates are exact decimals: numeric(7,4) percent, read as strings and converted at the JSON edge;
// - timestamps are timestamptz.
import { type Santim, santim } from '@cartela/core';
import { sql } from 'drizzle-orm';
import { bigint, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A 5x5 bingo card, rows of columns B I N G O; the free centre is 0. */
export type CardGrid = number[][];

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
export const percent = (name: string) => numeric(name, { precision: 7, scale: 4 });
/** An amount: santim, or whole coins; a bigint read as a number (exact up to 2^53). */
export const amount = (name: string) => bigint(name, { mode: 'number' });

/**
 * Stored money, or a sum of it, past 2^53 santim: no longer an exact number. Requests cannot make one, every
 * amount is bounded where it enters (docs/decisions/081-money-has-an-upper-bound.md), so it is the data's fault
 * (rows from before the bounds) or the code's, never the client's: answered 500 and logged with the sum it is,
 * where core's own check (CoreError) would be a 400 that no client can do anything about.
 */
export class MoneyOverflowError extends Error {
  constructor(
    /** Which sum: the figure of the answer, or the column, it was read for. */
    readonly sum: string,
    value: unknown,
  ) {
    super(`The sum ${sum} is beyond exact numbers (2^53 santim, decision 081): ${String(value)}`);
    this.name = 'MoneyOverflowError';
  }
}

/**
 * An amount or a sum the database holds, as santim: a bigint read as a number, or a sum as the database prints it
 * ('123'; sum(bigint) is numeric); null is 0. Exact, or MoneyOverflowError naming `sum`, never a rounded float.
 */
export function storedSantim(value: string | number | null | undefined, sum: string): Santim {
  const n = value === null || value === undefined ? 0 : Number(value);
  if (!Number.isSafeInteger(n)) throw new MoneyOverflowError(sum, value);
  return santim(n);
}
/** `'a', 'b'` for a CHECK ... IN (...) of constant values. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
export const percentRange = (column: string) =>
  sql.raw(`${column} IS NULL OR (${column} >= 0 AND ${column} <= 100)`);
