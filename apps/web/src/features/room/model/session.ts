// One open game room (decision 050): the game kept in IndexedDB, core's reducer applied to it, every action
// written with its outbox event BEFORE the view shows it, the outbox sent to the server's event log, one caller
// per game (Web Locks) and the room's BroadcastChannel. Framework-free: useRoom (use-room.ts) wraps it for React.
import { FIRST_CALL_NEEDS_NETWORK } from '@cartela/core';
import { ApiError } from '@/lib/api';
import { type OutboxRecord, offlineDb } from '@/lib/offline-db';
import { CallerLock, roomLockName } from './caller-lock';
import { planCancel, planCommand } from './commands';
import { browserEnv, type RoomEnv } from './env';
import { OutboxSync } from './outbox-sync';
import {
  type CancelAnswer,
  type EventsAnswer,
  isTransient,
  type RoomServer,
  roomServer,
  toGameState,
} from './room-server';
import { RoomState } from './room-state';
import { IndexedDbRoomStore, MemoryRoomStore, type RoomRecord, type RoomStore } from './store';
import { type RoomCommand, type RoomResult, type RoomView, roomChannelName } from './types';

export interface RoomSessionOptions {
  /** Default: BingoOfflineDB (memory where the browser has no IndexedDB). */
  store?: RoomStore;
  /** Default: the browser's (browserEnv). */
  env?: RoomEnv;
  /** Default: the app's API (roomServer). */
  server?: RoomServer;
  batchSize?: number;
}

const READ_ONLY_MESSAGE = 'Another tab or window is running this game: this one only follows it';
const NO_ANSWER = 'Cannot reach the server. Check your connection and try again.';
const ANSWER_LOST =
  "The server's answer was lost: the room asks the server what happened as soon as it can be reached";
const WAITING_MESSAGE = "Waiting for the server's answer to the last action";
const CANCEL_NEEDS_NETWORK = 'Cancelling a game needs the network';
const NOT_SAVED = 'The game could not be saved on this device';

/**
 * The coordinator of the room's three parts: the state (room-state.ts: the record, its view, the channel), the
 * outbox sync (outbox-sync.ts: batches, backoff, refusals, the network) and the caller lock (caller-lock.ts: one
 * caller per game). It answers the screen's commands and starts and stops the parts.
 */
export class RoomSession {
  readonly gameId: string;
  private readonly store: RoomStore;
  private readonly env: RoomEnv;
  private readonly server: RoomServer;
  private readonly lock: CallerLock;
  private readonly sync: OutboxSync;
  private readonly state: RoomState;

  private started = false;
  private closedFlag = false;
  private readyPromise: Promise<void> = Promise.resolve();

  constructor(gameId: string, options: RoomSessionOptions = {}) {
    this.gameId = gameId;
    const db = options.store ? null : offlineDb();
    this.store = options.store ?? (db ? new IndexedDbRoomStore(db) : new MemoryRoomStore());
    this.env = options.env ?? browserEnv();
    this.server = options.server ?? roomServer(gameId);
    this.lock = new CallerLock(this.env.locks, roomLockName(gameId));
    this.sync = new OutboxSync(
      {
        canSend: () =>
          !this.closedFlag &&
          this.state.role === 'caller' &&
          !!this.state.record &&
          !this.state.record.gameState.refused,
        outbox: (limit) => this.store.outbox(gameId, limit),
        post: (events) => this.server.events(events),
        acknowledge: (seq, batch) => this.state.acknowledge(seq, batch),
        refuse: (error, firstSeq) => this.state.refuse(error, firstSeq),
        readServer: () => this.state.readServer(),
        exclusive: (fn) => this.state.exclusive(fn),
        confirmed: (batch) => this.afterConfirmed(batch),
        changed: () => this.state.emit(),
      },
      this.env.isOnline(),
      options.batchSize,
    );
    this.state = new RoomState({
      gameId,
      store: this.store,
      server: this.server,
      sync: () => this.sync.facts(),
      adopted: () => this.sync.settled(),
    });
  }

  // ---- the store a React hook subscribes to ----

  getView = (): RoomView => this.state.getView();

  subscribe = (listener: () => void): (() => void) => this.state.subscribe(listener);

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
      const queue = this.state.pending;
      const sending = this.sync.sending;
      await queue;
      await sending;
      if (queue === this.state.pending && this.sync.sending === null) return;
    }
  }

  /** Loads the game, asks for the caller's lock, listens to the network and the channel. Once. */
  start(): void {
    if (this.started || this.closedFlag) return;
    this.started = true;
    this.env.events?.addEventListener('online', this.onOnline);
    this.env.events?.addEventListener('offline', this.onOffline);
    this.state.listen(this.env.openChannel(roomChannelName(this.gameId)));
    this.readyPromise = this.init();
  }

  /** Stops everything and lets another tab become the caller. */
  close(): void {
    if (this.closedFlag) return;
    this.closedFlag = true;
    this.sync.stop();
    this.env.events?.removeEventListener('online', this.onOnline);
    this.env.events?.removeEventListener('offline', this.onOffline);
    this.state.close();
    this.lock.release();
  }

  // ---- loading and the caller's lock ----

  private async init(): Promise<void> {
    const local = this.state.loadKept();
    const role = await this.lock.acquire();
    await local;
    if (this.closedFlag) return;
    if (role === 'caller') {
      await this.becomeCaller();
    } else {
      this.state.becomeViewer();
      // When the caller's tab closes, this one takes over.
      this.lock.waitForTurn(() => this.becomeCaller());
    }
  }

  private async becomeCaller(): Promise<void> {
    await this.state.takeCharge();
    if (this.closedFlag) return;
    this.state.emit();
    void this.state.askPersist(this.env.storage);
    void this.sync.run();
  }

  private onOnline = (): void => {
    this.sync.wentOnline();
    this.state.emit();
    if (this.state.role !== 'caller') return;
    if (this.state.loadFailed) void this.retryLoad();
    else void this.sync.run();
  };

  private onOffline = (): void => {
    this.sync.wentOffline();
    this.state.emit();
  };

  private async retryLoad(): Promise<void> {
    await this.state.exclusive(async () => {
      if (!this.state.record) await this.state.fetchFromServer();
    });
    this.state.emit();
    void this.sync.run();
  }

  // ---- commands ----

  private refuseCommand(): RoomResult | null {
    if (this.closedFlag) return { ok: false, code: 'CLOSED', message: 'The room is closed' };
    if (this.state.role === 'viewer') return { ok: false, code: 'READ_ONLY', message: READ_ONLY_MESSAGE };
    if (this.state.role !== 'caller' || !this.state.record) {
      return { ok: false, code: 'NOT_READY', message: 'The game is not loaded yet' };
    }
    if (this.sync.awaiting) return { ok: false, code: 'WAITING_FOR_SERVER', message: WAITING_MESSAGE };
    return null;
  }

  dispatch = (command: RoomCommand): Promise<RoomResult> => {
    if (command.type === 'cancel') return this.state.exclusive(() => this.cancel(command.reason));
    return this.state.exclusive(() => this.apply(command));
  };

  /** Core's reducer, then the new state and its outbox event in ONE transaction, then the view. */
  private async apply(command: Exclude<RoomCommand, { type: 'cancel' }>): Promise<RoomResult> {
    const refusal = this.refuseCommand();
    if (refusal) return refusal;
    const at = new Date().toISOString();
    const plan = planCommand(this.state.record as RoomRecord, command, at);
    if (plan.kind === 'refused') return { ok: false, code: plan.code, message: plan.message };
    if (plan.kind === 'first-call') return this.firstCall(at);
    try {
      await this.state.commit(plan.record, plan.event);
    } catch {
      return { ok: false, code: 'STORAGE', message: NOT_SAVED };
    }
    if (plan.moment) this.state.post(plan.moment);
    this.sync.nudge();
    return { ok: true, state: plan.state };
  }

  /**
   * The first call of a sealed game (product/draw.md#sealed-until-the-first-call: no call is revealed while a
   * refund is possible): online only. The outbox first, then POST /events with the call, whose answer carries the
   * order: the room adopts it and calls offline from there. A lost answer leaves the outcome unknown: the room
   * waits for the server's state. Inside exclusive().
   */
  private async firstCall(at: string): Promise<RoomResult> {
    if (!this.sync.isOnline) return { ok: false, code: 'ORDER_SEALED', message: FIRST_CALL_NEEDS_NETWORK };
    const unsent = await this.sendOutbox();
    if (unsent) return unsent;
    const seq = (this.state.record as RoomRecord).gameState.lastSeq + 1;
    let answer: EventsAnswer;
    try {
      answer = await this.server.events([{ seq, at, type: 'call-next' }]);
    } catch (error) {
      return this.unanswered(error);
    }
    const state = await this.state.adopt(toGameState(answer.state), answer.lastSeq, { lastCallAt: at });
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
    const data = (this.state.record as RoomRecord).gameState;
    const plan = planCancel(data.state, reason, new Date().toISOString());
    if (plan.kind === 'refused') return { ok: false, code: plan.code, message: plan.message };
    if (!this.sync.isOnline) return { ok: false, code: 'OFFLINE', message: CANCEL_NEEDS_NETWORK };
    const unsent = await this.sendOutbox();
    if (unsent) return unsent;
    let answer: CancelAnswer;
    try {
      answer = await this.server.cancel(plan.reason);
    } catch (error) {
      return this.unanswered(error);
    }
    if (answer.game.refundedCoins > 0) void this.server.refreshUser();
    const state = await this.state.adopt(plan.state, answer.game.lastSeq, {});
    if (!state) return this.notKept();
    return { ok: true, state, message: answer.message, refundedCoins: answer.game.refundedCoins };
  }

  /**
   * Sends the whole outbox before an action the server makes itself (its seq follows the room's last). Returns
   * the refusal to answer when it could not, null when the outbox is empty. Inside exclusive().
   */
  private async sendOutbox(): Promise<RoomResult | null> {
    const data = (this.state.record as RoomRecord).gameState;
    if (data.refused) return { ok: false, code: 'SYNC_REFUSED', message: data.refused.message };
    const outcome = await this.sync.drain(data.syncedSeq + 1);
    if (outcome === 'sent') return null;
    if (outcome === 'no-answer') return { ok: false, code: 'NETWORK', message: NO_ANSWER };
    const refused = this.state.record?.gameState.refused;
    return {
      ok: false,
      code: refused?.reason ?? 'SYNC_REFUSED',
      message: refused?.message ?? 'The server refused an event of this game',
    };
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
    this.sync.lost(error);
    return { ok: false, code: 'ANSWER_LOST', message: ANSWER_LOST };
  }

  /**
   * The server made the action but this device could not keep its answer: the room reads the server's state
   * again (the sync loop) before anything else.
   */
  private notKept(): RoomResult {
    this.sync.lost();
    return { ok: false, code: 'STORAGE', message: NOT_SAVED };
  }

  // ---- sync ----

  /** Sends the outbox now; after a refusal, tries once more. */
  syncNow = (): void => {
    if (this.closedFlag || this.state.role !== 'caller') return;
    void this.state
      .exclusive(async () => {
        if (!this.state.record) await this.state.fetchFromServer();
        else await this.state.clearRefusal();
      })
      .then(() => {
        this.sync.reset();
        this.state.emit();
        void this.sync.run();
      });
  };

  /** The hall display shows the claim raised, then its cartela (null: the modal closed). The caller's tab only. */
  showClaim = (claim: number | 'raised' | null): void => this.state.showClaim(claim);

  /** A batch the server applied: after a confirmed GOOD BINGO, the user's coins and earnings are read again. */
  private afterConfirmed(batch: OutboxRecord[]): void {
    if (batch.some((r) => r.event.type === 'validate' && r.event.decision === 'good-bingo')) {
      void this.server.refreshUser();
    }
  }
}
