// The room's state (decision 050): the game's record as this device keeps it, the view computed from it, the tabs
// and the hall display told of every change on the game's BroadcastChannel, and the server's state made the
// room's when the server has the last word (the first call, a cancel, a lost answer).
import type { GameState } from '@cartela/core';
import { ApiError } from '@/lib/api';
import type { OutboxRecord } from '@/lib/offline-db';
import type { RoomChannel, RoomEnv } from './env';
import type { SyncFacts } from './outbox-sync';
import { gameInfo, type RoomServer, toGameState } from './room-server';
import type { RoomRecord, RoomStore } from './store';
import type { RoomGameInfo, RoomMessage, RoomRole, RoomView, SyncStatus } from './types';

export interface RoomStateOptions {
  gameId: string;
  store: RoomStore;
  server: Pick<RoomServer, 'state'>;
  /** What the view says of the network and the sync (the outbox sync's). */
  sync(): SyncFacts;
  /** The server's state became the room's: the sync settles before the view shows it. */
  adopted(): void;
}

/** What the hall display is told of a claim (decision 083: 'raised' before a cartela is open). */
function claimMessage(claim: number | 'raised' | null): RoomMessage {
  if (claim === null) return { type: 'checking-done' };
  return claim === 'raised' ? { type: 'claim-raised' } : { type: 'checking', cartelaNumber: claim };
}

export class RoomState {
  private readonly gameId: string;
  private readonly store: RoomStore;
  private kept: RoomRecord | null = null;
  private loadStatus: 'loading' | 'missing' | 'error' = 'loading';
  private loadError: string | null = null;
  private currentRole: RoomRole = 'unknown';
  /**
   * The cartela open in the validation modal, or 'raised' while the modal asks for one (a display that says hello
   * meanwhile is shown it too).
   */
  private claim: number | 'raised' | null = null;
  /** The caller's view, as a viewer last received it. */
  private remoteView: RoomView | null = null;
  private persisted: boolean | null = null;
  private persistAsked = false;
  private view: RoomView;
  private readonly listeners = new Set<() => void>();
  private queue: Promise<unknown> = Promise.resolve();
  private channel: RoomChannel | null = null;
  private closed = false;

  constructor(private readonly options: RoomStateOptions) {
    this.gameId = options.gameId;
    this.store = options.store;
    this.view = this.computeView();
  }

  /** The game as this device keeps it (null until loaded). */
  get record(): RoomRecord | null {
    return this.kept;
  }

  get role(): RoomRole {
    return this.currentRole;
  }

  /** Nothing kept, and the server could not be reached: worth reading again when the network returns. */
  get loadFailed(): boolean {
    return !this.kept && this.loadStatus === 'error';
  }

  /** The queue of changes, as it stands (for idle()). */
  get pending(): Promise<unknown> {
    return this.queue;
  }

  // ---- the store a React hook subscribes to ----

  getView = (): RoomView => this.view;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The view again, to the listeners and, from the caller's tab, to the channel. */
  emit(): void {
    if (this.closed) return;
    this.view = this.computeView();
    if (this.currentRole === 'caller') this.post({ type: 'view', view: this.view });
    for (const listener of [...this.listeners]) listener();
  }

  private computeView(): RoomView {
    if (this.currentRole === 'viewer' && this.remoteView) return { ...this.remoteView, role: 'viewer' };
    const record = this.kept;
    const data = record?.gameState;
    const facts = this.options.sync();
    const waiting = data ? Math.max(0, data.lastSeq - data.syncedSeq) : 0;
    let sync: SyncStatus;
    if (data?.refused) sync = { kind: 'refused', ...data.refused, waiting };
    else if (facts.checking)
      sync = { kind: 'checking', offlineSince: facts.offlineSince, retryAt: facts.retryAt };
    else if (waiting === 0) sync = { kind: 'synced' };
    else sync = { kind: 'pending', waiting, offlineSince: facts.offlineSince, retryAt: facts.retryAt };
    return {
      status: record ? 'ready' : this.loadStatus,
      error: record ? null : this.loadError,
      game: data?.game ?? null,
      state: data?.state ?? null,
      lastCallAt: data?.lastCallAt ?? null,
      role: this.currentRole,
      sync,
      online: facts.online,
      persisted: this.persisted,
    };
  }

  /** Serializes every change of the record (commands, acknowledgements, adoptions). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => {});
    return run;
  }

  close(): void {
    this.closed = true;
    if (this.channel) {
      this.channel.onmessage = null;
      this.channel.close();
    }
    this.listeners.clear();
  }

  // ---- the channel between tabs and the hall display ----

  listen(channel: RoomChannel | null): void {
    this.channel = channel;
    if (channel) channel.onmessage = this.onMessage;
  }

  post(message: RoomMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: nobody is listening.
    }
  }

  /**
   * The hall display shows the claim being raised, then the cartela being checked (null: the modal closed). The
   * caller's tab only.
   */
  showClaim(claim: number | 'raised' | null): void {
    this.claim = claim;
    if (this.currentRole !== 'caller') return;
    this.post(claimMessage(claim));
  }

  private onMessage = (event: MessageEvent): void => {
    const message = event.data as RoomMessage | undefined;
    if (!message || typeof message !== 'object') return;
    if (message.type === 'hello' && this.currentRole === 'caller') {
      this.post({ type: 'view', view: this.view });
      if (this.claim !== null) this.post(claimMessage(this.claim));
    } else if (message.type === 'view' && this.currentRole !== 'caller') {
      this.remoteView = message.view;
      if (this.currentRole === 'viewer') this.emit();
    }
  };

  // ---- loading, and the roles ----

  /** What IndexedDB holds, shown at once (before this tab knows its role). */
  loadKept(): Promise<void> {
    return this.store
      .load(this.gameId)
      .then((record) => {
        if (record && !this.kept && !this.closed) {
          this.kept = record;
          this.emit();
        }
      })
      .catch(() => {});
  }

  /** Another tab calls the game: this one follows its views, and asks for the current one. */
  becomeViewer(): void {
    this.currentRole = 'viewer';
    this.emit();
    this.channel?.postMessage({ type: 'hello' });
  }

  /**
   * This tab calls the game now: the record as IndexedDB holds it (a caller before it may have moved it), else
   * the one shown, else the server's. The caller emits once it is ready.
   */
  async takeCharge(): Promise<void> {
    this.currentRole = 'caller';
    this.remoteView = null;
    await this.exclusive(async () => {
      const kept = await this.store.load(this.gameId).catch(() => undefined);
      if (kept) this.kept = kept;
      else if (!this.kept) await this.fetchFromServer();
      else await this.store.save(this.kept).catch(() => {});
    });
  }

  /** Nothing kept on this device: the server's state, kept at once. */
  async fetchFromServer(): Promise<void> {
    this.loadStatus = 'loading';
    this.loadError = null;
    try {
      const answer = await this.options.server.state();
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
      this.kept = record;
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

  /** navigator.storage.persist(), asked once: the view says whether the browser keeps the game. */
  async askPersist(storage: RoomEnv['storage']): Promise<void> {
    if (this.persistAsked) return;
    this.persistAsked = true;
    if (!storage) return;
    try {
      this.persisted = (await storage.persisted?.()) ? true : await storage.persist();
    } catch {
      this.persisted = null;
    }
    this.emit();
  }

  // ---- changes of the record (each inside exclusive()) ----

  /** A command's new record and its outbox event, in ONE transaction, then the view. Throws when not kept. */
  async commit(next: RoomRecord, event: OutboxRecord): Promise<void> {
    await this.store.commit(next, event);
    this.kept = next;
    this.emit();
  }

  /** The server has every event up to `seq`: out of the outbox, syncedSeq moves (one transaction). */
  async acknowledge(seq: number, batch: { seq: number }[]): Promise<void> {
    const record = this.kept;
    if (!record) return;
    const data = record.gameState;
    const synced = Math.max(data.syncedSeq, Math.min(seq, data.lastSeq));
    const next: RoomRecord = { ...record, gameState: { ...data, syncedSeq: synced } };
    await this.store.acknowledge(next, Math.max(seq, batch[batch.length - 1]?.seq ?? 0));
    this.kept = next;
    this.emit();
  }

  /** The server refused an event: keep the local record, note why (a reload stays refused), show it. */
  async refuse(error: unknown, firstSeq: number): Promise<void> {
    const record = this.kept;
    if (!record) return;
    const e = error instanceof ApiError ? error : null;
    const refused = {
      seq: e?.seq ?? firstSeq,
      reason: e?.reason ?? e?.code ?? 'REFUSED',
      message: e?.message || 'The server refused an event of this game',
    };
    const next: RoomRecord = { ...record, gameState: { ...record.gameState, refused } };
    await this.store.save(next).catch(() => {});
    this.kept = next;
    this.emit();
  }

  /** syncNow after a refusal: the note goes (someone fixed the server's side), sending may start again. */
  async clearRefusal(): Promise<void> {
    const record = this.kept;
    if (!record?.gameState.refused) return;
    const next: RoomRecord = { ...record, gameState: { ...record.gameState, refused: null } };
    await this.store.save(next);
    this.kept = next;
  }

  /**
   * Makes the server's state the room's, at the server's last seq (both local and synced), the outbox emptied.
   * Returns null when it could not be kept on this device.
   */
  async adopt(
    adopted: GameState,
    lastSeq: number,
    extra: { game?: RoomGameInfo; lastCallAt?: string | null },
  ): Promise<GameState | null> {
    const record = this.kept as RoomRecord;
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
    this.kept = next;
    this.options.adopted();
    this.emit();
    return adopted;
  }

  /** After a lost answer: GET .../state, made the room's. Throws when it cannot be read or kept. */
  async readServer(): Promise<void> {
    const answer = await this.options.server.state();
    const state = toGameState(answer.state);
    const called = state.calledNumbers.length;
    const kept = this.kept?.gameState;
    const lastCallAt =
      called === 0 ? null : called === kept?.state.calledNumbers.length ? kept.lastCallAt : state.updatedAt;
    const adopted = await this.adopt(state, answer.lastSeq, {
      game: gameInfo(answer, this.gameId),
      lastCallAt,
    });
    if (!adopted) throw new Error('The game could not be saved on this device');
  }
}
