// One open game room (decision 050): the game kept in IndexedDB, core's reducer applied to it, every action
// written with its outbox event BEFORE the view shows it, the outbox sent to the server's event log, one caller
// per game (Web Locks) and the room's BroadcastChannel. Framework-free: useRoom (use-room.ts) wraps it for React.
import { authRoutes, type GameEvent, gameRoutes, type RouteResponse } from '@cartela/contract';
import { FIRST_CALL_NEEDS_NETWORK, type GameAction, type GameState, gameReducer } from '@cartela/core';
// biome-ignore lint/style/noRestrictedImports: the room syncs its offline event log itself; nothing here is cached.
import { ApiError, api } from '@/lib/api';
import { offlineDb } from '@/lib/offline-db';
import { updateSessionUser } from '@/lib/session';
import { browserEnv, type RoomChannel, type RoomEnv } from './env';
import { DexieRoomStore, MemoryRoomStore, type RoomRecord, type RoomStore } from './store';
import {
  type RoomCommand,
  type RoomGameInfo,
  type RoomMessage,
  type RoomResult,
  type RoomRole,
  type RoomView,
  roomChannelName,
  type SyncStatus,
} from './types';

/** Events sent in one POST /api/games/{id}/events (the contract takes up to 200). */
export const SYNC_BATCH_SIZE = 50;
/** The wait before the n-th retry (n >= 1): 1 s, 2 s, 4 s, ... at most 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/** The Web Lock that makes one tab the caller of a game (the same name as its channel). */
export const roomLockName = (gameId: string) => `cartela-room-${gameId}`;

export interface RoomSessionOptions {
  /** Default: BingoOfflineDB (memory where the browser has no IndexedDB). */
  store?: RoomStore;
  /** Default: the browser's (browserEnv). */
  env?: RoomEnv;
  batchSize?: number;
}

const READ_ONLY_MESSAGE = 'Another tab or window is running this game: this one only follows it';
const NO_ANSWER = 'Cannot reach the server. Check your connection and try again.';
const ANSWER_LOST =
  "The server's answer was lost: the room asks the server what happened as soon as it can be reached";
const WAITING_MESSAGE = "Waiting for the server's answer to the last action";
const CANCEL_NEEDS_NETWORK = 'Cancelling a game needs the network';

type RoomStateAnswer = RouteResponse<typeof gameRoutes.roomState>;

/** The room's state from the server's answer (the contract's RoomState is core's GameState as JSON). */
const toGameState = (state: RoomStateAnswer['state']) => state as unknown as GameState;

function gameInfo(answer: RoomStateAnswer, gameId: string): RoomGameInfo {
  const { game } = answer;
  return {
    gameId: game.gameId || gameId,
    id: game.id,
    players: game.numberOfPlayers,
    stake: game.stake,
    prize: game.prize,
    patternId: game.selectedWinningPattern,
    commitment: game.drawCommitment,
    createdAt: game.createdAt,
    coinCost: game.coinCost,
  };
}

/** The event of the log for an action the reducer accepted. */
function toEvent(seq: number, at: string, action: GameAction): GameEvent {
  switch (action.type) {
    case 'call-next':
      return action.expected === undefined
        ? { seq, at, type: 'call-next' }
        : { seq, at, type: 'call-next', expected: action.expected };
    case 'validate':
      return {
        seq,
        at,
        type: 'validate',
        cartelaNumber: action.cartelaNumber,
        decision: action.decision,
      };
    case 'pause':
    case 'resume':
    case 'shuffle':
    case 'finish':
      return { seq, at, type: action.type };
    default:
      throw new Error(`No event for ${action.type}`);
  }
}

/** A failure worth trying again later: no network, the server down or busy, a signed-out moment. */
function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return (
    error.status === 0 ||
    error.status >= 500 ||
    error.status === 401 ||
    error.status === 408 ||
    error.status === 429 ||
    error.code === 'INVALID_RESPONSE'
  );
}

export class RoomSession {
  readonly gameId: string;
  private readonly store: RoomStore;
  private readonly env: RoomEnv;
  private readonly batchSize: number;

  private record: RoomRecord | null = null;
  private loadStatus: 'loading' | 'missing' | 'error' = 'loading';
  private loadError: string | null = null;
  private role: RoomRole = 'unknown';
  /** The cartela open in the validation modal (a display that says hello meanwhile is shown it too). */
  private checking: number | null = null;
  /** The caller's view, as a viewer last received it. */
  private remoteView: RoomView | null = null;
  private online: boolean;
  private offlineSince: string | null = null;
  private persisted: boolean | null = null;
  private persistAsked = false;

  private view: RoomView;
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();

  private started = false;
  private closedFlag = false;
  private readyPromise: Promise<void> = Promise.resolve();
  private channel: RoomChannel | null = null;
  private readonly abort = new AbortController();
  private releaseLock: () => void = () => {};
  private readonly lockHeld = new Promise<void>((resolve) => {
    this.releaseLock = resolve;
  });

  private sending: Promise<void> | null = null;
  private syncAgain = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryAt: string | null = null;
  /**
   * An action sent straight to the server (the first call, a cancel) whose answer was lost: nothing else goes
   * until the room has read the server's state (the sync loop reads it).
   */
  private awaitingServer = false;

  constructor(gameId: string, options: RoomSessionOptions = {}) {
    this.gameId = gameId;
    const db = options.store ? null : offlineDb();
    this.store = options.store ?? (db ? new DexieRoomStore(db) : new MemoryRoomStore());
    this.env = options.env ?? browserEnv();
    this.batchSize = options.batchSize ?? SYNC_BATCH_SIZE;
    this.online = this.env.isOnline();
    if (!this.online) this.offlineSince = new Date().toISOString();
    this.view = this.computeView();
  }

  // ---- the store a React hook subscribes to ----

  getView = (): RoomView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get closed(): boolean {
    return this.closedFlag;
  }

  /** Resolves once the game is loaded (or known missing) and this tab knows its role. */
  ready(): Promise<void> {
    return this.readyPromise;
  }

  /** Resolves when no change and no sync is under way (a retry may still be scheduled): for tests and benches. */
  async idle(): Promise<void> {
    await this.readyPromise;
    for (;;) {
      const queue = this.queue;
      const sending = this.sending;
      await queue;
      await sending;
      if (queue === this.queue && this.sending === null) return;
    }
  }

  /** Loads the game, asks for the caller's lock, listens to the network and the channel. Once. */
  start(): void {
    if (this.started || this.closedFlag) return;
    this.started = true;
    this.env.events?.addEventListener('online', this.onOnline);
    this.env.events?.addEventListener('offline', this.onOffline);
    this.channel = this.env.openChannel(roomChannelName(this.gameId));
    if (this.channel) this.channel.onmessage = this.onMessage;
    this.readyPromise = this.init();
  }

  /** Stops everything and lets another tab become the caller. */
  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.clearRetry();
    this.env.events?.removeEventListener('online', this.onOnline);
    this.env.events?.removeEventListener('offline', this.onOffline);
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
    }
    this.abort.abort();
    this.releaseLock();
    this.listeners.clear();
  }

  // ---- loading and the caller's lock ----

  private async init(): Promise<void> {
    const local = this.store
      .load(this.gameId)
      .then((record) => {
        if (record && !this.record && !this.closedFlag) {
          this.record = record;
          this.emit();
        }
      })
      .catch(() => {});
    const role = await this.acquireRole();
    await local;
    if (this.closedFlag) return;
    if (role === 'caller') {
      await this.becomeCaller();
    } else {
      this.role = 'viewer';
      this.emit();
      this.channel?.postMessage({ type: 'hello' });
      this.waitForLock();
    }
  }

  private acquireRole(): Promise<'caller' | 'viewer'> {
    const locks = this.env.locks;
    if (!locks) return Promise.resolve('caller');
    return new Promise((resolve) => {
      locks
        .request(roomLockName(this.gameId), { ifAvailable: true }, async (lock) => {
          if (!lock) {
            resolve('viewer');
            return;
          }
          resolve('caller');
          await this.lockHeld;
        })
        .catch(() => resolve('caller'));
    });
  }

  /** A viewer waits in the background for the caller's tab to close, then takes over. */
  private waitForLock(): void {
    this.env.locks
      ?.request(roomLockName(this.gameId), { signal: this.abort.signal }, async () => {
        if (this.closedFlag) return;
        await this.becomeCaller();
        await this.lockHeld;
      })
      .catch(() => {});
  }

  private async becomeCaller(): Promise<void> {
    this.role = 'caller';
    this.remoteView = null;
    await this.exclusive(async () => {
      const kept = await this.store.load(this.gameId).catch(() => undefined);
      if (kept) this.record = kept;
      else if (!this.record) await this.fetchFromServer();
      else await this.store.save(this.record).catch(() => {});
    });
    if (this.closedFlag) return;
    this.emit();
    void this.askPersist();
    void this.runSync();
  }

  /** Nothing kept on this device: the server's state, kept at once. */
  private async fetchFromServer(): Promise<void> {
    this.loadStatus = 'loading';
    this.loadError = null;
    try {
      const answer = await api(gameRoutes.roomState, { params: { id: this.gameId } });
      const now = new Date().toISOString();
      const state = toGameState(answer.state);
      const record: RoomRecord = {
        gameId: this.gameId,
        agentId: answer.game.agentId,
        calledNumbers: state.calledNumbers,
        gameState: {
          state,
          game: gameInfo(answer, this.gameId),
          lastSeq: answer.lastSeq,
          syncedSeq: answer.lastSeq,
          lastCallAt: state.calledNumbers.length ? state.updatedAt : null,
          refused: null,
        },
        createdAt: now,
        updatedAt: now,
      };
      await this.store.save(record);
      this.record = record;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        this.loadStatus = 'missing';
        this.loadError = error.message || 'Game not found';
      } else {
        this.loadStatus = 'error';
        this.loadError = (error instanceof ApiError && error.message) || 'Game data not available';
      }
    }
  }

  private async askPersist(): Promise<void> {
    if (this.persistAsked) return;
    this.persistAsked = true;
    const storage = this.env.storage;
    if (!storage) return;
    try {
      this.persisted = (await storage.persisted?.()) ? true : await storage.persist();
    } catch {
      this.persisted = null;
    }
    this.emit();
  }

  // ---- the view and the channel ----

  private computeView(): RoomView {
    if (this.role === 'viewer' && this.remoteView) return { ...this.remoteView, role: 'viewer' };
    const record = this.record;
    const data = record?.gameState;
    const waiting = data ? Math.max(0, data.lastSeq - data.syncedSeq) : 0;
    let sync: SyncStatus;
    if (data?.refused) sync = { kind: 'refused', ...data.refused, waiting };
    else if (this.awaitingServer)
      sync = { kind: 'checking', offlineSince: this.offlineSince, retryAt: this.retryAt };
    else if (waiting === 0) sync = { kind: 'synced' };
    else sync = { kind: 'pending', waiting, offlineSince: this.offlineSince, retryAt: this.retryAt };
    return {
      status: record ? 'ready' : this.loadStatus,
      error: record ? null : this.loadError,
      game: data?.game ?? null,
      state: data?.state ?? null,
      lastCallAt: data?.lastCallAt ?? null,
      role: this.role,
      sync,
      online: this.online,
      persisted: this.persisted,
    };
  }

  private emit(): void {
    if (this.closedFlag) return;
    this.view = this.computeView();
    if (this.role === 'caller') this.post({ type: 'view', view: this.view });
    for (const listener of [...this.listeners]) listener();
  }

  /** The hall display shows the cartela being checked (null: the modal closed). The caller's tab only. */
  showClaim = (cartelaNumber: number | null): void => {
    this.checking = cartelaNumber;
    if (this.role !== 'caller') return;
    this.post(cartelaNumber === null ? { type: 'checking-done' } : { type: 'checking', cartelaNumber });
  };

  private post(message: RoomMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: nobody is listening.
    }
  }

  private onMessage = (event: MessageEvent): void => {
    const message = event.data as RoomMessage | undefined;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'hello' && this.role === 'caller') {
      this.post({ type: 'view', view: this.view });
      if (this.checking !== null) this.post({ type: 'checking', cartelaNumber: this.checking });
    } else if (message.type === 'view' && this.role !== 'caller') {
      this.remoteView = message.view;
      if (this.role === 'viewer') this.emit();
    }
  };

  private onOnline = (): void => {
    this.online = true;
    this.offlineSince = null;
    this.attempt = 0;
    this.clearRetry();
    this.emit();
    if (this.role !== 'caller') return;
    if (!this.record && this.loadStatus === 'error') void this.retryLoad();
    else void this.runSync();
  };

  private onOffline = (): void => {
    this.online = false;
    this.offlineSince ??= new Date().toISOString();
    this.emit();
  };

  private async retryLoad(): Promise<void> {
    await this.exclusive(async () => {
      if (!this.record) await this.fetchFromServer();
    });
    this.emit();
    void this.runSync();
  }

  // ---- commands ----

  /** Serializes every change of the record (commands, acknowledgements, adoptions). */
  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  private refuseCommand(): RoomResult | null {
    if (this.closedFlag) return { ok: false, code: 'CLOSED', message: 'The room is closed' };
    if (this.role === 'viewer') return { ok: false, code: 'READ_ONLY', message: READ_ONLY_MESSAGE };
    if (this.role !== 'caller' || !this.record) {
      return { ok: false, code: 'NOT_READY', message: 'The game is not loaded yet' };
    }
    if (this.awaitingServer) return { ok: false, code: 'WAITING_FOR_SERVER', message: WAITING_MESSAGE };
    return null;
  }

  dispatch = (command: RoomCommand): Promise<RoomResult> => {
    if (command.type === 'cancel') return this.exclusive(() => this.cancel(command.reason));
    return this.exclusive(() => this.apply(command));
  };

  /** Core's reducer, then the new state and its outbox event in ONE transaction, then the view. */
  private async apply(command: Exclude<RoomCommand, { type: 'cancel' }>): Promise<RoomResult> {
    const refusal = this.refuseCommand();
    if (refusal) return refusal;
    const record = this.record as RoomRecord;
    const data = record.gameState;
    const at = new Date().toISOString();
    let action: GameAction;
    switch (command.type) {
      case 'call-next':
        action = { type: 'call-next', at, expected: data.state.remaining[0] };
        break;
      case 'validate':
        action = { type: 'validate', at, cartelaNumber: command.cartelaNumber, decision: command.decision };
        break;
      default:
        action = { type: command.type, at };
    }
    const result = gameReducer(data.state, action);
    if (!result.ok) {
      // The order is sealed until the first call: the server makes that one, and its answer brings the order.
      if (result.error.code === 'ORDER_SEALED') return this.firstCall(at);
      return { ok: false, code: result.error.code, message: result.error.message };
    }

    const seq = data.lastSeq + 1;
    const next: RoomRecord = {
      ...record,
      calledNumbers: result.state.calledNumbers,
      updatedAt: at,
      gameState: {
        ...data,
        state: result.state,
        lastSeq: seq,
        lastCallAt: action.type === 'call-next' ? at : data.lastCallAt,
      },
    };
    try {
      await this.store.commit(next, { gameId: this.gameId, seq, event: toEvent(seq, at, action) });
    } catch {
      return { ok: false, code: 'STORAGE', message: 'The game could not be saved on this device' };
    }
    this.record = next;
    this.emit();
    if (command.type === 'validate') {
      if (command.decision === 'good-bingo')
        this.post({ type: 'celebrate', cartelaNumber: command.cartelaNumber });
      else {
        const reason = result.state.validations.at(-1)?.reason;
        this.post({ type: 'blocked', cartelaNumber: command.cartelaNumber, ...(reason ? { reason } : {}) });
      }
    }
    if (!this.retryTimer) void this.runSync();
    return { ok: true, state: result.state };
  }

  /**
   * The first call of a sealed game (product/draw.md#sealed-until-the-first-call: no call is revealed while a
   * refund is possible): online only. The outbox first, then POST /events with the call, whose answer carries the
   * order: the room adopts it and calls offline from there. A lost answer leaves the outcome unknown: the room
   * waits for the server's state. Inside exclusive().
   */
  private async firstCall(at: string): Promise<RoomResult> {
    if (!this.online) return { ok: false, code: 'ORDER_SEALED', message: FIRST_CALL_NEEDS_NETWORK };
    const unsent = await this.sendOutbox();
    if (unsent) return unsent;
    const seq = (this.record as RoomRecord).gameState.lastSeq + 1;
    let answer: Awaited<ReturnType<RoomSession['postEvents']>>;
    try {
      answer = await this.postEvents([{ seq, at, type: 'call-next' }]);
    } catch (error) {
      return this.unanswered(error);
    }
    const state = await this.adopt(toGameState(answer.state), answer.lastSeq, { lastCallAt: at });
    if (!state) return this.notKept();
    return { ok: true, state };
  }

  /**
   * Cancel (online only: POST /cancel refunds the coins of a game without calls): the outbox first, then the
   * cancel; the room then keeps the cancelled game at the server's last seq. Inside exclusive().
   */
  private async cancel(reason: string | undefined): Promise<RoomResult> {
    const refusal = this.refuseCommand();
    if (refusal) return refusal;
    const data = (this.record as RoomRecord).gameState;
    const at = new Date().toISOString();
    const text = reason?.trim() ?? '';
    const local = gameReducer(
      data.state,
      text ? { type: 'cancel', at, reason: text } : { type: 'cancel', at },
    );
    if (!local.ok) return { ok: false, code: local.error.code, message: local.error.message };
    if (!this.online) return { ok: false, code: 'OFFLINE', message: CANCEL_NEEDS_NETWORK };
    const unsent = await this.sendOutbox();
    if (unsent) return unsent;
    let answer: RouteResponse<typeof gameRoutes.cancel>;
    try {
      answer = await api(gameRoutes.cancel, {
        params: { id: this.gameId },
        body: text ? { reason: text } : {},
      });
    } catch (error) {
      return this.unanswered(error);
    }
    if (answer.game.refundedCoins > 0) void this.refreshUser();
    const state = await this.adopt(local.state, answer.game.lastSeq, {});
    if (!state) return this.notKept();
    return { ok: true, state, message: answer.message, refundedCoins: answer.game.refundedCoins };
  }

  /**
   * Sends the whole outbox before an action the server makes itself (its seq follows the room's last). Returns
   * the refusal to answer when it could not, null when the outbox is empty. Inside exclusive().
   */
  private async sendOutbox(): Promise<RoomResult | null> {
    const data = (this.record as RoomRecord).gameState;
    if (data.refused) return { ok: false, code: 'SYNC_REFUSED', message: data.refused.message };
    try {
      for (;;) {
        const batch = await this.store.outbox(this.gameId, this.batchSize);
        if (!batch.length) return null;
        const answer = await this.postEvents(batch.map((r) => r.event));
        if (answer.lastSeq < batch[batch.length - 1]!.seq) throw new ApiError(0, 'NETWORK', '');
        await this.acknowledge(answer.lastSeq, batch);
        this.afterConfirmed(batch);
      }
    } catch (error) {
      if (isTransient(error)) return { ok: false, code: 'NETWORK', message: NO_ANSWER };
      await this.refuse(error, data.syncedSeq + 1);
      const refused = this.record?.gameState.refused;
      return {
        ok: false,
        code: refused?.reason ?? 'SYNC_REFUSED',
        message: refused?.message ?? 'The server refused an event of this game',
      };
    }
  }

  /**
   * An action sent straight to the server failed. A refusal (4xx) changed nothing: its message is the answer.
   * Without an answer the outcome is unknown: commands wait until the sync loop has read the server's state.
   */
  private unanswered(error: unknown): RoomResult {
    if (!isTransient(error)) {
      const e = error instanceof ApiError ? error : null;
      return {
        ok: false,
        code: e?.reason ?? e?.code ?? 'REFUSED',
        message: e?.message || 'The server refused this action',
      };
    }
    this.awaitingServer = true;
    this.failed(error);
    return { ok: false, code: 'ANSWER_LOST', message: ANSWER_LOST };
  }

  /**
   * The server made the action but this device could not keep its answer: the room reads the server's state
   * again (the sync loop) before anything else.
   */
  private notKept(): RoomResult {
    this.awaitingServer = true;
    this.failed();
    return { ok: false, code: 'STORAGE', message: 'The game could not be saved on this device' };
  }

  /**
   * Makes the server's state the room's, at the server's last seq (both local and synced), the outbox emptied.
   * Returns null when it could not be kept on this device. Inside exclusive().
   */
  private async adopt(
    adopted: GameState,
    lastSeq: number,
    extra: { game?: RoomGameInfo; lastCallAt?: string | null },
  ): Promise<GameState | null> {
    const record = this.record as RoomRecord;
    const next: RoomRecord = {
      ...record,
      calledNumbers: adopted.calledNumbers,
      updatedAt: new Date().toISOString(),
      gameState: {
        ...record.gameState,
        state: adopted,
        game: extra.game ?? record.gameState.game,
        lastSeq,
        syncedSeq: lastSeq,
        lastCallAt: extra.lastCallAt === undefined ? record.gameState.lastCallAt : extra.lastCallAt,
        refused: null,
      },
    };
    try {
      await this.store.save(next, { clearOutbox: true });
    } catch {
      return null;
    }
    this.record = next;
    this.awaitingServer = false;
    this.attempt = 0;
    this.clearRetry();
    if (this.online) this.offlineSince = null;
    this.emit();
    return adopted;
  }

  /** After a lost answer: GET .../state, made the room's. Inside exclusive(); throws when it cannot be read. */
  private async adoptServerState(): Promise<void> {
    const answer = await api(gameRoutes.roomState, { params: { id: this.gameId } });
    const state = toGameState(answer.state);
    const called = state.calledNumbers.length;
    const kept = this.record?.gameState;
    const lastCallAt =
      called === 0 ? null : called === kept?.state.calledNumbers.length ? kept.lastCallAt : state.updatedAt;
    const adopted = await this.adopt(state, answer.lastSeq, {
      game: gameInfo(answer, this.gameId),
      lastCallAt,
    });
    if (!adopted) throw new Error('The game could not be saved on this device');
  }

  // ---- sync ----

  /** Sends the outbox now; after a refusal, tries once more. */
  syncNow = (): void => {
    if (this.closedFlag || this.role !== 'caller') return;
    void this.exclusive(async () => {
      if (!this.record) {
        await this.fetchFromServer();
        return;
      }
      if (!this.record.gameState.refused) return;
      const next: RoomRecord = { ...this.record, gameState: { ...this.record.gameState, refused: null } };
      await this.store.save(next);
      this.record = next;
    }).then(() => {
      this.attempt = 0;
      this.clearRetry();
      this.emit();
      void this.runSync();
    });
  };

  private postEvents(events: GameEvent[]) {
    return api(gameRoutes.events, { params: { id: this.gameId }, body: { events } });
  }

  private runSync(): Promise<void> {
    if (this.sending) {
      this.syncAgain = true;
      return this.sending;
    }
    this.sending = this.syncLoop().finally(() => {
      this.sending = null;
      if (this.syncAgain) {
        this.syncAgain = false;
        if (!this.retryTimer) void this.runSync();
      }
    });
    return this.sending;
  }

  private async syncLoop(): Promise<void> {
    while (!this.closedFlag && this.role === 'caller' && this.record && !this.record.gameState.refused) {
      if (this.awaitingServer) {
        try {
          await this.exclusive(() => this.adoptServerState());
        } catch {
          this.failed();
          return;
        }
        continue;
      }
      const batch = await this.store.outbox(this.gameId, this.batchSize).catch(() => []);
      if (!batch.length) {
        this.attempt = 0;
        return;
      }
      let answer: Awaited<ReturnType<RoomSession['postEvents']>>;
      try {
        answer = await this.postEvents(batch.map((r) => r.event));
      } catch (error) {
        if (isTransient(error)) this.failed(error);
        else await this.exclusive(() => this.refuse(error, batch[0]!.seq));
        return;
      }
      if (this.closedFlag) return;
      if (answer.lastSeq < batch[batch.length - 1]!.seq) {
        // A 200 always covers its batch; an answer that does not is retried rather than looped on.
        this.failed();
        return;
      }
      this.attempt = 0;
      this.clearRetry();
      if (this.online) this.offlineSince = null;
      await this.exclusive(() => this.acknowledge(answer.lastSeq, batch));
      this.afterConfirmed(batch);
    }
  }

  /** A batch the server applied: after a confirmed GOOD BINGO, the user's coins and earnings are read again. */
  private afterConfirmed(batch: { event: GameEvent }[]): void {
    if (batch.some((r) => r.event.type === 'validate' && r.event.decision === 'good-bingo')) {
      void this.refreshUser();
    }
  }

  /** The server has every event up to `seq`: out of the outbox, syncedSeq moves (one transaction). */
  private async acknowledge(seq: number, batch: { seq: number }[]): Promise<void> {
    const record = this.record;
    if (!record) return;
    const data = record.gameState;
    const synced = Math.max(data.syncedSeq, Math.min(seq, data.lastSeq));
    const next: RoomRecord = { ...record, gameState: { ...data, syncedSeq: synced } };
    await this.store.acknowledge(next, Math.max(seq, batch[batch.length - 1]?.seq ?? 0));
    this.record = next;
    this.emit();
  }

  /** The server refused an event: keep the local record, stop syncing, say why. */
  private async refuse(error: unknown, firstSeq: number): Promise<void> {
    const record = this.record;
    if (!record) return;
    const e = error instanceof ApiError ? error : null;
    const refused = {
      seq: e?.seq ?? firstSeq,
      reason: e?.reason ?? e?.code ?? 'REFUSED',
      message: e?.message || 'The server refused an event of this game',
    };
    const next: RoomRecord = { ...record, gameState: { ...record.gameState, refused } };
    this.clearRetry();
    await this.store.save(next).catch(() => {});
    this.record = next;
    this.emit();
  }

  /** No answer (offline, 5xx): try again after 1 s, 2 s, 4 s ... 30 s. */
  private failed(error?: unknown): void {
    if (error instanceof ApiError && error.status === 0) this.offlineSince ??= new Date().toISOString();
    this.attempt += 1;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.closedFlag) return;
    this.clearRetry();
    const delay = backoffDelay(Math.max(1, this.attempt));
    this.retryAt = new Date(Date.now() + delay).toISOString();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      void this.runSync();
    }, delay);
    this.emit();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
  }

  /** After a confirmed win: the user's coins and earnings as the server has them now. */
  private async refreshUser(): Promise<void> {
    try {
      const { user } = await api(authRoutes.me);
      updateSessionUser(user);
    } catch {
      // The next session check reads it again.
    }
  }
}
