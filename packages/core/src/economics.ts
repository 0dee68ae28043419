// One game's economics, daily commission payments and super agent shares (product/money.md#game-economics).
// Each derived amount is rounded once, to the nearest santim with halves away from zero; the remainder of a
// split is found by subtraction, so the parts always add up to the whole.
import { CoreError } from './errors.js';
import {
  applyRate,
  type PercentInput,
  percentToRate,
  type Rate,
  SANTIM_PER_ETB,
  type Santim,
  santim,
  ZERO,
} from './money.js';

export const DEFAULT_COMMISSION_PERCENT = 10;
export const DEFAULT_SYSTEM_COMMISSION_SHARE_PERCENT = 20;
export const DEFAULT_SUPER_AGENT_RATE_PERCENT = 20;
export const DEFAULT_PLATFORM_RATE_PERCENT = 50;
/** The wizard's preset stakes, in ETB. */
export const MONEY_LEVELS_ETB: readonly number[] = [10, 20, 30, 40, 50, 80, 100, 150, 200];

export interface GameEconomicsInput {
  /** Stake per cartela. */
  stake: Santim;
  /** Number of cartelas in the game (one player per cartela). */
  players: number;
  /** The agent's commission percentage at creation time (default 10). */
  commissionPercent?: PercentInput;
}

export interface GameEconomics {
  /** stake x players. */
  totalAmount: Santim;
  /** totalAmount x commissionPercent / 100, rounded once: the house cut, shown as "Commission". */
  agentFee: Santim;
  /** totalAmount - agentFee: what the winner is paid. */
  prize: Santim;
  /** Virtual coins a virtual-coin agent pays to create the game: ceil(agentFee in ETB). */
  coinCost: number;
  /** The commission as an exact rate. */
  commissionRate: Rate;
}

/** Coins for an agent fee: 1 coin per started ETB (ceil). */
export function coinCostOf(agentFee: Santim): number {
  if (agentFee < 0) throw new CoreError('INVALID_AMOUNT', 'An agent fee is not negative');
  return Math.ceil(agentFee / SANTIM_PER_ETB); // exact: an integer divided by 100, then ceil
}

export function gameEconomics(input: GameEconomicsInput): GameEconomics {
  const { stake, players } = input;
  if (!Number.isSafeInteger(stake) || stake < 0)
    throw new CoreError('INVALID_AMOUNT', 'The stake is santim >= 0');
  if (!Number.isSafeInteger(players) || players < 0) {
    throw new CoreError('INVALID_PLAYERS', 'The number of players is a whole number >= 0');
  }
  const commissionRate = percentToRate(input.commissionPercent ?? DEFAULT_COMMISSION_PERCENT);
  const totalAmount = santim(stake * players);
  const agentFee = applyRate(totalAmount, commissionRate);
  return {
    totalAmount,
    agentFee,
    prize: santim(totalAmount - agentFee),
    coinCost: coinCostOf(agentFee),
    commissionRate,
  };
}

/** A game's money as lists, reports and exports show it. */
export interface MoneyMoved {
  totalAmount: Santim;
  agentFee: Santim;
  prize: Santim;
  /** Coins the game cost the agent, net of a refund. */
  coinCost: number;
  /** Coins given back: a game cancelled before its first call (product/money.md#cancelled-games). */
  refundedCoins: number;
}

/**
 * What a game moved, given its status (decision 064). A cancelled game took no fee and paid no prize, and the
 * players got their stakes back: its total, fee and prize are 0 everywhere it is listed, reported, exported or
 * added up. Its coins: given back when it was cancelled before the first call (refundedCoins, net cost 0); a
 * game cancelled after a call keeps its coin cost (the coins were spent on a round that was played). A game
 * that runs or finished shows its economics unchanged.
 */
export function moneyMoved(
  game: { status: string; totalCalls: number },
  economics: { totalAmount: Santim; agentFee: Santim; prize: Santim; coinCost: number },
): MoneyMoved {
  if (game.status !== 'cancelled') return { ...economics, refundedCoins: 0 };
  const refundedCoins = game.totalCalls === 0 ? economics.coinCost : 0;
  return {
    totalAmount: ZERO,
    agentFee: ZERO,
    prize: ZERO,
    coinCost: economics.coinCost - refundedCoins,
    refundedCoins,
  };
}

/**
 * A prize shared by the winners confirmed on the same ball (decision 062): equal parts in santim; the santim the
 * division leaves over (fewer than the winners) go one each to the first winners in the order they were
 * confirmed. The shares add up to the prize exactly and differ by at most one santim; one winner takes it all,
 * no winner gets an empty list.
 */
export function prizeShares(prize: Santim, winners: number): Santim[] {
  if (!Number.isSafeInteger(prize) || prize < 0)
    throw new CoreError('INVALID_AMOUNT', 'The prize is santim >= 0');
  if (!Number.isSafeInteger(winners) || winners < 0) {
    throw new CoreError('INVALID_PLAYERS', 'The number of winners is a whole number >= 0');
  }
  const extra = prize % winners; // NaN for 0 winners, never used
  const base = winners === 0 ? 0 : (prize - extra) / winners; // exact: an integer quotient of safe integers
  return Array.from({ length: winners }, (_, i) => santim(base + (i < extra ? 1 : 0)));
}

export interface CommissionPayment {
  /** The sum of the day's agent fees. */
  totalEarnings: Santim;
  /** totalEarnings x adminCommissionRate, rounded once. */
  adminCommissionAmount: Santim;
  /** The rest, kept by the agent. */
  agentNetAmount: Santim;
}

/** A commission-share agent's daily payment: the admin's share of the day's agent fees and the agent's rest. */
export function commissionPayment(
  totalEarnings: Santim,
  adminCommissionRate: PercentInput,
): CommissionPayment {
  const adminCommissionAmount = applyRate(santim(totalEarnings), percentToRate(adminCommissionRate));
  return {
    totalEarnings,
    adminCommissionAmount,
    agentNetAmount: santim(totalEarnings - adminCommissionAmount),
  };
}

export interface SuperAgentShares {
  /** base x superAgentCommissionRate, rounded once. */
  superAgentShare: Santim;
  /** superAgentShare x platformCommissionRate, rounded once. */
  platformShare: Santim;
  /** superAgentShare - platformShare. */
  superAgentNetEarnings: Santim;
}

/**
 * A super agent's earning on a base (coins bought by one of its agents, or a day's agent fees): its share,
 * the platform's cut of that share, and what the super agent keeps.
 */
export function superAgentShares(
  base: Santim,
  superAgentRate: PercentInput,
  platformRate: PercentInput = DEFAULT_PLATFORM_RATE_PERCENT,
): SuperAgentShares {
  const superAgentShare = applyRate(santim(base), percentToRate(superAgentRate));
  const platformShare = applyRate(superAgentShare, percentToRate(platformRate));
  return { superAgentShare, platformShare, superAgentNetEarnings: santim(superAgentShare - platformShare) };
}
