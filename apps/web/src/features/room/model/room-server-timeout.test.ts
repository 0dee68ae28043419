import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import { loadWholeContract } from '@/lib/contract';
import { isTransient, roomServer, SEND_TIMEOUT_MS } from './room-server';

afterEach(() => {
  vi.useRealTimers();
});

// Decision 084: a link that hangs (the hall's wifi up, its mobile data gone) answers nothing, for minutes. The
// room's send gives up after SEND_TIMEOUT_MS as on no network, so the room says the calls wait on this device.
describe('a send of the room with no answer', () => {
  it('fails as the network does after SEND_TIMEOUT_MS, and not before', async () => {
    // The contract's schemas load with the room's first send (decision 073): here, before it.
    await loadWholeContract();
    vi.useFakeTimers();
    const fetch = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const sent = roomServer('G7K2M9QX4TB')
      .events([{ seq: 1, at: '2025-11-23T09:01:00.000Z', type: 'call-next' }])
      .then(
        () => null,
        (error: unknown) => error,
      );
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    let settled = false;
    void sent.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(SEND_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await sent;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK' });
    expect(isTransient(error)).toBe(true);
  });
});
