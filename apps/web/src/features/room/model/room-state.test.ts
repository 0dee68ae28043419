import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncFacts } from './outbox-sync';
import { roomServer } from './room-server';
import { RoomState } from './room-state';
import { MemoryRoomStore } from './store';
import { fakeBrowser, fakeServer } from './testing';
import { type RoomMessage, roomChannelName } from './types';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A room's state on memory, the fake server and one tab's channel; the sync's facts as the test sets them. */
function setup(options: { server?: ReturnType<typeof fakeServer> } = {}) {
  const server = options.server ?? fakeServer();
  vi.stubGlobal('fetch', server.fetch);
  const browser = fakeBrowser();
  const store = new MemoryRoomStore();
  const facts: SyncFacts = { online: true, offlineSince: null, retryAt: null, checking: false };
  const adopted = vi.fn();
  const open = () => {
    const state = new RoomState({
      gameId: server.gameId,
      store,
      server: roomServer(server.gameId),
      sync: () => facts,
      adopted,
    });
    state.listen(browser.openChannel(roomChannelName(server.gameId)));
    return state;
  };
  const posted = () => browser.messages.map((m) => m.message);
  return { server, browser, store, facts, adopted, open, posted };
}

/** A caller's state with the game read from the server (order sealed, nothing called). */
async function caller(env: ReturnType<typeof setup>) {
  const state = env.open();
  await state.takeCharge();
  state.emit();
  return state;
}

const pauseEvent = (seq: number) => ({
  gameId: 'G7K2M9QX4TB',
  seq,
  event: { seq, at: '2026-01-01T10:00:00.000Z', type: 'pause' as const },
});

describe('RoomState', () => {
  it('shows the sync facts while loading, then the game read from the server, kept at once', async () => {
    const env = setup();
    env.facts.online = false;
    const state = env.open();
    expect(state.getView()).toMatchObject({ status: 'loading', role: 'unknown', online: false, state: null });

    await state.takeCharge();
    state.emit();
    expect(state.getView()).toMatchObject({ status: 'ready', role: 'caller', sync: { kind: 'synced' } });
    expect(await env.store.load(env.server.gameId)).toMatchObject({
      agentId: 'u-agent1',
      gameState: { lastSeq: 0, syncedSeq: 0, refused: null },
    });
    expect(env.posted().at(-1)).toEqual({ type: 'view', view: state.getView() });
  });

  it("says 'missing' for a 404 and 'error' otherwise (then worth reading again)", async () => {
    const missing = setup({ server: fakeServer({ gameId: 'GUNKNOWN' }) });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Game not found', code: 'NOT_FOUND' }), { status: 404 }),
      ),
    );
    const gone = missing.open();
    await gone.fetchFromServer();
    gone.emit();
    expect(gone.getView()).toMatchObject({ status: 'missing', error: 'Game not found' });
    expect(gone.loadFailed).toBe(false);

    const down = setup();
    down.server.setOnline(false);
    const failed = down.open();
    await failed.fetchFromServer();
    failed.emit();
    expect(failed.getView().status).toBe('error');
    expect(failed.loadFailed).toBe(true);
  });

  it('shows a commit only once written, and counts what waits for the server until acknowledged', async () => {
    const env = setup();
    const state = await caller(env);
    const listener = vi.fn();
    state.subscribe(listener);
    const record = state.record!;
    const next = { ...record, gameState: { ...record.gameState, lastSeq: 1 } };

    await state.commit(next, pauseEvent(1));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(state.getView().sync).toEqual({ kind: 'pending', waiting: 1, offlineSince: null, retryAt: null });
    expect(await env.store.outbox(env.server.gameId, 10)).toHaveLength(1);

    // The same seq again: the store refuses it, and nothing changes.
    await expect(state.commit({ ...next }, pauseEvent(1))).rejects.toThrow();
    expect(listener).toHaveBeenCalledTimes(1);

    env.facts.offlineSince = '2026-01-01T10:00:00.000Z';
    await state.acknowledge(1, [{ seq: 1 }]);
    expect(state.getView().sync).toEqual({ kind: 'synced' });
    expect(await env.store.outbox(env.server.gameId, 10)).toHaveLength(0);
  });

  it('notes a refusal in the record (a reload stays refused) until it is cleared', async () => {
    const env = setup();
    const state = await caller(env);
    await state.refuse(new Error('unknown'), 3);
    expect(state.getView().sync).toEqual({
      kind: 'refused',
      seq: 3,
      reason: 'REFUSED',
      message: 'The server refused an event of this game',
      waiting: 0,
    });
    expect((await env.store.load(env.server.gameId))?.gameState.refused).toMatchObject({ seq: 3 });
    await state.clearRefusal();
    state.emit();
    expect(state.getView().sync).toEqual({ kind: 'synced' });
  });

  it("adopts the server's state at its seq, the outbox emptied, the sync settled before the view shows it", async () => {
    const env = setup();
    const state = await caller(env);
    await state.commit(
      { ...state.record!, gameState: { ...state.record!.gameState, lastSeq: 1 } },
      pauseEvent(1),
    );
    env.facts.checking = true;
    env.adopted.mockImplementation(() => {
      env.facts.checking = false;
    });
    env.server.act({ type: 'call-next' });

    await state.readServer();

    expect(env.adopted).toHaveBeenCalledTimes(1);
    expect(state.getView()).toMatchObject({ sync: { kind: 'synced' }, lastCallAt: expect.any(String) });
    expect(state.getView().state?.calledNumbers).toEqual([env.server.order[0]]);
    expect(state.record?.gameState).toMatchObject({ lastSeq: 1, syncedSeq: 1 });
    expect(await env.store.outbox(env.server.gameId, 10)).toEqual([]);
  });

  it("lets a viewer follow the caller's views, and the caller answer a hello with its view and the claim", async () => {
    const env = setup();
    const first = await caller(env);
    first.showClaim(2);
    const second = env.open();
    second.becomeViewer();
    await vi.waitFor(() => expect(second.getView()).toMatchObject({ status: 'ready', role: 'viewer' }));
    expect(second.getView().game).toEqual(first.getView().game);
    const said: RoomMessage[] = env.posted();
    expect(said).toContainEqual({ type: 'hello' });
    expect(said.at(-1)).toEqual({ type: 'checking', cartelaNumber: 2 });

    // A viewer tells the display nothing.
    second.showClaim(1);
    expect(env.posted()).not.toContainEqual({ type: 'checking', cartelaNumber: 1 });
  });

  it("tells the display a claim is raised before any cartela is open, and a display's hello too (decision 083)", async () => {
    const env = setup();
    const first = await caller(env);
    first.showClaim('raised');
    expect(env.posted().at(-1)).toEqual({ type: 'claim-raised' });
    const second = env.open();
    second.becomeViewer();
    await vi.waitFor(() => expect(second.getView()).toMatchObject({ status: 'ready', role: 'viewer' }));
    expect(env.posted().at(-1)).toEqual({ type: 'claim-raised' });
    first.showClaim(null);
    expect(env.posted().at(-1)).toEqual({ type: 'checking-done' });
  });

  it('runs the changes of the record one at a time, a failure not stopping the next', async () => {
    const state = setup().open();
    const order: string[] = [];
    const slow = state.exclusive(async () => {
      await new Promise((r) => setTimeout(r, 10));
      order.push('slow');
      throw new Error('failed');
    });
    const next = state.exclusive(async () => {
      order.push('next');
    });
    await expect(slow).rejects.toThrow('failed');
    await next;
    expect(order).toEqual(['slow', 'next']);
  });
});
