// A game as anyone may check it, without signing in (the public /verify page; decision 074): by its public id
// only, nothing of the hall or the network, the seed only once the game is over (core's redactSeed rule, as every
// other answer keeps it). Answers are cached by browsers and proxies (a few seconds while the game runs, for ever
// once it is over: nothing changes then) and limited per client address.
import type { PublicGameResponse } from '@cartela/contract';
import type { LimitRule } from '../../config.js';
import { AppError } from '../../errors.js';
import type { GamesContext, Out } from './context.js';
import { isPublicGameId } from './ids.js';
import { gameNotFound } from './policy.js';
import { isOver, toGame } from './present.js';
import { eventTimes, findGame } from './queries.js';

/** Cache-Control of a running game (its next call is seconds away) and of one that is over (it never changes). */
export const PUBLIC_CACHE = {
  running: 'public, max-age=5',
  over: 'public, max-age=31536000, immutable',
} as const;

export interface PublicAnswer {
  body: Out<typeof PublicGameResponse>;
  /** The game's version: its last action's number (every action, the end included, takes the next). */
  etag: string;
  cacheControl: string;
}

/** GET /api/public/games/{gameId}: the game by its public id; any other text, or an unknown id, is a 404. */
export async function publicGame(ctx: GamesContext, gameId: string): Promise<PublicAnswer> {
  if (!isPublicGameId(gameId)) throw gameNotFound();
  const view = await findGame(ctx.db, gameId, null);
  if (!view) throw gameNotFound();
  const game = toGame(view);
  const over = isOver(view.status);
  const { calls } = await eventTimes(ctx.db, view.id);
  const firstCall = calls[0];
  const reordered = view.state.legacyShuffles?.length ?? 0;
  return {
    body: {
      game: {
        gameId: game.gameId,
        status: game.status,
        patternId: game.selectedWinningPattern,
        cartelaCount: game.numberOfPlayers,
        stake: game.stake,
        prize: game.prize,
        commitment: game.drawCommitment,
        createdAt: game.createdAt,
        startedAt: firstCall ? ((firstCall.at ?? firstCall.receivedAt)?.toISOString() ?? null) : null,
        finishedAt: game.finishedAt,
        calledNumbers: game.calledNumbers,
        // toGame already keeps the seed back until the end; said again here, where anyone reads.
        seed: over ? game.drawSeed : null,
        winners: over
          ? game.winners.map(({ cartelaNumber, patternId, lastBall, callCount, prizeShare }) => ({
              cartelaNumber,
              patternId,
              lastBall,
              callCount,
              prizeShare,
            }))
          : [],
        claims: over
          ? view.state.validations.map((v) => ({
              cartelaNumber: v.cartelaNumber,
              decision: v.decision,
              reason: v.reason,
              callCount: v.callCount,
              lastBall: v.lastBall,
              completedOn: v.completedOn ?? null,
            }))
          : [],
        // The shuffles recorded before 2026-11-26 came first, and only they reordered the balls.
        reorderedAfter: over ? view.state.shuffles.slice(0, reordered) : [],
        // A cancelled game moved no money: the players got their stakes back (product/money.md#cancelled-games).
        stakesRefunded: view.status === 'cancelled' ? true : null,
      },
    },
    etag: `"p1-${view.lastSeq}"`,
    cacheControl: over ? PUBLIC_CACHE.over : PUBLIC_CACHE.running,
  };
}

/** Fixed windows per client address, in this instance's memory (decision 074: a read of public data). */
export class AddressLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly rule: LimitRule,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = 100_000,
  ) {}

  /** Counts one request of `address`; over the rule's max, 429 RATE_LIMITED with Retry-After. */
  take(address: string): void {
    const now = this.now();
    let window = this.windows.get(address);
    if (!window || window.endsAt <= now) {
      if (this.windows.size >= this.maxAddresses) this.sweep(now);
      window = { count: 0, endsAt: now + this.rule.windowMs };
      this.windows.set(address, window);
    }
    if (window.count >= this.rule.max) {
      const seconds = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
      throw new AppError('RATE_LIMITED', 'Too many requests. Please wait a minute and try again.', {
        headers: { 'retry-after': String(seconds) },
      });
    }
    window.count += 1;
  }

  /** Forgets the windows that ended (and, if none had, every window: a flood of addresses forgets itself). */
  private sweep(now: number): void {
    for (const [address, window] of this.windows) if (window.endsAt <= now) this.windows.delete(address);
    if (this.windows.size >= this.maxAddresses) this.windows.clear();
  }
}
