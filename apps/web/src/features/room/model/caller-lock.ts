// One caller per game (decision 050): the tab that holds the game's Web Lock calls it; another tab or window is a
// viewer that waits for the lock in the background and takes over when the caller's tab closes.
import type { RoomLocks } from './env';

/** The Web Lock that makes one tab the caller of a game (the same name as its channel). */
export const roomLockName = (gameId: string) => `cartela-room-${gameId}`;

export class CallerLock {
  private released = false;
  private readonly abort = new AbortController();
  private letGo: () => void = () => {};
  /** Resolves on release(): a granted lock is held until then. */
  private readonly held = new Promise<void>((resolve) => {
    this.letGo = resolve;
  });

  /** `locks` null: no Web Locks (an old browser), and the tab acts as the caller. */
  constructor(
    private readonly locks: RoomLocks | null,
    private readonly name: string,
  ) {}

  /**
   * Asks for the lock without waiting: 'caller' holds it until release(), 'viewer' when another tab holds it.
   * Without Web Locks, or when the request fails, the tab is the caller.
   */
  acquire(): Promise<'caller' | 'viewer'> {
    const locks = this.locks;
    if (!locks) return Promise.resolve('caller');
    return new Promise((resolve) => {
      locks
        .request(this.name, { ifAvailable: true }, async (lock) => {
          if (!lock) {
            resolve('viewer');
            return;
          }
          resolve('caller');
          await this.held;
        })
        .catch(() => resolve('caller'));
    });
  }

  /**
   * A viewer waits in the background for the caller's tab to close; then `takeOver` runs with the lock, which is
   * held until release(). Nothing runs once released.
   */
  waitForTurn(takeOver: () => Promise<void>): void {
    this.locks
      ?.request(this.name, { signal: this.abort.signal }, async () => {
        if (this.released) return;
        await takeOver();
        await this.held;
      })
      .catch(() => {});
  }

  /** Stops waiting and lets the lock go: another tab may become the caller. */
  release(): void {
    this.released = true;
    this.abort.abort();
    this.letGo();
  }
}
