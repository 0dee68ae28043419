import { describe, expect, it, vi } from 'vitest';

// The room's server calls load the contract's schemas with their first call (decision 073). On a flaky network
// that load can fail: the outbox must treat it as it treats no network (try again), not as the server's refusal.
vi.mock('@/lib/contract', () => ({
  loadWholeContract: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
}));

const { isTransient, roomServer } = await import('./room-server');

describe('the room server before its schemas have loaded', () => {
  it('fails a call with a transient error when the schemas cannot be fetched', async () => {
    const server = roomServer('G7K2M9QX4TB');
    for (const call of [() => server.state(), () => server.events([]), () => server.cancel('')]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(isTransient(error)).toBe(true);
    }
    // The user's refresh after money moved is best effort: it swallows the failure.
    await expect(server.refreshUser()).resolves.toBeUndefined();
  });
});
