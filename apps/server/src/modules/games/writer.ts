// Writes the actions of many games together. A call is a small write, and on PostgreSQL the cost of a statement
// and of its commit (the WAL flush) is mostly per statement, not per row: so while a write is on its way,
// the writes that arrive meanwhile wait and then go together, in ONE statement (queries.ts writeGames). A
// lone write goes at once: batching adds no delay when the server is quiet, and under load each request
// still gets its answer only after its own write has committed. docs/decisions/045-games-server.md
import type { Database } from '../../db/client.js';
import { retrying } from '../../db/retry.js';
import { type GameWrite, writeGames } from './queries.js';

interface Pending {
  write: GameWrite;
  done: (written: boolean) => void;
  failed: (err: unknown) => void;
}

export class GameWriter {
  private queue: Pending[] = [];
  private inFlight = 0;

  constructor(
    private readonly database: Database,
    /** Statements on their way at once (each holds a pooled connection): GAMES_WRITES_IN_FLIGHT. */
    private readonly maxInFlight = 2,
    /** Games per statement. */
    private readonly maxBatch = 200,
  ) {}

  /** Writes one game's events if the game is still at `expectSeq`; false when it had moved on. */
  write(write: GameWrite): Promise<boolean> {
    return new Promise((done, failed) => {
      this.queue.push({ write, done, failed });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight++;
      void this.flush(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  /** The next batch: one write per game (a second write of a game waits for the next batch, where it will find
   * the game moved on by the first, as it would have anyway). */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const games = new Set<string>();
    const rest: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < this.maxBatch && !games.has(p.write.id)) {
        games.add(p.write.id);
        batch.push(p);
      } else {
        rest.push(p);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async flush(batch: Pending[]): Promise<void> {
    let written: Set<string>;
    try {
      // In one order (by id), so that two statements on their way at once lock their games the same way; and
      // again should PostgreSQL still abort one for a deadlock (decision 059).
      const writes = batch.map((p) => p.write).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      written = await retrying(() => writeGames(this.database, writes));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.failed(err);
        return;
      }
      // One bad write must not fail the others: each goes again on its own.
      await Promise.all(batch.map((p) => this.flush([p])));
      return;
    }
    for (const p of batch) p.done(written.has(p.write.id));
  }
}
