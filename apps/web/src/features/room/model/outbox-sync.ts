// The outbox's way to the server (decision 050): unsent events go to the game's event log in order, a batch at a
// time; no answer is retried after 1 s, 2 s, 4 s ... 30 s; a refusal stops sending. It also keeps what the view
// says of the network: online, offline since when, the next retry, and 'checking' after a lost answer.
import type { GameEvent } from '@cartela/contract';
import { ApiError } from '@/lib/api';
import type { OutboxRecord } from '@/lib/offline-db';
import { isTransient } from './room-server';

/** Events sent in one POST /api/games/{id}/events (the contract takes up to 200). */
export const SYNC_BATCH_SIZE = 50;

/** The wait before the n-th retry (n >= 1): 1 s, 2 s, 4 s, ... at most 30 s. */
export function backoffDelay(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 30_000);
}

/** What the sync needs of the room: its outbox, the server, and the changes it asks of the game's record. */
export interface SyncHost {
  /** Sending goes on while this holds: the room open, this tab the caller, a game kept and not refused. */
  canSend(): boolean;
  /** The game's first `limit` unsent events, in seq order. */
  outbox(limit: number): Promise<OutboxRecord[]>;
  /** POST /events; the answer's `lastSeq` is the last event the server has. */
  post(events: GameEvent[]): Promise<{ lastSeq: number }>;
  /** The server has every event up to `seq`: out of the outbox, the record's syncedSeq moves. */
  acknowledge(seq: number, batch: OutboxRecord[]): Promise<void>;
  /** The server refused an event: the record notes it (sending stops until syncNow). */
  refuse(error: unknown, firstSeq: number): Promise<void>;
  /** After a lost answer: the server's state made the room's; throws when it cannot be read or kept. */
  readServer(): Promise<void>;
  /** Runs `fn` after every other change of the record (commands, acknowledgements, adoptions), one at a time. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** A batch the server applied (after a confirmed GOOD BINGO the user is read again). */
  confirmed(batch: OutboxRecord[]): void;
  /** What the view says of the sync changed (a retry scheduled). */
  changed(): void;
}

/** What the view shows of the sync. */
export interface SyncFacts {
  online: boolean;
  offlineSince: string | null;
  retryAt: string | null;
  /** A lost answer: the room reads the server's state before anything else. */
  checking: boolean;
}

export class OutboxSync {
  private online: boolean;
  private offlineSince: string | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryAt: string | null = null;
  private sendingNow: Promise<void> | null = null;
  private syncAgain = false;
  private stopped = false;
  /**
   * An action sent straight to the server (the first call, a cancel) whose answer was lost: nothing else goes
   * until the room has read the server's state (the sync loop reads it).
   */
  private awaitingServer = false;

  constructor(
    private readonly host: SyncHost,
    online: boolean,
    private readonly batchSize = SYNC_BATCH_SIZE,
  ) {
    this.online = online;
    if (!online) this.offlineSince = new Date().toISOString();
  }

  facts(): SyncFacts {
    return {
      online: this.online,
      offlineSince: this.offlineSince,
      retryAt: this.retryAt,
      checking: this.awaitingServer,
    };
  }

  /** The loop under way, if any (for idle()). */
  get sending(): Promise<void> | null {
    return this.sendingNow;
  }

  get isOnline(): boolean {
    return this.online;
  }

  /** Commands wait: the outcome of an action sent straight to the server is not known yet. */
  get awaiting(): boolean {
    return this.awaitingServer;
  }

  /** Sends the outbox (one loop at a time: a call meanwhile makes the loop run once more). */
  run(): Promise<void> {
    if (this.sendingNow) {
      this.syncAgain = true;
      return this.sendingNow;
    }
    this.sendingNow = this.loop().finally(() => {
      this.sendingNow = null;
      if (this.syncAgain) {
        this.syncAgain = false;
        if (!this.retryTimer) void this.run();
      }
    });
    return this.sendingNow;
  }

  /** After a command: sends at once, unless a retry is scheduled (new events wait for it, not hammering a dead link). */
  nudge(): void {
    if (!this.retryTimer) void this.run();
  }

  private async loop(): Promise<void> {
    const host = this.host;
    while (!this.stopped && host.canSend()) {
      if (this.awaitingServer) {
        try {
          await host.exclusive(() => host.readServer());
        } catch {
          this.failed();
          return;
        }
        continue;
      }
      const batch = await host.outbox(this.batchSize).catch(() => []);
      if (!batch.length) {
        this.attempt = 0;
        return;
      }
      let answer: { lastSeq: number };
      try {
        answer = await host.post(batch.map((r) => r.event));
      } catch (error) {
        if (isTransient(error)) this.failed(error);
        else await host.exclusive(() => this.refuse(error, batch[0]!.seq));
        return;
      }
      if (this.stopped) return;
      if (answer.lastSeq < batch[batch.length - 1]!.seq) {
        // A 200 always covers its batch; an answer that does not is retried rather than looped on.
        this.failed();
        return;
      }
      this.attempt = 0;
      this.clearRetry();
      if (this.online) this.offlineSince = null;
      await host.exclusive(() => host.acknowledge(answer.lastSeq, batch));
      host.confirmed(batch);
    }
  }

  /**
   * Sends the whole outbox now, before an action the server makes itself (its seq follows the room's last).
   * 'sent': the outbox is empty; 'no-answer': the server could not be reached; 'refused': it refused an event
   * (noted as from `firstSeq` when the server named none). Inside exclusive().
   */
  async drain(firstSeq: number): Promise<'sent' | 'no-answer' | 'refused'> {
    const host = this.host;
    try {
      for (;;) {
        const batch = await host.outbox(this.batchSize);
        if (!batch.length) return 'sent';
        const answer = await host.post(batch.map((r) => r.event));
        if (answer.lastSeq < batch[batch.length - 1]!.seq) throw new ApiError(0, 'NETWORK', '');
        await host.acknowledge(answer.lastSeq, batch);
        host.confirmed(batch);
      }
    } catch (error) {
      if (isTransient(error)) return 'no-answer';
      await this.refuse(error, firstSeq);
      return 'refused';
    }
  }

  private async refuse(error: unknown, firstSeq: number): Promise<void> {
    this.clearRetry();
    await this.host.refuse(error, firstSeq);
  }

  /** An action sent straight to the server got no answer: commands wait until the server's state is read. */
  lost(error?: unknown): void {
    this.awaitingServer = true;
    this.failed(error);
  }

  /** The server's state became the room's: nothing is awaited, and the backoff starts again. */
  settled(): void {
    this.awaitingServer = false;
    this.attempt = 0;
    this.clearRetry();
    if (this.online) this.offlineSince = null;
  }

  /** syncNow: the backoff starts again, at once. */
  reset(): void {
    this.attempt = 0;
    this.clearRetry();
  }

  /** The browser's 'online': the backoff starts again (the caller then sends at once). */
  wentOnline(): void {
    this.online = true;
    this.offlineSince = null;
    this.reset();
  }

  /** The browser's 'offline'. */
  wentOffline(): void {
    this.online = false;
    this.offlineSince ??= new Date().toISOString();
  }

  /** The room closed: no retry from now on. */
  stop(): void {
    this.stopped = true;
    this.clearRetry();
  }

  /** No answer (offline, 5xx): try again after 1 s, 2 s, 4 s ... 30 s. */
  failed(error?: unknown): void {
    if (error instanceof ApiError && error.status === 0) this.offlineSince ??= new Date().toISOString();
    this.attempt += 1;
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped) return;
    this.clearRetry();
    const delay = backoffDelay(Math.max(1, this.attempt));
    this.retryAt = new Date(Date.now() + delay).toISOString();
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.retryAt = null;
      void this.run();
    }, delay);
    this.host.changed();
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.retryAt = null;
  }
}
