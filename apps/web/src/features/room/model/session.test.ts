import 'fake-indexeddb/auto';
import { FIRST_CALL_NEEDS_NETWORK } from '@cartela/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BingoOfflineDB, outboxRange } from '@/lib/offline-db';
import { backoffDelay } from './outbox-sync';
import { RoomSession } from './session';
import { IndexedDbRoomStore, MemoryRoomStore, type RoomStore } from './store';
import { fakeBrowser, fakeServer } from './testing';
import { roomChannelName } from './types';

let db: BingoOfflineDB;
let sessions: RoomSession[] = [];

beforeEach(() => {
  db = new BingoOfflineDB(`room-${Math.random()}`);
});
afterEach(async () => {
  for (const s of sessions) s.close();
  sessions = [];
  vi.useRealTimers();
  await db.delete();
});

function setup(
  options: {
    server?: ReturnType<typeof fakeServer>;
    browser?: ReturnType<typeof fakeBrowser>;
    store?: RoomStore;
    batchSize?: number;
  } = {},
) {
  const server = options.server ?? fakeServer();
  const browser = options.browser ?? fakeBrowser();
  vi.stubGlobal('fetch', server.fetch);
  const open = (store: RoomStore = options.store ?? new IndexedDbRoomStore(db)) => {
    const session = new RoomSession(server.gameId, {
      store,
      env: browser.env(),
      batchSize: options.batchSize,
    });
    sessions.push(session);
    session.start();
    return session;
  };
  return { server, browser, open };
}

const outbox = async (gameId: string) => (await db.open()).getAll('outbox', outboxRange(gameId));

async function callN(session: RoomSession, n: number) {
  for (let i = 0; i < n; i++) {
    const result = await session.dispatch({ type: 'call-next' });
    expect(result).toMatchObject({ ok: true });
  }
}

/** Opens the room and starts the round online (the first call brings the order), ready to go offline. */
async function started(open: () => RoomSession) {
  const session = open();
  await session.idle();
  await callN(session, 1);
  await session.idle();
  return session;
}

describe('RoomSession: loading', () => {
  it('loads the game from the server when nothing is kept, and keeps it', async () => {
    const { server, open } = setup();
    const session = open();
    await session.idle();
    const view = session.getView();
    expect(view).toMatchObject({ status: 'ready', role: 'caller', sync: { kind: 'synced' }, online: true });
    expect(view.state?.seedHex).toBeNull();
    // Before the first call the order is sealed: nothing of it reaches the room.
    expect(view.state).toMatchObject({ remaining: [], orderSealed: true, calledNumbers: [] });
    expect(view.game).toMatchObject({ gameId: server.gameId, players: 2, stake: 20, prize: 36, coinCost: 1 });
    const kept = await db.gameData.get(server.gameId);
    expect(kept?.agentId).toBe('u-agent1');
    expect(kept?.gameState).toMatchObject({ lastSeq: 0, syncedSeq: 0 });
  });

  it("answers 'missing' for a game the server does not know", async () => {
    const { open } = setup({ server: fakeServer({ gameId: 'GUNKNOWN' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Game not found', code: 'NOT_FOUND' }), { status: 404 }),
      ),
    );
    const session = open();
    await session.idle();
    expect(session.getView()).toMatchObject({ status: 'missing', error: 'Game not found', state: null });
  });

  it('asks the browser to keep its storage, once', async () => {
    const { browser, open } = setup();
    const session = open();
    await session.idle();
    await vi.waitFor(() => expect(session.getView().persisted).toBe(true));
    expect(browser.persist).toHaveBeenCalledTimes(1);
  });
});

describe('RoomSession: commands', () => {
  it('writes the new state and its outbox event in ONE transaction before the view shows it', async () => {
    const { server, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    const ball = session.getView().state!.remaining[0]!;
    expect(ball).toBe(server.order[1]);
    const transaction = vi.spyOn(await db.open(), 'transaction');

    const result = await session.dispatch({ type: 'call-next' });

    expect(result.ok).toBe(true);
    // One read-write transaction (reads of the outbox for the sync may come beside it).
    expect(transaction.mock.calls.filter(([, mode]) => mode === 'readwrite')).toHaveLength(1);
    const kept = await db.gameData.get(server.gameId);
    expect(kept?.calledNumbers).toEqual(server.order.slice(0, 2));
    expect(kept?.gameState).toMatchObject({ lastSeq: 2, syncedSeq: 1 });
    const events = await outbox(server.gameId);
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toMatchObject({ seq: 2, type: 'call-next', expected: ball });
    expect(session.getView().state?.calledNumbers).toEqual(server.order.slice(0, 2));
    expect(session.getView().lastCallAt).toBe(events[0]!.event.at);
  });

  it('shows nothing when the write fails, and keeps nothing half-written', async () => {
    const { server, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    // An event already under seq 2: the outbox add fails, and the state written before it is rolled back.
    await db.outbox.add({
      gameId: server.gameId,
      seq: 2,
      event: { seq: 2, at: '2026-01-01T10:00:00.000Z', type: 'pause' },
    });

    const result = await session.dispatch({ type: 'call-next' });

    expect(result).toMatchObject({ ok: false, code: 'STORAGE' });
    expect(session.getView().state?.calledNumbers).toEqual(server.order.slice(0, 1));
    expect((await db.gameData.get(server.gameId))?.calledNumbers).toEqual(server.order.slice(0, 1));
  });

  it("returns core's refusal and writes nothing", async () => {
    const { server, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    expect(await session.dispatch({ type: 'pause' })).toMatchObject({ ok: true });
    expect(await session.dispatch({ type: 'call-next' })).toEqual({
      ok: false,
      code: 'GAME_PAUSED',
      message: expect.any(String),
    });
    expect(await outbox(server.gameId)).toHaveLength(1);
  });

  it('reopens the same state after a reload, with no network, and goes on from the next seq', async () => {
    const { server, open } = setup();
    const first = await started(open);
    server.setOnline(false);
    await callN(first, 3);
    const called = first.getView().state!.calledNumbers;
    first.close();

    const second = open();
    await second.idle();
    expect(second.getView()).toMatchObject({
      status: 'ready',
      role: 'caller',
      sync: { kind: 'pending', waiting: 3 },
    });
    expect(second.getView().state?.calledNumbers).toEqual(called);
    await callN(second, 1);
    expect((await outbox(server.gameId)).map((r) => r.seq)).toEqual([2, 3, 4, 5]);
  });

  it('finishes offline through the outbox like any event', async () => {
    const { server, browser, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    browser.setOnline(false);
    await callN(session, 2);
    expect(await session.dispatch({ type: 'finish' })).toMatchObject({ ok: true });
    expect(session.getView().state?.status).toBe('finished');

    server.setOnline(true);
    browser.setOnline(true);
    await session.idle();
    expect(server.state.status).toBe('finished');
    expect(server.state.calledNumbers).toEqual(session.getView().state?.calledNumbers);
    expect(session.getView().sync).toEqual({ kind: 'synced' });
  });
});

describe('RoomSession: sync', () => {
  it('sends 20 offline calls once each, in order, when the network returns', async () => {
    const { server, browser, open } = setup({ batchSize: 8 });
    const session = await started(open);
    server.setOnline(false);
    browser.setOnline(false);
    await callN(session, 20);
    await session.idle();
    expect(session.getView().sync).toMatchObject({ kind: 'pending', waiting: 20 });
    expect(session.getView().sync).toMatchObject({ offlineSince: expect.any(String) });
    expect(server.log).toHaveLength(1);

    server.setOnline(true);
    browser.setOnline(true);
    await session.idle();

    // The first call went alone (seq 1), the 20 offline ones after it.
    expect(server.receivedSeqs()).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(server.batches.map((b) => b.length)).toEqual([1, 8, 8, 4]);
    expect(server.state.calledNumbers).toEqual(session.getView().state?.calledNumbers);
    expect(server.state.calledNumbers).toEqual(server.order.slice(0, 21));
    expect(session.getView().sync).toEqual({ kind: 'synced' });
    expect(await outbox(server.gameId)).toHaveLength(0);
    expect((await db.gameData.get(server.gameId))?.gameState).toMatchObject({ lastSeq: 21, syncedSeq: 21 });
  });

  it('retries with backoff (1 s, 2 s, 4 s ... 30 s) while the server is down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server, open } = setup({ store: new MemoryRoomStore() });
    const session = await started(open);
    server.overrides.push('503', '503', '503');
    await session.dispatch({ type: 'call-next' });
    await session.idle();
    expect(server.eventPosts()).toBe(2);
    expect(session.getView().sync).toMatchObject({
      kind: 'pending',
      waiting: 1,
      retryAt: new Date(Date.now() + 1000).toISOString(),
    });

    await vi.advanceTimersByTimeAsync(999);
    expect(server.eventPosts()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await session.idle();
    expect(server.eventPosts()).toBe(3);
    await vi.advanceTimersByTimeAsync(1999);
    expect(server.eventPosts()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    await session.idle();
    expect(server.eventPosts()).toBe(4);
    await vi.advanceTimersByTimeAsync(4000);
    await session.idle();
    expect(server.eventPosts()).toBe(5);
    expect(session.getView().sync).toEqual({ kind: 'synced' });

    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('takes a replayed batch (the answer was lost) as a no-op', async () => {
    const { server, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    await callN(session, 3);
    server.setOnline(true);
    server.overrides.push('lose-answer');
    session.syncNow();
    await session.idle();
    expect(server.log).toHaveLength(4);
    expect(session.getView().sync).toMatchObject({ kind: 'pending', waiting: 3 });

    session.syncNow();
    await session.idle();
    expect(server.receivedSeqs()).toEqual([1, 2, 3, 4, 2, 3, 4]);
    expect(server.log).toHaveLength(4);
    expect(server.state.calledNumbers).toEqual(session.getView().state?.calledNumbers);
    expect(session.getView().sync).toEqual({ kind: 'synced' });
  });

  it("stops syncing on a refusal, keeps the local record and shows the server's reason", async () => {
    const { server, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    server.act({ type: 'pause' }); // another device paused the game on the server: seq 2 is taken
    await callN(session, 2);
    server.setOnline(true);
    session.syncNow();
    await session.idle();

    expect(session.getView().sync).toEqual({
      kind: 'refused',
      seq: 2,
      reason: 'EVENT_CONFLICT',
      message: 'Event 2 conflicts',
      waiting: 2,
    });
    expect(session.getView().state?.calledNumbers).toHaveLength(3);
    const posts = server.eventPosts();

    // The room goes on locally, and sends nothing more.
    await callN(session, 1);
    await session.idle();
    expect(server.eventPosts()).toBe(posts);
    expect(session.getView().sync).toMatchObject({ kind: 'refused', waiting: 3 });

    // A reload stays refused.
    session.close();
    const again = open();
    await again.idle();
    expect(again.getView().sync).toMatchObject({ kind: 'refused', reason: 'EVENT_CONFLICT' });
    expect(server.eventPosts()).toBe(posts);

    // syncNow tries once more.
    again.syncNow();
    await again.idle();
    expect(server.eventPosts()).toBe(posts + 1);
    expect(again.getView().sync).toMatchObject({ kind: 'refused', seq: 2 });
  });

  it("keeps a reducer refusal's code and seq, and a gap's", async () => {
    const { server, open } = setup();
    const session = await started(open);
    server.overrides.push(
      new Response(
        JSON.stringify({
          message: 'Event 2: Game is paused',
          code: 'CONFLICT',
          reason: 'GAME_PAUSED',
          seq: 2,
        }),
        { status: 409 },
      ),
    );
    await callN(session, 1);
    await session.idle();
    expect(session.getView().sync).toMatchObject({ kind: 'refused', reason: 'GAME_PAUSED', seq: 2 });

    server.overrides.push(
      new Response(JSON.stringify({ message: 'Gap', code: 'CONFLICT', reason: 'EVENT_GAP', seq: 2 }), {
        status: 409,
      }),
    );
    session.syncNow();
    await session.idle();
    expect(session.getView().sync).toMatchObject({ kind: 'refused', reason: 'EVENT_GAP', message: 'Gap' });
  });

  it('refreshes the stored user after a confirmed win, and tells the display', async () => {
    const { server, browser, open } = setup({ server: fakeServer({ patternId: 'agents-own' }) });
    const session = open();
    await session.idle();
    await callN(session, 1);
    const result = await session.dispatch({ type: 'validate', cartelaNumber: 1, decision: 'good-bingo' });
    expect(result.ok).toBe(true);
    await session.idle();
    await vi.waitFor(() => expect(server.calls).toContain('GET /api/auth/me'));
    await vi.waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}').virtualCoins).toBe(999));
    expect(server.state.winners.map((w) => w.cartelaNumber)).toEqual([1]);
    expect(browser.messages.map((m) => m.message)).toContainEqual({ type: 'celebrate', cartelaNumber: 1 });
  });

  it('tells the display the cartela being checked, and why one is blocked (issue 19)', async () => {
    const { browser, open } = setup();
    const session = open();
    await session.idle();
    await callN(session, 1);
    session.showClaim(2);
    expect(browser.messages.map((m) => m.message)).toContainEqual({ type: 'checking', cartelaNumber: 2 });
    const result = await session.dispatch({ type: 'validate', cartelaNumber: 2, decision: 'block' });
    expect(result.ok).toBe(true);
    session.showClaim(null);
    const said = browser.messages.map((m) => m.message);
    const blocked = said.find((m) => m.type === 'blocked');
    expect(blocked).toMatchObject({ type: 'blocked', cartelaNumber: 2 });
    expect(['PATTERN_INCOMPLETE', 'LATE_CLAIM']).toContain((blocked as { reason?: string }).reason);
    expect(said.at(-1)).toEqual({ type: 'checking-done' });
  });
});

describe('RoomSession: the first call (the order sealed until then)', () => {
  it("is refused offline at once with core's ORDER_SEALED, and nothing is sent or kept", async () => {
    const { server, browser, open } = setup();
    const session = open();
    await session.idle();
    server.setOnline(false);
    browser.setOnline(false);
    const posts = server.calls.length;

    expect(await session.dispatch({ type: 'call-next' })).toEqual({
      ok: false,
      code: 'ORDER_SEALED',
      message: FIRST_CALL_NEEDS_NETWORK,
    });
    expect(server.calls).toHaveLength(posts);
    expect(await outbox(server.gameId)).toHaveLength(0);
    expect(session.getView().state).toMatchObject({ calledNumbers: [], orderSealed: true });
    // Everything else still works offline (pause, shuffle), through the outbox.
    expect(await session.dispatch({ type: 'pause' })).toMatchObject({ ok: true });
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: false, code: 'GAME_PAUSED' });
  });

  it('online: the outbox first, then ONE post with the call; its answer brings the order, and the next calls go offline', async () => {
    const { server, browser, open } = setup();
    const session = open();
    await session.idle();
    server.setOnline(false);
    browser.setOnline(false);
    await session.dispatch({ type: 'shuffle' });
    server.setOnline(true);
    browser.setOnline(true);
    await session.idle();
    expect(server.log.map((e) => e.type)).toEqual(['shuffle']);
    const before = server.batches.length;

    const result = await session.dispatch({ type: 'call-next' });

    expect(result).toMatchObject({ ok: true });
    const sent = server.batches.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual([{ seq: 2, at: expect.any(String), type: 'call-next' }]);
    const view = session.getView();
    expect(view.state?.calledNumbers).toEqual([server.order[0]]);
    expect(view.state?.remaining).toEqual(server.order.slice(1));
    expect(view.state?.orderSealed).toBeUndefined();
    expect(view.lastCallAt).toBe(sent[0]![0]!.at);
    expect(view.sync).toEqual({ kind: 'synced' });
    expect((await db.gameData.get(server.gameId))?.gameState).toMatchObject({ lastSeq: 2, syncedSeq: 2 });

    server.setOnline(false);
    browser.setOnline(false);
    await callN(session, 3);
    expect(session.getView().state?.calledNumbers).toEqual(server.order.slice(0, 4));
    expect((await outbox(server.gameId)).map((r) => r.event)).toMatchObject([
      { seq: 3, type: 'call-next', expected: server.order[1] },
      { seq: 4, type: 'call-next', expected: server.order[2] },
      { seq: 5, type: 'call-next', expected: server.order[3] },
    ]);
    server.setOnline(true);
    browser.setOnline(true);
    await session.idle();
    expect(server.state.calledNumbers).toEqual(server.order.slice(0, 4));
  });

  it("shows a refusal's message and changes nothing", async () => {
    const { server, open } = setup();
    const session = open();
    await session.idle();
    server.overrides.push(
      new Response(
        JSON.stringify({
          message: 'Event 1: Game is paused',
          code: 'CONFLICT',
          reason: 'GAME_PAUSED',
          seq: 1,
        }),
        { status: 409 },
      ),
    );
    expect(await session.dispatch({ type: 'call-next' })).toEqual({
      ok: false,
      code: 'GAME_PAUSED',
      message: 'Event 1: Game is paused',
    });
    expect(session.getView()).toMatchObject({ sync: { kind: 'synced' }, state: { orderSealed: true } });
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: true });
  });

  it("after a lost answer: commands wait, then the room reads the server's state and has the call", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server, open } = setup({ store: new MemoryRoomStore() });
    const session = open();
    await session.idle();
    server.overrides.push('lose-answer');

    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: false, code: 'ANSWER_LOST' });
    expect(server.state.calledNumbers).toEqual([server.order[0]]);
    expect(session.getView().sync).toMatchObject({ kind: 'checking' });
    expect(session.getView().state?.calledNumbers).toEqual([]);
    expect(await session.dispatch({ type: 'pause' })).toMatchObject({
      ok: false,
      code: 'WAITING_FOR_SERVER',
    });
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({
      ok: false,
      code: 'WAITING_FOR_SERVER',
    });

    await vi.advanceTimersByTimeAsync(1000);
    await session.idle();
    const view = session.getView();
    expect(view.sync).toEqual({ kind: 'synced' });
    expect(view.state?.calledNumbers).toEqual([server.order[0]]);
    expect(view.state?.remaining).toEqual(server.order.slice(1));
    expect(view.lastCallAt).not.toBeNull();
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: true });
    await session.idle();
    expect(server.log.map((e) => e.seq)).toEqual([1, 2]);
  });

  it('after a lost answer that never reached the server: the sealed state comes back, and Call works again', async () => {
    const { server, browser, open } = setup();
    const session = open();
    await session.idle();
    // The network drops as the call leaves: no answer, nothing applied.
    server.setOnline(false);
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: false, code: 'ANSWER_LOST' });
    expect(session.getView().sync).toMatchObject({ kind: 'checking' });

    server.setOnline(true);
    browser.setOnline(true);
    await session.idle();
    expect(session.getView()).toMatchObject({ sync: { kind: 'synced' }, state: { orderSealed: true } });
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: true });
    expect(session.getView().state?.calledNumbers).toEqual([server.order[0]]);
  });
});

describe('RoomSession: shuffle', () => {
  it('is an ordinary command: offline, into the outbox; the order stays as it was', async () => {
    const { server, browser, open } = setup();
    const session = await started(open);
    server.setOnline(false);
    browser.setOnline(false);
    await callN(session, 2);
    const remaining = session.getView().state!.remaining;

    expect(await session.dispatch({ type: 'shuffle' })).toMatchObject({ ok: true });

    expect(session.getView().state).toMatchObject({ shuffles: [3], remaining });
    const events = await outbox(server.gameId);
    expect(events.at(-1)).toMatchObject({ seq: 4, event: { seq: 4, type: 'shuffle' } });
    expect(events.at(-1)!.event).not.toHaveProperty('remaining');
    expect(server.calls.some((c) => c.includes('shuffle-numbers'))).toBe(false);

    await callN(session, 1);
    expect(session.getView().state?.calledNumbers).toEqual(server.order.slice(0, 4));
    server.setOnline(true);
    browser.setOnline(true);
    await session.idle();
    expect(server.log.map((e) => e.type)).toEqual([
      'call-next',
      'call-next',
      'call-next',
      'shuffle',
      'call-next',
    ]);
    expect(server.state.shuffles).toEqual([3]);
    expect(session.getView().sync).toEqual({ kind: 'synced' });
  });

  it('works before the first call too (the order sealed)', async () => {
    const { server, browser, open } = setup();
    const session = open();
    await session.idle();
    browser.setOnline(false);
    server.setOnline(false);
    expect(await session.dispatch({ type: 'shuffle' })).toMatchObject({ ok: true });
    expect(session.getView().state?.shuffles).toEqual([0]);
    expect(await outbox(server.gameId)).toHaveLength(1);
  });
});

describe('RoomSession: cancel', () => {
  it('needs the network: offline it is refused and nothing changes', async () => {
    const { server, browser, open } = setup();
    const session = open();
    await session.idle();
    browser.setOnline(false);
    server.setOnline(false);
    expect(await session.dispatch({ type: 'cancel', reason: 'Wrong cartelas' })).toMatchObject({
      ok: false,
      code: 'OFFLINE',
    });
    expect(session.getView().state?.status).toBe('active');
  });

  it('sends the outbox first, then POST /cancel with the reason; the room keeps the cancelled game at its seq', async () => {
    const { server, browser, open } = setup();
    const session = open();
    await session.idle();
    // Two shuffles before the first call, offline: they wait in the outbox.
    server.setOnline(false);
    browser.setOnline(false);
    expect(await session.dispatch({ type: 'shuffle' })).toMatchObject({ ok: true });
    expect(await session.dispatch({ type: 'shuffle' })).toMatchObject({ ok: true });
    server.setOnline(true);
    browser.setOnline(true);

    const result = await session.dispatch({ type: 'cancel', reason: '  Power cut  ' });

    expect(result).toMatchObject({
      ok: true,
      message: 'Game cancelled: 1 coins refunded',
      refundedCoins: 1,
      state: { status: 'cancelled', cancelReason: 'Power cut' },
    });
    const cancelAt = server.calls.indexOf(`POST /api/games/${server.gameId}/cancel`);
    expect(server.calls.slice(0, cancelAt)).toContain(`POST /api/games/${server.gameId}/events`);
    expect(server.log.map((e) => e.type)).toEqual(['shuffle', 'shuffle', 'cancel']);
    expect(server.state).toMatchObject({ status: 'cancelled', cancelReason: 'Power cut' });
    expect(session.getView()).toMatchObject({ sync: { kind: 'synced' }, state: { status: 'cancelled' } });
    expect((await db.gameData.get(server.gameId))?.gameState).toMatchObject({ lastSeq: 3, syncedSeq: 3 });
    expect(await session.dispatch({ type: 'call-next' })).toMatchObject({ ok: false });
  });

  it("once a ball is called: refused on the device with core's GAME_STARTED, nothing sent (product/draw.md#cancelling)", async () => {
    const { server, open } = setup();
    const session = await started(open);
    const result = await session.dispatch({ type: 'cancel', reason: 'Power cut' });
    expect(result).toMatchObject({ ok: false, code: 'GAME_STARTED' });
    expect(server.calls).not.toContain(`POST /api/games/${server.gameId}/cancel`);
    expect(session.getView().state?.status).toBe('active');
  });

  it('before the first call: the coins come back and the user is read again', async () => {
    const { server, open } = setup();
    const session = open();
    await session.idle();
    const result = await session.dispatch({ type: 'cancel' });
    expect(result).toMatchObject({ ok: true, refundedCoins: 1, message: 'Game cancelled: 1 coins refunded' });
    await vi.waitFor(() => expect(server.calls).toContain('GET /api/auth/me'));
    expect(server.state.cancelReason).toBeNull();
  });
});

describe('RoomSession: one caller per game', () => {
  it('makes a second tab a read-only viewer that follows the caller, and lets it take over', async () => {
    const browser = fakeBrowser();
    const { server, open } = setup({ browser });
    const caller = await started(open);
    const viewer = open();
    await viewer.idle();

    expect(caller.getView().role).toBe('caller');
    expect(viewer.getView().role).toBe('viewer');
    expect(await viewer.dispatch({ type: 'call-next' })).toMatchObject({ ok: false, code: 'READ_ONLY' });

    await callN(caller, 2);
    await vi.waitFor(() =>
      expect(viewer.getView().state?.calledNumbers).toEqual(caller.getView().state?.calledNumbers),
    );
    expect(viewer.getView().role).toBe('viewer');

    const called = caller.getView().state!.calledNumbers;
    caller.close();
    await vi.waitFor(() => expect(viewer.getView().role).toBe('caller'));
    await viewer.idle();
    expect(viewer.getView().state?.calledNumbers).toEqual(called);
    await callN(viewer, 1);
    await viewer.idle();
    expect(server.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it("answers a display's hello with the view", async () => {
    const browser = fakeBrowser();
    const { open } = setup({ browser });
    const caller = open();
    await caller.idle();
    const display = browser.openChannel(roomChannelName(caller.gameId));
    const seen: unknown[] = [];
    display.onmessage = (e) => seen.push(e.data);
    display.postMessage({ type: 'hello' });
    await vi.waitFor(() => expect(seen).toContainEqual({ type: 'view', view: caller.getView() }));
  });

  it('acts as the caller where Web Locks are missing', async () => {
    const { open } = setup({ browser: fakeBrowser({ locks: false, persist: null }) });
    const session = open();
    await session.idle();
    expect(session.getView()).toMatchObject({ role: 'caller', persisted: null });
  });
});
