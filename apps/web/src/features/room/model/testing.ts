// Fakes for the room's unit tests (decision 050): a game server that keeps an event log and applies events
// with core's reducer like the real one (replays, gaps, conflicts, refusals; the order sealed until the first
// call, as the server's toRoomState answers it), and a browser (Web Locks, a
// BroadcastChannel bus, online/offline, storage.persist) that several sessions share like the tabs of one browser.
import type { GameEvent } from '@cartela/contract';
import {
  applyActions,
  type Card,
  createGame,
  type GameAction,
  type GameCartela,
  type GameState,
  gameReducer,
  letterOf,
  redactSeed,
  sealOrder,
} from '@cartela/core';
import { vi } from 'vitest';
import type { RoomChannel, RoomEnv, RoomLocks } from './env';
import type { RoomMessage } from './types';

/** A card whose B column runs from `first` down the rows, each next column 15 more, the centre free. */
function countingCard(first: number): Card {
  return Array.from({ length: 5 }, (_, row) =>
    Array.from({ length: 5 }, (_, column) => (row === 2 && column === 2 ? 0 : first + 15 * column + row)),
  );
}
/** B 1-5, I 16-20, N 31-35 (centre free), G 46-50, O 61-65. */
export const CARD_A: Card = countingCard(1);
/** B 6-10, I 21-25, N 36-40, G 51-55, O 66-70: no number of CARD_A. */
export const CARD_B: Card = countingCard(6);

/**
 * Core's game in order mode (as the room has it once the first call brought the order): `calls` calls made at
 * `callAt`, then the actions `after`. Any refusal throws.
 */
export function playedGame({
  gameId = 'G1',
  patternId,
  cartelas = [
    { cartelaNumber: 1, card: CARD_A },
    { cartelaNumber: 2, card: CARD_B },
  ],
  order,
  at,
  calls = 0,
  callAt = at,
  after = [],
}: {
  gameId?: string;
  patternId: string;
  cartelas?: GameCartela[];
  order: number[];
  at: string;
  calls?: number;
  callAt?: string;
  after?: GameAction[];
}): GameState {
  const created = createGame({ gameId, patternId, cartelas, order, commitment: 'a'.repeat(64), at });
  const calling = Array.from({ length: calls }, (): GameAction => ({ type: 'call-next', at: callAt }));
  const result = created.ok ? applyActions(created.state, [...calling, ...after]) : created;
  if (!result.ok) throw new Error(result.error.message);
  return result.state;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const conflict = (message: string, reason: string, seq?: number) =>
  json(409, { message, code: 'CONFLICT', reason, ...(seq === undefined ? {} : { seq }) });

/** The fields of an event that a replay must repeat (decision 045: everything but `at`). */
const sameEvent = (a: GameEvent, b: GameEvent) => {
  const strip = ({ at: _at, ...rest }: GameEvent) => JSON.stringify(rest, Object.keys(rest).sort());
  return strip(a) === strip(b);
};

export interface FakeServerOptions {
  gameId?: string;
  patternId?: string;
}

/** A game server for one game, behind a mock fetch. */
export function fakeServer(options: FakeServerOptions = {}) {
  const gameId = options.gameId ?? 'G7K2M9QX4TB';
  const created = createGame({
    gameId,
    patternId: options.patternId ?? 'full-house',
    cartelas: [
      { cartelaNumber: 1, card: CARD_A },
      { cartelaNumber: 2, card: CARD_B },
    ],
    seedHex: 'ab'.repeat(32),
    at: '2026-01-01T09:00:00.000Z',
  });
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.state;
  const log: GameEvent[] = [];
  let online = true;
  /** Answers that replace the next ones (a 503, a lost answer...). */
  const overrides: Array<'503' | 'lose-answer' | Response> = [];
  /** Every event POST /events received, batch by batch. */
  const batches: GameEvent[][] = [];
  const calls: string[] = [];

  const game = () => ({
    id: 'game-uuid-1',
    _id: 'game-uuid-1',
    gameId,
    agentId: 'u-agent1',
    agentUsername: 'agent1',
    status: state.status,
    gameMode: 'specific-pattern',
    stake: 20,
    numberOfPlayers: 2,
    totalAmount: 40,
    agentFee: 4,
    prize: 36,
    commissionPercent: 10,
    coinCost: 1,
    selectedWinningPattern: state.patternId,
    winningPattern: state.patternId,
    cartelaNumbers: [1, 2],
    calledNumbers: state.calledNumbers,
    totalCalls: state.calledNumbers.length,
    winnerCartelaNumber: state.winners[0]?.cartelaNumber ?? null,
    winners: state.winners,
    finishReason: state.finishReason,
    cancelReason: state.cancelReason ?? null,
    refundedCoins: state.status === 'cancelled' && state.calledNumbers.length === 0 ? 1 : 0,
    settings: {},
    drawCommitment: state.commitment,
    drawSeed: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: state.updatedAt ?? '2026-01-01T09:00:00.000Z',
    finishedAt: state.finishedAt,
  });
  const detail = () => ({
    ...game(),
    calls: state.calledNumbers.map((n) => ({
      number: n,
      letter: letterOf(n),
      at: null,
      receivedAt: null,
      clock: 'server' as const,
    })),
    shuffles: state.shuffles.map((afterCalls) => ({
      afterCalls,
      reordered: false,
      at: null,
      receivedAt: null,
      clock: 'server' as const,
    })),
    validations: state.validations,
    blocked: state.blocked,
    lastSeq: log.length,
  });

  /** One action through an endpoint (another device): ONE event with the next seq. */
  function act(action: GameAction): GameEvent {
    const result = gameReducer(state, action);
    if (!result.ok) throw new Error(result.error.message);
    const at = action.at ?? new Date().toISOString();
    const seq = log.length + 1;
    const event = { ...action, seq, at } as GameEvent;
    state = result.state;
    log.push(event);
    return event;
  }

  function applyEvents(events: GameEvent[]): Response {
    let next = state;
    const added: GameEvent[] = [];
    let applied = 0;
    for (const [i, event] of events.entries()) {
      const known = log[event.seq - 1] ?? added[event.seq - log.length - 1];
      if (known) {
        if (!sameEvent(known, event))
          return conflict(`Event ${event.seq} conflicts`, 'EVENT_CONFLICT', event.seq);
        continue;
      }
      if (event.seq !== log.length + added.length + 1) {
        return conflict(`Event ${event.seq} leaves a gap`, 'EVENT_GAP', event.seq);
      }
      const { seq: _seq, ...action } = event;
      const result = gameReducer(next, action as GameAction);
      if (!result.ok)
        return conflict(`Event ${i + 1}: ${result.error.message}`, result.error.code, event.seq);
      next = result.state;
      added.push(event);
      applied += 1;
    }
    state = next;
    log.push(...added);
    return json(200, { lastSeq: log.length, applied, state: roomState() });
  }

  /** What the room may see: no seed while the game runs, no order before the first call. */
  const roomState = () => sealOrder(redactSeed(state));

  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    calls.push(key);
    if (!online) throw new TypeError('Failed to fetch');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (key === `POST /api/games/${gameId}/events`) {
      batches.push(body.events);
      const override = overrides.shift();
      if (override === '503') return json(503, { message: 'Down', code: 'SERVICE_UNAVAILABLE' });
      if (override instanceof Response) return override;
      const answer = applyEvents(body.events);
      if (override === 'lose-answer') throw new TypeError('Failed to fetch');
      return answer;
    }
    if (key === `GET /api/games/${gameId}/state`) {
      return json(200, { lastSeq: log.length, state: roomState(), game: game() });
    }
    if (key === `POST /api/games/${gameId}/cancel`) {
      const override = overrides.shift();
      if (override instanceof Response) return override;
      const result = gameReducer(state, { type: 'cancel', reason: body?.reason });
      if (!result.ok) return conflict(result.error.message, result.error.code);
      act({ type: 'cancel', ...(body?.reason ? { reason: body.reason } : {}) });
      const refunded = game().refundedCoins;
      const message = refunded > 0 ? `Game cancelled: ${refunded} coins refunded` : 'Game cancelled';
      if (override === 'lose-answer') throw new TypeError('Failed to fetch');
      return json(200, { message, game: detail() });
    }
    if (key === 'GET /api/auth/me') {
      return json(200, {
        user: {
          id: 'u-agent1',
          _id: 'u-agent1',
          username: 'agent1',
          role: 'agent',
          isActive: true,
          language: 'en',
          contact: null,
          createdAt: '2025-01-15T09:00:00.000Z',
          financialModel: 'virtual-coin',
          virtualCoins: 999,
          commissionPercentage: 10,
          systemCommissionShare: null,
          totalEarnings: 0,
          lastPaymentDate: null,
          platformCommissionRate: null,
          winningPatterns: ['full-house'],
          mustChangePassword: false,
        },
      });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });

  /** The committed order (what the server's seed gives): the room learns it with the first call's answer. */
  const order = [...created.state.remaining];

  return {
    gameId,
    order,
    fetch,
    log,
    batches,
    calls,
    overrides,
    act,
    get state() {
      return state;
    },
    /** Every seq the events endpoint received, in order. */
    receivedSeqs: () => batches.flat().map((e) => e.seq),
    eventPosts: () => calls.filter((c) => c.endsWith('/events')).length,
    setOnline(value: boolean) {
      online = value;
    },
  };
}

/** A Web Locks stand-in: one holder per name, ifAvailable, waiting requests with an AbortSignal. */
export class FakeLocks implements RoomLocks {
  private readonly held = new Set<string>();
  private readonly waiting = new Map<string, Array<() => void>>();

  async request(
    name: string,
    options: { ifAvailable?: boolean; signal?: AbortSignal },
    callback: (lock: unknown) => Promise<unknown> | unknown,
  ): Promise<unknown> {
    if (this.held.has(name)) {
      if (options.ifAvailable) return callback(null);
      await new Promise<void>((resolve, reject) => {
        const queue = this.waiting.get(name) ?? [];
        queue.push(resolve);
        this.waiting.set(name, queue);
        options.signal?.addEventListener('abort', () => {
          const i = queue.indexOf(resolve);
          if (i >= 0) queue.splice(i, 1);
          reject(new DOMException('Aborted', 'AbortError'));
        });
      });
    }
    this.held.add(name);
    try {
      return await callback({ name });
    } finally {
      this.held.delete(name);
      this.waiting.get(name)?.shift()?.();
    }
  }

  isHeld(name: string) {
    return this.held.has(name);
  }
}

/** One browser: shared locks and channels; an env per tab. */
export function fakeBrowser(options: { locks?: boolean; persist?: boolean | null } = {}) {
  const locks = options.locks === false ? null : new FakeLocks();
  const events = new EventTarget();
  let online = true;
  const channels = new Map<string, Set<RoomChannel>>();
  /** Every message posted on any channel, with the channel's name. */
  const messages: Array<{ name: string; message: RoomMessage }> = [];
  const persist = vi.fn(async () => options.persist ?? true);

  const openChannel = (name: string): RoomChannel => {
    const members = channels.get(name) ?? new Set<RoomChannel>();
    channels.set(name, members);
    const channel: RoomChannel = {
      onmessage: null,
      postMessage(message) {
        messages.push({ name, message });
        const data = structuredClone(message);
        for (const other of members) {
          if (other !== channel) queueMicrotask(() => other.onmessage?.({ data } as MessageEvent));
        }
      },
      close() {
        members.delete(channel);
      },
    };
    members.add(channel);
    return channel;
  };

  const env = (): RoomEnv => ({
    locks,
    storage: options.persist === null ? null : { persist, persisted: async () => false },
    isOnline: () => online,
    events,
    openChannel,
  });

  return {
    env,
    locks,
    messages,
    persist,
    openChannel,
    setOnline(value: boolean) {
      online = value;
      events.dispatchEvent(new Event(value ? 'online' : 'offline'));
    },
  };
}
