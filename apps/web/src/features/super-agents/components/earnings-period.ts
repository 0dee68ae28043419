import { AdminSuperAgentEarningsQuery, type EarningStatus } from '@cartela/contract';
import type { z } from 'zod';

/** The admin's periods: the super agent's own three (rolling, ending today) and 'all', from its first earning. */
export const EarningsPeriod = AdminSuperAgentEarningsQuery.shape.period.unwrap();
export type EarningsPeriod = z.infer<typeof EarningsPeriod>;

export interface EarningsFilters {
  period: EarningsPeriod;
  /** No status: every earning of the period. */
  status?: EarningStatus;
}
