import type { GameEvent } from '@cartela/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api';
import type { OutboxRecord } from '@/lib/offline-db';
import { backoffDelay, OutboxSync, type SyncHost } from './outbox-sync';

afterEach(() => {
  vi.useRealTimers();
});

const event = (seq: number): OutboxRecord => ({
  gameId: 'G1',
  seq,
  event: { seq, at: '2026-01-01T10:00:00.000Z', type: seq % 2 ? 'pause' : 'resume' },
});
const down = () => new ApiError(503, 'SERVICE_UNAVAILABLE', 'Down');
const noNetwork = () => new ApiError(0, 'NETWORK', '');
const conflict = () =>
  new ApiError(409, 'CONFLICT', 'Event 3 conflicts', undefined, { reason: 'EVENT_CONFLICT', seq: 3 });

/** A room around the sync: an outbox of `count` events, a server that takes them (or fails as told). */
function setup({ count = 0, batchSize = 3, online = true } = {}) {
  let outbox = Array.from({ length: count }, (_, i) => event(i + 1));
  let refused = false;
  /** The next answers of the server: an error thrown, or a lastSeq. */
  const answers: Array<Error | number> = [];
  const posts: number[][] = [];
  const host = {
    canSend: () => !refused,
    outbox: async (limit: number) => outbox.slice(0, limit),
    post: vi.fn(async (events: GameEvent[]) => {
      posts.push(events.map((e) => e.seq));
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return { lastSeq: next ?? events.at(-1)!.seq };
    }),
    acknowledge: vi.fn(async (seq: number) => {
      outbox = outbox.filter((e) => e.seq > seq);
    }),
    refuse: vi.fn(async () => {
      refused = true;
    }),
    readServer: vi.fn(async () => sync.settled()),
    exclusive: <T>(fn: () => Promise<T>) => fn(),
    confirmed: vi.fn(),
    changed: vi.fn(),
  } satisfies SyncHost;
  const sync = new OutboxSync(host, online, batchSize);
  return {
    sync,
    host,
    answers,
    posts,
    add: (seq: number) => outbox.push(event(seq)),
    outbox: () => outbox.map((e) => e.seq),
  };
}

describe('OutboxSync', () => {
  it('sends the outbox in order, a batch at a time, each acknowledged before the next', async () => {
    const { sync, host, posts, outbox } = setup({ count: 7 });
    await sync.run();
    expect(posts).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
    expect(host.acknowledge.mock.calls.map(([seq]) => seq)).toEqual([3, 6, 7]);
    expect(host.confirmed).toHaveBeenCalledTimes(3);
    expect(outbox()).toEqual([]);
    expect(sync.facts()).toEqual({ online: true, offlineSince: null, retryAt: null, checking: false });
  });

  it('retries after 1 s, 2 s, 4 s ... 30 s while there is no answer; a command meanwhile waits for the retry', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sync, host, answers, posts, add } = setup({ count: 1 });
    answers.push(noNetwork(), down());
    await sync.run();
    expect(posts).toHaveLength(1);
    expect(sync.facts()).toMatchObject({
      offlineSince: new Date().toISOString(),
      retryAt: new Date(Date.now() + 1000).toISOString(),
    });
    expect(host.changed).toHaveBeenCalled();

    add(2);
    sync.nudge();
    await vi.advanceTimersByTimeAsync(999);
    expect(posts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts).toHaveLength(2);
    expect(sync.facts().retryAt).toBe(new Date(Date.now() + 2000).toISOString());
    await vi.advanceTimersByTimeAsync(2000);
    expect(posts).toEqual([[1], [1, 2], [1, 2]]);
    expect(sync.facts()).toMatchObject({ retryAt: null, offlineSince: null });

    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('retries an answer that does not cover its batch rather than looping on it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sync, host, answers, posts } = setup({ count: 2 });
    answers.push(1);
    await sync.run();
    expect(posts).toEqual([[1, 2]]);
    expect(host.acknowledge).not.toHaveBeenCalled();
    expect(sync.facts().retryAt).not.toBeNull();
  });

  it('stops on a refusal: the room notes it from the batch, and nothing more is sent', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sync, host, answers, posts } = setup({ count: 5 });
    answers.push(3, conflict());
    await sync.run();
    expect(posts).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(host.refuse).toHaveBeenCalledWith(expect.any(ApiError), 4);
    expect(sync.facts().retryAt).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    await sync.run();
    expect(posts).toHaveLength(2);
  });

  it('drains the whole outbox for an action the server makes, and says how it went', async () => {
    const sent = setup({ count: 4 });
    expect(await sent.sync.drain(1)).toBe('sent');
    expect(sent.posts).toEqual([[1, 2, 3], [4]]);

    const unreachable = setup({ count: 4 });
    unreachable.answers.push(down());
    expect(await unreachable.sync.drain(1)).toBe('no-answer');
    expect(unreachable.host.refuse).not.toHaveBeenCalled();

    const refused = setup({ count: 4 });
    refused.answers.push(3, conflict());
    expect(await refused.sync.drain(1)).toBe('refused');
    expect(refused.host.refuse).toHaveBeenCalledWith(expect.any(ApiError), 1);
  });

  it("after a lost answer: 'checking', then the server's state is read before anything is sent", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sync, host, posts } = setup({ count: 1 });
    sync.lost(noNetwork());
    expect(sync.awaiting).toBe(true);
    expect(sync.facts()).toMatchObject({ checking: true, retryAt: expect.any(String) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(host.readServer).toHaveBeenCalledTimes(1);
    expect(posts).toEqual([[1]]);
    expect(sync.facts()).toMatchObject({ checking: false, retryAt: null });
  });

  it('follows the network: offline since the first moment, online resets the backoff', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sync } = setup({ online: false });
    const since = new Date().toISOString();
    expect(sync.facts()).toMatchObject({ online: false, offlineSince: since });
    vi.advanceTimersByTime(5000);
    sync.wentOffline();
    expect(sync.facts().offlineSince).toBe(since);
    sync.failed(down());
    expect(sync.facts().retryAt).not.toBeNull();
    sync.wentOnline();
    expect(sync.facts()).toEqual({ online: true, offlineSince: null, retryAt: null, checking: false });
    expect(sync.isOnline).toBe(true);
  });

  it('schedules nothing once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { sync, answers, posts } = setup({ count: 1 });
    answers.push(down());
    await sync.run();
    sync.stop();
    expect(sync.facts().retryAt).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    await sync.run();
    expect(posts).toHaveLength(1);
  });
});
