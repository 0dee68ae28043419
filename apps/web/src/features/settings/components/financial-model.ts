/**
 * The share the spec words as a fraction: 'You share 1/6th of your commission with admin' when the agent's
 * systemCommissionShare is 16.67 (or the exact 16.6667, as stored with 4 decimals); any other share is shown
 * as its percentage (spec 00, 'The two financial models').
 */
export function isOneSixth(share: number): boolean {
  return Math.abs(share - 100 / 6) < 0.005;
}
