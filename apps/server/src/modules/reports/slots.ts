// How many CSV exports run at once on this server, and how they share the database (decision 057). An export
// reads the database batch after batch for as long as its download lasts; thirty of them at once filled the
// embedded database's one connection (and the PostgreSQL pool) and made every game call wait seconds. So each user
// has at most `perUser` exports running and the server at most `inAll`; past either, the export is refused at once
// with 429 RATE_LIMITED, before it reads anything. A slot is held from the start of the export until its answer is
// over: finished, failed, or the client gone. And the running exports read their batches one at a time (Turns):
// the embedded database answers its queries in the order they came, so a game's query waits behind one batch at
// most, not one per export.
import { AppError } from '../../errors.js';

/** What a refused export may try again after, in seconds (Retry-After): an export of a hall's games takes a few. */
const RETRY_AFTER_SECONDS = '5';

export class ExportSlots {
  private readonly byUser = new Map<string, number>();
  private total = 0;

  constructor(
    readonly perUser: number,
    readonly inAll: number,
  ) {}

  /** Exports running now, in all. */
  get running(): number {
    return this.total;
  }

  /** Takes a slot for the user's export, or throws 429. Answers the release, which may be called more than once. */
  take(userId: string): () => void {
    const mine = this.byUser.get(userId) ?? 0;
    if (mine >= this.perUser) {
      throw new AppError(
        'RATE_LIMITED',
        `You already have ${mine} exports running: wait until one has downloaded, then try again`,
        { reason: 'EXPORTS_PER_USER', headers: { 'retry-after': RETRY_AFTER_SECONDS } },
      );
    }
    if (this.total >= this.inAll) {
      throw new AppError(
        'RATE_LIMITED',
        'The server is busy with other exports: try again in a few seconds',
        { reason: 'EXPORTS_BUSY', headers: { 'retry-after': RETRY_AFTER_SECONDS } },
      );
    }
    this.byUser.set(userId, mine + 1);
    this.total += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.total -= 1;
      const left = (this.byUser.get(userId) ?? 1) - 1;
      if (left > 0) this.byUser.set(userId, left);
      else this.byUser.delete(userId);
    };
  }
}

/** Runs tasks one at a time, in the order they ask (a FIFO lock). */
export class Turns {
  private last: Promise<void> = Promise.resolve();

  async run<T>(task: () => Promise<T>): Promise<T> {
    const before = this.last;
    let done!: () => void;
    this.last = new Promise<void>((resolve) => {
      done = resolve;
    });
    await before;
    try {
      return await task();
    } finally {
      done();
    }
  }
}
