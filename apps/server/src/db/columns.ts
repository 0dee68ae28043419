// Column conventions shared by every module's tables (docs/decisions/020-ids-and-money-columns.md):
// - ids are UUIDs made by the database (gen_random_uuid());
// - money is an integer number of santim in a bigint column (mode 'number': safe up to 2^53 santim);
// - rates are exact decimals: numeric(7,4) percent, read as strings and converted at the JSON edge;
// - timestamps are timestamptz.
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
/** `'a', 'b'` for a CHECK ... IN (...) of constant values. */
export const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
export const percentRange = (column: string) =>
  sql.raw(`${column} IS NULL OR (${column} >= 0 AND ${column} <= 100)`);
