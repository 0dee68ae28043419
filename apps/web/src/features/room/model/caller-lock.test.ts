import { describe, expect, it, vi } from 'vitest';
import { CallerLock, roomLockName } from './caller-lock';
import { FakeLocks } from './testing';

const NAME = roomLockName('G7K2M9QX4TB');

/** Two tabs of one browser on the same game: the first has asked for the lock. */
async function twoTabs() {
  const locks = new FakeLocks();
  const caller = new CallerLock(locks, NAME);
  const viewer = new CallerLock(locks, NAME);
  const role = await caller.acquire();
  const released = () => vi.waitFor(() => expect(locks.isHeld(NAME)).toBe(false));
  return { locks, caller, viewer, role, released };
}

describe('CallerLock', () => {
  it("makes the first tab the caller and the next one a viewer, on the game's own lock", async () => {
    const { locks, caller, viewer, role, released } = await twoTabs();
    expect(NAME).toBe('cartela-room-G7K2M9QX4TB');
    expect(role).toBe('caller');
    expect(locks.isHeld(NAME)).toBe(true);
    expect(await viewer.acquire()).toBe('viewer');
    caller.release();
    await released();
  });

  it('lets a waiting viewer take over when the caller releases, and holds the lock for it', async () => {
    const { locks, caller, viewer, released } = await twoTabs();
    const takeOver = vi.fn(async () => {});
    viewer.waitForTurn(takeOver);
    await Promise.resolve();
    expect(takeOver).not.toHaveBeenCalled();

    caller.release();
    await vi.waitFor(() => expect(takeOver).toHaveBeenCalledTimes(1));
    expect(locks.isHeld(NAME)).toBe(true);
    viewer.release();
    await released();
  });

  it('stops waiting once released: a closed viewer never takes over', async () => {
    const { locks, caller, viewer } = await twoTabs();
    const takeOver = vi.fn(async () => {});
    viewer.waitForTurn(takeOver);
    viewer.release();
    caller.release();
    const next = new CallerLock(locks, NAME);
    await vi.waitFor(async () => expect(await next.acquire()).toBe('caller'));
    expect(takeOver).not.toHaveBeenCalled();
  });

  it('is the caller without Web Locks, or when the request fails', async () => {
    expect(await new CallerLock(null, NAME).acquire()).toBe('caller');
    const failing = { request: vi.fn(async () => Promise.reject(new Error('SecurityError'))) };
    expect(await new CallerLock(failing, NAME).acquire()).toBe('caller');
  });
});
