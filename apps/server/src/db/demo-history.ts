// The demo hall's last 30 business days (docs/decisions/076-a-demo-with-a-month-behind-it.md): made at the first
// start, right after the demo accounts, through the same use cases the routes call, each with a clock set back
// to the moment it happened. Nothing here writes a row itself: games are created, called, claimed, finished or
// cancelled by the games module, coins are sold by the agents module (super1 earns on them as on any top-up),
// the daily commission payments are generated and marked paid by the commission module, and super1's earnings
// are marked paid by its dashboard's service. The plan (which games, when, at what stake) is fixed and
// deterministic (planDemoHistory); the draw of every game is the real one, and the claims are chosen from the
// balls it called, so every winner is a real winner and every game verifies.
import {
  addDays,
  businessDateOf,
  createWinChecker,
  etbToSantim,
  gameEconomics,
  type IsoDate,
  type PatternId,
  weekdayOf,
} from '@cartela/core';
import { createAgentsService } from '../modules/agents/index.js';
import { createCommissionService } from '../modules/commission/index.js';
import { createGamesService } from '../modules/games/index.js';
import { createSuperAgentDashboardService } from '../modules/super-agents/index.js';
import { findUserByUsername, UserCache } from '../modules/users/index.js';
import type { Database } from './client.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import type { UserRow } from './schema.js';
import type { DemoHistoryOptions } from './seed.js';

/** Business days of history, ending today. */
export const DEMO_HISTORY_DAYS = 30;
/** agent1's coins once its month is over: the demo account's balance, as the README gives it (the last top-up
 * lands on it). */
export const DEMO_FINAL_COINS = DEMO_ACCOUNTS.find((a) => a.username === 'agent1')?.coins ?? 0;
/** The admin's coin price in the demo: 1 ETB a coin. */
const COIN_PRICE_ETB = 1;
/** Commission payments of the last days stay pending (the agent settles a few days late). */
const PENDING_PAYMENT_DAYS = 3;
/** super1's earnings older than this are paid (the admin pays its super agents weekly). */
const PAID_EARNINGS_AFTER_DAYS = 7;
/** The demo accounts' percentage (product/money.md#defaults): the plan's coin costs are computed with it. */
const COMMISSION_PERCENT = 10;

type DemoAgentName = 'agent1' | 'agent2';

export interface PlannedGame {
  agent: DemoAgentName;
  day: IsoDate;
  /** When the agent creates it. */
  at: Date;
  stake: number;
  pattern: PatternId;
  cartelas: number[];
  /** Cancelled before its first call (the coins come back), or played to a winner. */
  outcome: 'played' | 'cancelled';
  /** A player shouts bingo too early once in this game (the cartela is blocked). */
  falseClaim: boolean;
  /** The agent shuffles the balls once (the hall's moment; the order stays the committed one). */
  shuffle: boolean;
  /** Coins it costs agent1 when it is created (0 for agent2). */
  coinCost: number;
}

export interface PlannedTopUp {
  at: Date;
  coins: number;
  etbAmount: number;
}

export interface DemoHistoryPlan {
  days: IsoDate[];
  games: PlannedGame[];
  topUps: PlannedTopUp[];
  /** agent2's days whose commission payment is generated (every day before today with games). */
  paymentDays: IsoDate[];
}

// ---------------------------------------------------------------------------------------------------------
// The plan: pure and deterministic for a given `now` and time zone.
// ---------------------------------------------------------------------------------------------------------

/** A small seeded generator (mulberry32): the plan's choices, never the draw's. */
function choices(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, int, pick };
}

/** The instant of a local time on a business day in the time zone (the zone's offset on that day). */
export function instantOn(day: IsoDate, minutes: number, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(format.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - t;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t); // again, for a day whose offset changes
  return new Date(t);
}

/** What a stake draws: fewer players as the stake grows (product/money.md#defaults: the wizard's levels). */
const STAKES: readonly { stake: number; players: [number, number] }[] = [
  { stake: 10, players: [30, 60] },
  { stake: 20, players: [25, 50] },
  { stake: 30, players: [20, 40] },
  { stake: 50, players: [15, 35] },
  { stake: 100, players: [10, 25] },
  { stake: 150, players: [8, 18] },
  { stake: 200, players: [6, 14] },
];
/** The evening's usual stakes (index into STAKES); its last game is the big one. */
const USUAL_STAKES = [0, 0, 1, 1, 1, 2, 3, 3];
const BIG_STAKES = [4, 5, 6];
/** One line most evenings; the others for variety. */
const PATTERNS: readonly PatternId[] = [
  'any-one-line',
  'any-one-line',
  'any-one-line',
  'any-two-lines',
  'four-corners',
  'x-pattern',
  'full-house',
  't-pattern',
  'l-pattern',
  'plus',
  'diamond',
  'u-pattern',
  'any-vertical',
  'any-horizontal',
];
const AGENTS: readonly { name: DemoAgentName; cartelas: [number, number]; coins: boolean }[] = [
  { name: 'agent1', cartelas: [1, 100], coins: true },
  { name: 'agent2', cartelas: [101, 200], coins: false },
];
/** Minutes between two games' creations in the hall: selling cartelas, the calls, paying the winner. */
const GAME_GAP_MINUTES = [14, 22] as const;

function gamesOfDay(
  rng: ReturnType<typeof choices>,
  agent: (typeof AGENTS)[number],
  day: IsoDate,
  weekend: boolean,
): Omit<PlannedGame, 'at'>[] {
  const count = 3 + (weekend ? 1 : 0) + rng.int(0, 1);
  const games: Omit<PlannedGame, 'at'>[] = [];
  for (let i = 0; i < count; i++) {
    const { stake, players } = STAKES[rng.pick(i === count - 1 ? BIG_STAKES : USUAL_STAKES)]!;
    const n = rng.int(players[0], players[1]);
    const [from, to] = agent.cartelas;
    const pool = Array.from({ length: to - from + 1 }, (_, k) => from + k);
    for (let k = pool.length - 1; k > 0; k--) {
      const j = rng.int(0, k);
      [pool[k], pool[j]] = [pool[j]!, pool[k]!];
    }
    const cancelled = rng.next() < 0.06;
    const economics = gameEconomics({
      stake: etbToSantim(stake),
      players: n,
      commissionPercent: COMMISSION_PERCENT,
    });
    games.push({
      agent: agent.name,
      day,
      stake,
      pattern: rng.pick(PATTERNS),
      cartelas: pool.slice(0, n).sort((a, b) => a - b),
      outcome: cancelled ? 'cancelled' : 'played',
      falseClaim: !cancelled && rng.next() < 0.3,
      shuffle: !cancelled && rng.next() < 0.2,
      coinCost: agent.coins ? economics.coinCost : 0,
    });
  }
  return games;
}

/**
 * The month to make: the games of both agents, agent1's top-ups and agent2's payment days. Past days hold an
 * evening (from 17:30-18:00, a game every 14-22 minutes, more at the weekend); today holds the same kind of
 * session, ending just before `now` (a hall that has been playing today), so "today" and "this week" show
 * figures whenever the demo starts; a game that would start before today's midnight is left out.
 */
export function planDemoHistory(now: Date, timeZone: string): DemoHistoryPlan {
  const today = businessDateOf(now, timeZone);
  const days = Array.from({ length: DEMO_HISTORY_DAYS }, (_, i) => addDays(today, i - DEMO_HISTORY_DAYS + 1));
  const rng = choices(0xca57e1a);
  const games: PlannedGame[] = [];
  for (const day of days) {
    const weekday = weekdayOf(day);
    const weekend = weekday === 'Friday' || weekday === 'Saturday' || weekday === 'Sunday';
    for (const agent of AGENTS) {
      const planned = gamesOfDay(rng, agent, day, weekend);
      const gaps = planned.map(() => rng.int(...GAME_GAP_MINUTES));
      const opening = 17 * 60 + 30 + rng.int(0, 30) + (agent.coins ? 0 : 7);
      if (day !== today) {
        let minute = opening;
        planned.forEach((g, i) => {
          games.push({ ...g, at: instantOn(day, minute, timeZone) });
          minute += gaps[i]!;
        });
        continue;
      }
      // Today: the session ends before now (its last game created 20 minutes ago at the latest).
      const midnight = instantOn(today, 0, timeZone).getTime();
      let t = now.getTime() - (agent.coins ? 20 : 26) * 60_000;
      const timed: PlannedGame[] = [];
      for (let i = planned.length - 1; i >= 0; i--) {
        if (t < midnight) break;
        timed.unshift({ ...planned[i]!, at: new Date(t) });
        t -= gaps[i]! * 60_000;
      }
      games.push(...timed);
    }
  }
  games.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { days, games, topUps: topUpsFor(games, days, timeZone), paymentDays: days.slice(0, -1) };
}

/**
 * agent1's coin purchases: before an evening that its coins would not cover (with the next evening), it buys
 * enough for about five evenings, in round 500s; the purchase that covers the last evening is exact, so that
 * the month ends on DEMO_FINAL_COINS (five evenings before today at the latest). Made at 16:00 on the day.
 */
function topUpsFor(
  games: readonly PlannedGame[],
  days: readonly IsoDate[],
  timeZone: string,
): PlannedTopUp[] {
  const need = days.map((day) =>
    games.filter((g) => g.day === day && g.agent === 'agent1').reduce((s, g) => s + g.coinCost, 0),
  );
  // What the month's games spend from day i on (a cancelled game's coins come back at once).
  const spent = (from: number) =>
    games
      .filter((g) => g.agent === 'agent1' && g.outcome === 'played' && g.day >= days[from]!)
      .reduce((s, g) => s + g.coinCost, 0);
  const topUps: PlannedTopUp[] = [];
  let balance = 0;
  for (let i = 0; i < days.length; i++) {
    const horizon = Math.min(days.length, i + 5);
    if (balance < need[i]! + (need[i + 1] ?? 0) || horizon === days.length) {
      let coins: number;
      if (horizon === days.length) coins = spent(i) + DEMO_FINAL_COINS - balance;
      else coins = Math.ceil((need.slice(i, horizon).reduce((s, x) => s + x, 0) - balance) / 500) * 500;
      if (coins > 0) {
        topUps.push({ at: instantOn(days[i]!, 16 * 60, timeZone), coins, etbAmount: coins * COIN_PRICE_ETB });
        balance += coins;
      }
      if (horizon === days.length) break;
    }
    balance -= games
      .filter((g) => g.agent === 'agent1' && g.outcome === 'played' && g.day === days[i])
      .reduce((s, g) => s + g.coinCost, 0);
  }
  return topUps;
}

// ---------------------------------------------------------------------------------------------------------
// Making it, through the modules' use cases.
// ---------------------------------------------------------------------------------------------------------

/** Seconds between two calls on auto call, with the voice (product/screens.md#game-room: 2-6 s). */
const CALL_SECONDS = 4.5;

type GameEventIn = Parameters<ReturnType<typeof createGamesService>['events']>[2][number];

/** A clock the use cases read, moved to each moment of the history. */
class HistoryClock {
  private t = 0;
  readonly now = () => new Date(this.t);
  set(at: Date | number) {
    this.t = typeof at === 'number' ? at : at.getTime();
  }
}

/**
 * The events of a played game after its first call, from the call order the first call's answer carries: calls
 * until a card wins (core's win check), a false claim on the way if planned (a cartela that has not won: blocked),
 * GOOD BINGO for every card that won on that ball (a tie shares the prize), then Finish Game.
 */
function restOfGame(
  game: PlannedGame,
  state: {
    cartelas: { cartelaNumber: number; card: number[][] }[];
    calledNumbers: number[];
    remaining: number[];
  },
  firstCallAt: number,
): { events: GameEventIn[]; endsAt: number } {
  const order = [...state.calledNumbers, ...state.remaining];
  const checker = createWinChecker(state.cartelas, game.pattern);
  let k = 0;
  let winners: number[] = [];
  while (k < order.length && winners.length === 0) winners = checker.call(order[k++]!);
  // k balls called when the first card wins (the 75th at the latest: full house always completes).
  const rng = choices(game.at.getTime() % 2147483647);
  const falseAt = game.falseClaim && k > 8 ? rng.int(Math.max(4, Math.floor(k / 2)), k - 2) : null;
  const losers = state.cartelas.map((c) => c.cartelaNumber).filter((n) => !winners.includes(n));
  const blocked = falseAt !== null && losers.length > 0 ? rng.pick(losers) : null;

  const events: GameEventIn[] = [];
  let t = firstCallAt;
  const push = (event: Record<string, unknown>, afterSeconds: number) => {
    t += afterSeconds * 1000;
    events.push({ seq: events.length + 2, at: new Date(t).toISOString(), ...event } as GameEventIn);
  };
  for (let i = 2; i <= k; i++) {
    push({ type: 'call-next' }, CALL_SECONDS);
    if (game.shuffle && i === 10) push({ type: 'shuffle' }, 3);
    if (blocked !== null && i === falseAt) {
      push({ type: 'pause' }, 2);
      push({ type: 'validate', cartelaNumber: blocked, decision: 'block' }, 20);
      push({ type: 'resume' }, 12);
    }
  }
  push({ type: 'pause' }, 2);
  for (const n of winners) push({ type: 'validate', cartelaNumber: n, decision: 'good-bingo' }, 15);
  push({ type: 'finish' }, 45);
  return { events, endsAt: t };
}

export interface DemoHistoryResult {
  games: number;
  topUps: number;
  payments: number;
  /** False when `signal` stopped it half-way (the server was asked to stop). */
  complete: boolean;
}

/**
 * Makes the plan's month on a database that has just been given the demo accounts (seedDemoData with the same
 * options). Each step is its use case's own transaction; the clock of each is the step's moment. `signal` stops
 * it between two steps: what was made stays (decision 076).
 */
export async function makeDemoHistory(
  database: Database,
  { timeZone, now = new Date() }: DemoHistoryOptions,
  signal?: AbortSignal,
): Promise<DemoHistoryResult> {
  const plan = planDemoHistory(now, timeZone);
  const clock = new HistoryClock();
  const users = new UserCache(database);
  try {
    const metrics = { callsApplied() {}, eventBatch() {} };
    const games = createGamesService({ database, users, metrics, now: clock.now });
    const agents = createAgentsService({ database, users, now: clock.now });
    const commission = createCommissionService({ database, users, timeZone, now: clock.now });
    const earnings = createSuperAgentDashboardService({ database, users, timeZone, now: clock.now });
    const account = async (username: string): Promise<UserRow> => {
      const row = await findUserByUsername(database.db, username);
      if (!row) throw new Error(`The demo account ${username} is missing`);
      return row;
    };
    const admin = await account('admin');
    const agentRows = { agent1: await account('agent1'), agent2: await account('agent2') };
    const super1 = await account('super1');

    // Time order across games, top-ups and payments: each step happens when the hall would do it.
    type Step = { at: number; run: () => Promise<void> };
    const steps: Step[] = [];
    for (const topUp of plan.topUps) {
      steps.push({
        at: topUp.at.getTime(),
        run: async () => {
          await agents.addCoins(
            agentRows.agent1.id,
            { coins: topUp.coins, etbAmount: topUp.etbAmount, notes: 'Cash at the office' },
            admin,
          );
          counts.topUps++;
        },
      });
    }
    for (const game of plan.games) steps.push({ at: game.at.getTime(), run: () => playGame(game) });
    const counts = { games: 0, topUps: 0, payments: 0 };
    const nowMs = now.getTime();
    for (const day of plan.paymentDays) {
      // The next morning the admin generates yesterday's payments; each is paid two days later but the last ones.
      const generateAt = Math.min(instantOn(addDays(day, 1), 9 * 60, timeZone).getTime(), nowMs);
      steps.push({
        at: generateAt,
        run: async () => {
          const { payments: made } = await commission.generateDaily({ date: day }, admin);
          counts.payments += made.length;
          const today = businessDateOf(now, timeZone);
          if (addDays(day, PENDING_PAYMENT_DAYS) >= today) return;
          clock.set(instantOn(addDays(day, 2), 12 * 60, timeZone));
          for (const p of made) await commission.markPaid(p.id, { notes: 'Paid in cash' }, admin);
        },
      });
    }
    steps.sort((a, b) => a.at - b.at);

    async function playGame(game: PlannedGame): Promise<void> {
      const agent = agentRows[game.agent];
      const start = game.at.getTime();
      const { game: created } = (
        await games.create(
          {
            stake: game.stake,
            cartelaNumbers: game.cartelas,
            selectedPattern: game.pattern,
            gameMode: 'specific-pattern',
          },
          agent,
          null,
        )
      ).answer;
      if (game.outcome === 'cancelled') {
        clock.set(start + 3 * 60_000);
        await games.cancel(agent, created.id, 'Not enough players');
        counts.games++;
        return;
      }
      // The first call: its answer carries the committed order, as the room receives it.
      const firstCallAt = start + 40_000;
      clock.set(firstCallAt);
      const first = await games.events(agent, created.id, [
        { seq: 1, at: new Date(firstCallAt).toISOString(), type: 'call-next' },
      ]);
      const { events, endsAt } = restOfGame(game, first.state, firstCallAt);
      clock.set(endsAt + 1000);
      await games.events(agent, created.id, events);
      counts.games++;
    }

    for (const step of steps) {
      if (signal?.aborted) return { ...counts, complete: false };
      clock.set(step.at);
      await step.run();
    }

    // super1's earnings on agent1's purchases: the older ones paid, the week's still pending.
    const { payments: owed } = await earnings.earningsOf(super1.id, { period: 'all', status: 'pending' });
    for (const e of owed) {
      const paidOn = addDays(e.businessDate, PAID_EARNINGS_AFTER_DAYS);
      if (paidOn >= businessDateOf(now, timeZone)) continue;
      clock.set(instantOn(paidOn, 11 * 60, timeZone));
      await earnings.markPaid(e.id, { notes: 'Weekly settlement' }, admin);
    }
    return { ...counts, complete: true };
  } finally {
    users.close();
  }
}
