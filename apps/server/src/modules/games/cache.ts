// The running games this instance acted on lately, as their last write left them: a call then costs one
// statement instead of a read and a write. The cache is never trusted for correctness: every write of a game is
// conditional on the last_seq it was planned from (queries.ts writeGames), so a stale entry (another
// instance moved the game) only makes that write find nothing, and the action is planned again from the
// database under the row lock. docs/decisions/045-games-server.md
import type { Snapshot } from './queries.js';

export class GameCache {
  private readonly byId = new Map<string, Snapshot>();
  /** Public game id -> _id. */
  private readonly idOf = new Map<string, string>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The game by `_id` or public id, if cached. */
  get(ref: string): Snapshot | undefined {
    return this.byId.get(this.idOf.get(ref) ?? ref);
  }

  /** Keeps what a write left; a running game only (a finished one takes no more actions), never older. */
  put(snapshot: Snapshot): void {
    const current = this.byId.get(snapshot.id);
    if (current && current.lastSeq > snapshot.lastSeq) return;
    if (snapshot.state.status === 'finished' || snapshot.state.status === 'cancelled') {
      this.drop(snapshot.id);
      return;
    }
    if (!current && this.byId.size >= this.maxEntries) {
      // The least recently written (Map keeps insertion order; a write re-inserts).
      const oldest = this.byId.keys().next().value;
      if (oldest !== undefined) this.drop(oldest);
    }
    this.byId.delete(snapshot.id);
    this.byId.set(snapshot.id, { ...snapshot, cartelas: null });
    this.idOf.set(snapshot.gameId, snapshot.id);
  }

  drop(id: string): void {
    const entry = this.byId.get(id);
    if (entry) this.idOf.delete(entry.gameId);
    this.byId.delete(id);
  }
}
