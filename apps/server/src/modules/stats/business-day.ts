// The business time zone in the database (decision 053 section 2): business_date(ts) reads it, so every
// business_date column and the rollup follow it. Written at start from BUSINESS_TIMEZONE; when it changes, the
// business days and the rollup are recomputed (cartela_rebuild_stats, migration 0007) in the same transaction.
import { businessDateOf, type IsoDate } from '@cartela/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { businessSettings } from './schema.js';

/** Makes `timeZone` the business time zone; 'changed' when it was another one (the rollup was rebuilt). */
export async function applyBusinessTimeZone(
  database: Database,
  timeZone: string,
): Promise<'unchanged' | 'changed'> {
  const [row] = await database.db.select().from(businessSettings).where(eq(businessSettings.id, true));
  if (row?.timeZone === timeZone) return 'unchanged';
  await database.db.transaction(async (tx) => {
    await tx
      .insert(businessSettings)
      .values({ id: true, timeZone })
      .onConflictDoUpdate({ target: businessSettings.id, set: { timeZone } });
    await tx.execute(sql`SELECT cartela_rebuild_stats()`);
  });
  return 'changed';
}

/** Today's business day at `now` in the business time zone. */
export const businessToday = (now: Date, timeZone: string): IsoDate => businessDateOf(now, timeZone);
