// An agent's commission percentage and its minimum (decision 056): the admin sets the minimum, the agent chooses
// its percentage from there to 100. The coins a game costs and the admin's share both come out of the commission,
// so without a floor an agent at 0% would play for nothing, under either financial model. The database's CHECK
// (users_commission_minimum_check, migration 0011) holds the same rule; this answers it as a 400 on the field.
import { belowMinimumMessage } from '@cartela/contract';
import { type PercentInput, percentToRate } from '@cartela/core';
import { AppError } from '../../errors.js';
import { percent } from './present.js';

/**
 * Fails with 400 VALIDATION_FAILED on commissionPercentage when `commission` is below `minimum` (numbers, or a
 * numeric column's text), the message naming the minimum. `message` words it for whoever is refused.
 */
export function ensureCommissionAtLeastMinimum(
  commission: PercentInput,
  minimum: PercentInput,
  message: (minimum: number) => string = belowMinimumMessage,
): void {
  if (percentToRate(commission) >= percentToRate(minimum)) return;
  const shown = typeof minimum === 'string' ? percent(minimum) : minimum;
  throw new AppError('VALIDATION_FAILED', `commissionPercentage: ${message(shown)}`, {
    field: 'commissionPercentage',
  });
}
