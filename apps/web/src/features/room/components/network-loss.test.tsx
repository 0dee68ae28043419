// Decision 084: a dropped network is seen and heard in the room at once, auto call goes on through it, and a
// reload keeps auto call as it was.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../model/types';
import { createFakeRoom, fakeRoomVoice, renderRoom } from '../testing';
import { BACK_ONLINE_MS } from './network-banner';

const tone = vi.hoisted(() => ({ play: vi.fn((_volume?: number) => true) }));
vi.mock('@/voice/alert-tone', () => ({ alertTone: tone }));

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const calls = (room: ReturnType<typeof createFakeRoom>) =>
  room.commands.filter((c) => c.type === 'call-next').length;
const banner = () => screen.queryByRole('alert');
const pending = (waiting: number, offlineSince: string | null = '2025-11-23T07:05:00.000Z'): SyncStatus => ({
  kind: 'pending',
  waiting,
  offlineSince,
  retryAt: null,
});
/** Moves the fake clock and lets what it set off run. */
const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

/** A reload: the page goes without closing the room (no React cleanup runs), the tab's sessionStorage stays. */
function reload() {
  const kept = Object.entries(sessionStorage);
  cleanup();
  for (const [key, value] of kept) sessionStorage.setItem(key, value);
}

beforeEach(() => {
  tone.play.mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('a dropped network in the room', () => {
  it('auto call goes on locally; the banner says the calls wait here, the caller hears one tone', async () => {
    vi.useFakeTimers();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    fireEvent.click(button('Auto Call'));
    await advance(3000);
    expect(calls(room)).toBe(1);
    expect(banner()).not.toBeInTheDocument();

    act(() => room.set({ online: false, sync: pending(1) }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('No connection to the server');
    expect(alert).toHaveTextContent(
      'Calls are kept on this device and will be sent when the network is back',
    );
    expect(alert).toHaveTextContent('1 action waiting');
    expect(tone.play).toHaveBeenCalledTimes(1);
    expect(tone.play).toHaveBeenCalledWith(1);

    // The calls go on, offline: the banner counts them, the tone is not heard again.
    await advance(3000);
    expect(calls(room)).toBe(2);
    act(() => room.set({ sync: pending(2) }));
    await advance(3000);
    expect(calls(room)).toBe(3);
    act(() => room.set({ sync: pending(3) }));
    expect(screen.getByRole('alert')).toHaveTextContent('3 actions waiting');
    expect(screen.queryByText('Synced')).not.toBeInTheDocument();
    expect(tone.play).toHaveBeenCalledTimes(1);
    expect(button('Stop Auto')).toHaveAttribute('aria-pressed', 'true');

    // Back: it says what it sends, then what it sent, then goes.
    fireEvent.click(button('Stop Auto'));
    act(() => room.set({ online: true, sync: pending(3, null) }));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.getByText('Back online: sending 3 actions...')).toBeInTheDocument();
    act(() => room.set({ sync: { kind: 'synced' } }));
    expect(screen.getByText('Back online: 3 actions sent')).toBeInTheDocument();
    await advance(BACK_ONLINE_MS - 1);
    expect(screen.getByText('Back online: 3 actions sent')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText(/Back online/)).not.toBeInTheDocument();
    expect(tone.play).toHaveBeenCalledTimes(1);
  });

  it('counts a send without an answer as a dropped network while the browser still says online', () => {
    const room = createFakeRoom({ calls: 3 });
    renderRoom(room);
    act(() => room.set({ sync: pending(2) }));
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    expect(screen.getByText('Offline Mode')).toBeInTheDocument();
    // The stopped auto call's button says the same as the badge.
    expect(button('Auto (No Network)')).toBeInTheDocument();
    expect(tone.play).toHaveBeenCalledTimes(1);
    // Waiting for a send that is under way (no failure yet) is no dropped network.
    act(() => room.set({ sync: pending(2, null) }));
    expect(banner()).not.toBeInTheDocument();
    expect(screen.queryByText('Offline Mode')).not.toBeInTheDocument();
    expect(button('Auto Call')).toBeInTheDocument();
  });

  it("never says 'Synced' offline: with nothing waiting it says so", () => {
    const room = createFakeRoom({ calls: 3 });
    renderRoom(room);
    expect(screen.getByText('Synced')).toBeInTheDocument();
    act(() => room.set({ online: false }));
    expect(screen.queryByText('Synced')).not.toBeInTheDocument();
    expect(screen.getByText('Offline · nothing waiting')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Nothing waiting yet');
    act(() => room.set({ online: true }));
    expect(screen.getByText('Synced')).toBeInTheDocument();
    expect(screen.getByText('Back online')).toBeInTheDocument();
  });

  it('plays no tone when the voice is muted, in a viewer tab, or when the room opens offline', () => {
    const muted = fakeRoomVoice();
    muted.manager.setMuted(true);
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room, muted);
    act(() => room.set({ online: false }));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    cleanup();

    const viewer = createFakeRoom({ calls: 1, role: 'viewer' });
    renderRoom(viewer);
    act(() => viewer.set({ online: false }));
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    cleanup();

    renderRoom(createFakeRoom({ calls: 1, online: false }));
    expect(screen.getByRole('alert')).toHaveTextContent('No connection to the server');
    expect(tone.play).not.toHaveBeenCalled();
  });
});

describe('a browser that keeps the sound off after a reload', () => {
  it('asks for a click in the caller tab, and Turn the sound on lets the hall hear again', async () => {
    const voice = fakeRoomVoice();
    // The manager's word that the browser left its audio suspended (a reload without a gesture since).
    const blocked = (soundBlocked: boolean) => {
      const snapshot = voice.manager.getSnapshot();
      Object.assign(snapshot, { soundBlocked });
      act(() => voice.manager.setVolume(snapshot.volume === 1 ? 0.99 : 1));
    };
    renderRoom(createFakeRoom({ calls: 3 }), voice);
    expect(screen.queryByText('The browser keeps the sound off')).not.toBeInTheDocument();
    blocked(true);
    expect(screen.getByRole('alert')).toHaveTextContent('The browser keeps the sound off');
    fireEvent.click(button('Turn the sound on'));
    expect(voice.played).toContain('unlock');
    cleanup();

    // A viewer plays no sound: nothing to ask for.
    const viewerVoice = fakeRoomVoice();
    renderRoom(createFakeRoom({ calls: 3, role: 'viewer' }), viewerVoice);
    Object.assign(viewerVoice.manager.getSnapshot(), { soundBlocked: true });
    act(() => viewerVoice.manager.setVolume(0.5));
    expect(screen.queryByText('The browser keeps the sound off')).not.toBeInTheDocument();
  });
});

describe('auto call across a reload', () => {
  it('goes on in the caller tab, a whole interval after opening', async () => {
    vi.useFakeTimers();
    const before = createFakeRoom({ calls: 1 });
    renderRoom(before);
    fireEvent.click(button('Auto Call'));
    await advance(3000);
    expect(calls(before)).toBe(1);
    reload();

    // The room opens again, its last call long past: nothing at once, the next call one interval later.
    await advance(60_000);
    const room = createFakeRoom({ calls: 2, lastCallAt: new Date(Date.now() - 60_000).toISOString() });
    renderRoom(room);
    expect(button('Stop Auto')).toHaveAttribute('aria-pressed', 'true');
    await advance(2999);
    expect(calls(room)).toBe(0);
    await advance(1);
    expect(calls(room)).toBe(1);
    await advance(3000);
    expect(calls(room)).toBe(2);

    // And once more.
    reload();
    const again = createFakeRoom({ calls: 4 });
    renderRoom(again);
    expect(button('Stop Auto')).toBeInTheDocument();
  });

  it('waits until the tab knows it is the caller; a viewer tab never calls', async () => {
    vi.useFakeTimers();
    renderRoom(createFakeRoom({ calls: 1 }));
    fireEvent.click(button('Auto Call'));
    reload();

    const viewer = createFakeRoom({ calls: 1, role: 'unknown' });
    renderRoom(viewer);
    act(() => viewer.set({ role: 'viewer' }));
    await advance(10_000);
    expect(viewer.commands).toEqual([]);
    expect(button('Auto Call')).toHaveAttribute('aria-pressed', 'false');
    // It forgot: the next opening does not call either.
    reload();
    const after = createFakeRoom({ calls: 1 });
    renderRoom(after);
    await advance(10_000);
    expect(after.commands).toEqual([]);
    cleanup();

    renderRoom(createFakeRoom({ calls: 1 }));
    fireEvent.click(button('Auto Call'));
    reload();
    const caller = createFakeRoom({ calls: 1, role: 'unknown' });
    renderRoom(caller);
    await advance(5000);
    expect(caller.commands).toEqual([]);
    act(() => caller.set({ role: 'caller' }));
    await advance(2999);
    expect(calls(caller)).toBe(0);
    await advance(1);
    expect(calls(caller)).toBe(1);
  });

  it('is forgotten when the agent stops it, on a refusal, and when the agent leaves the room', async () => {
    vi.useFakeTimers();
    const stopped = createFakeRoom({ calls: 1 });
    renderRoom(stopped);
    fireEvent.click(button('Auto Call'));
    fireEvent.click(button('Stop Auto'));
    reload();
    renderRoom(createFakeRoom({ calls: 1 }));
    expect(button('Auto Call')).toHaveAttribute('aria-pressed', 'false');
    cleanup();

    const refused = createFakeRoom({ calls: 1 });
    renderRoom(refused);
    refused.refuseNext('call-next', 'STORAGE', 'The game could not be saved on this device');
    fireEvent.click(button('Auto Call'));
    await advance(3000);
    expect(screen.getByRole('alert')).toHaveTextContent('The game could not be saved on this device');
    reload();
    renderRoom(createFakeRoom({ calls: 1 }));
    expect(button('Auto Call')).toHaveAttribute('aria-pressed', 'false');
    cleanup();

    // Leaving closes the room (its effects): coming back later does not start calling by itself.
    renderRoom(createFakeRoom({ calls: 1 }));
    fireEvent.click(button('Auto Call'));
    cleanup();
    renderRoom(createFakeRoom({ calls: 1 }));
    expect(button('Auto Call')).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('auto call and pause', () => {
  it('pressed while paused: on, says it starts when you resume, and starts a whole interval after Resume', async () => {
    vi.useFakeTimers();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    fireEvent.click(button('Pause'));
    await advance(0);
    fireEvent.click(button('Auto Call'));
    expect(button('Stop Auto')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Auto call starts when you resume')).toBeVisible();
    expect(button('Stop Auto')).toHaveAccessibleDescription('Auto call starts when you resume');
    await advance(10_000);
    expect(calls(room)).toBe(0);

    fireEvent.click(button('Resume'));
    await advance(0);
    expect(screen.queryByText('Auto call starts when you resume')).not.toBeInTheDocument();
    await advance(2999);
    expect(calls(room)).toBe(0);
    await advance(1);
    expect(calls(room)).toBe(1);
  });

  it('a resume the data layer reports restarts calling a whole interval later, never at once', async () => {
    vi.useFakeTimers();
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room);
    fireEvent.click(button('Auto Call'));
    await advance(3000);
    expect(calls(room)).toBe(1);
    fireEvent.click(button('Pause'));
    await advance(10_000);

    // As in the browser: the resume arrives from the room's store after its write, outside any event of
    // React's, and a timer due at once may fire before React renders again.
    await room.controller().dispatch({ type: 'resume' });
    await advance(0);
    expect(calls(room)).toBe(1);
    await advance(2999);
    expect(calls(room)).toBe(1);
    await advance(1);
    expect(calls(room)).toBe(2);
  });
});
