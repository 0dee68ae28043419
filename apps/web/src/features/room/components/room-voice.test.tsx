// Issue 19: every ball heard, every sound of the pack at its moment (docs/decisions/060-every-ball-heard.md).
// The room on a real voice manager over fake audio: clips with durations, timed by the test's fake clock.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAudioContext, fakePackServer, fakeSpeech, TEST_PACK } from '@/voice/testing';
import { VoiceManager } from '@/voice/voice-manager';
import { createFakeRoom, renderRoom } from '../testing';

const button = (name: string | RegExp) => screen.getByRole('button', { name });

afterEach(() => {
  vi.useRealTimers();
});

/** A ready manager whose clips last `seconds` (1 s otherwise), timed by the global (fakeable) timers. */
async function voiceOf(seconds: Record<string, number>) {
  const context = new FakeAudioContext({
    get time() {
      return Date.now();
    },
  });
  const speech = fakeSpeech();
  const manager = new VoiceManager({
    fetch: fakePackServer({}, { seconds }).fetch,
    createAudioContext: () => context,
    store: null,
    speech: speech.speech,
    getToken: () => null,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    warn: () => {},
  });
  expect((await manager.init(TEST_PACK)).ready).toBe(true);
  vi.useFakeTimers();
  const t0 = Date.now();
  /** What started, and when (ms since the voice was made ready). */
  const heard = () => context.timeline().map(({ name, at }) => `${name}@${at - t0}`);
  return { manager, context, speech, heard, played: [] as string[] };
}

/** Moves the clock, then lets what that set off run (a call the voice's end released is due at once). */
async function advance(ms: number) {
  await act(async () => vi.advanceTimersByTime(ms));
  await act(async () => vi.advanceTimersByTime(0));
}

async function autoAt2s() {
  fireEvent.click(button('Room settings'));
  fireEvent.change(screen.getByLabelText('Calling speed'), { target: { value: '2000' } });
  fireEvent.click(button('Room settings'));
  fireEvent.click(button('Auto Call'));
  await advance(0);
}

describe('the room: every ball heard (issue 19)', () => {
  it('auto call at 2 s: the first ball follows the jingle, and each next call waits for a clip longer than 2 s', async () => {
    const voice = await voiceOf({
      'game_started.m4a': 1.5,
      'EVERYBODYJUMPBuilding.mp3': 1.5,
      'b-voices/b1.mp3': 2,
      'b-voices/b5.mp3': 2.6,
    });
    const room = createFakeRoom();
    renderRoom(room, voice as never);
    await autoAt2s();
    const calls = () => room.commands.filter((c) => c.type === 'call-next').length;
    expect(calls()).toBe(1);
    // game_started 0-1.5 s, jingle 2.5-4 s, B-1 5-7 s: no call before the first ball has been heard whole.
    await advance(6999);
    expect(calls()).toBe(1);
    await advance(1);
    expect(calls()).toBe(2);
    // B-5 lasts 2.6 s: the next call comes when it ends, not at 2 s.
    await advance(2599);
    expect(calls()).toBe(2);
    await advance(1);
    expect(calls()).toBe(3);
    // O-61 (1 s) is shorter than the interval: the rhythm is 2 s again.
    await advance(1999);
    expect(calls()).toBe(3);
    await advance(1);
    expect(calls()).toBe(4);
    await advance(1000);
    expect(voice.heard()).toEqual([
      'game_started.m4a@0',
      'EVERYBODYJUMPBuilding.mp3@2500',
      'b-voices/b1.mp3@5000',
      'b-voices/b5.mp3@7000',
      'o-voices/o61.mp3@9600',
      'o-voices/o65.mp3@11600',
    ]);
    expect(voice.context.cut()).toEqual([]);
  });

  it('a whole game of 75 balls at 2 s with 2.1-2.6 s clips: every ball heard, none cut short', async () => {
    const seconds: Record<string, number> = {};
    for (let n = 1; n <= 75; n += 1) {
      const letter = 'bingo'[Math.floor((n - 1) / 15)]!;
      seconds[`${letter}-voices/${letter}${n}.mp3`] = 2.1 + (n % 6) / 10;
    }
    const voice = await voiceOf(seconds);
    const room = createFakeRoom();
    renderRoom(room, voice as never);
    await autoAt2s();
    for (let i = 0; i < 250 && room.view.state!.calledNumbers.length < 75; i += 1) await advance(1000);
    await advance(5000);
    const numbers = voice.context.started().filter((name) => name.includes('-voices/'));
    expect(numbers).toHaveLength(75);
    expect(voice.context.cut()).toEqual([]);
  }, 90_000);

  it('plays the pause, shuffle and game end sounds at their moments, after the ball playing, never cutting it', async () => {
    const voice = await voiceOf({ 'b-voices/b1.mp3': 1.5, 'shuffling.mp3': 3 });
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room, voice as never);
    // Opening a room on a game already under way plays nothing.
    expect(voice.heard()).toEqual([]);

    fireEvent.click(button('Call Next'));
    await advance(0);
    await advance(500);
    fireEvent.click(button('Pause'));
    await advance(0);
    await advance(1000); // B-5 ends at 1 s: then the pause voice
    fireEvent.click(button('Resume')); // no sound: the packs have no resume voice
    await advance(2000);
    fireEvent.click(button('Shuffle'));
    await advance(4000);
    fireEvent.click(button('Finish Game'));
    fireEvent.click(screen.getAllByRole('button', { name: 'Finish Game' }).at(-1)!);
    await advance(0);
    await advance(2000);
    expect(room.view.state!.status).toBe('finished');
    expect(voice.heard()).toEqual([
      'b-voices/b5.mp3@0',
      'pause_voice.m4a@1000',
      'shuffling.mp3@3500',
      'game_end.m4a@7500',
    ]);
    expect(voice.context.cut()).toEqual([]);
  });

  it('a viewer tab stays silent', async () => {
    const voice = await voiceOf({});
    const room = createFakeRoom({ calls: 1, role: 'viewer' });
    renderRoom(room, voice as never);
    await act(async () => {
      await room.controller().dispatch({ type: 'call-next' });
      await room.controller().dispatch({ type: 'pause' });
    });
    await advance(5000);
    expect(voice.heard()).toEqual([]);
  });
});

describe('the room: the voice never behind the board (decision 082)', () => {
  const calls = (room: ReturnType<typeof createFakeRoom>) =>
    room.commands.filter((c) => c.type === 'call-next').length;
  const space = () => fireEvent.keyDown(window, { key: ' ' });

  it("'wait': Call Next and Space are held while the ball is heard, saying why, and free the moment it ends", async () => {
    const voice = await voiceOf({ 'b-voices/b5.mp3': 1.5 });
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room, voice as never);
    expect(button('Call Next')).toBeEnabled();
    fireEvent.click(button('Call Next'));
    await advance(0);
    expect(voice.heard()).toEqual(['b-voices/b5.mp3@0']);
    expect(button('Call Next')).toBeDisabled();
    expect(button('Call Next')).toHaveAccessibleDescription('Wait for the voice');
    expect(button('Call Next')).toHaveAttribute('title', 'Wait for the voice');
    space();
    await advance(1499);
    expect(calls(room)).toBe(1);
    expect(button('Call Next')).toBeDisabled();
    await advance(1);
    expect(button('Call Next')).toBeEnabled();
    expect(button('Call Next')).not.toHaveAccessibleDescription('Wait for the voice');
    space();
    await advance(0);
    expect(calls(room)).toBe(2);
    expect(voice.heard()).toEqual(['b-voices/b5.mp3@0', 'o-voices/o61.mp3@1500']);
  });

  it("'skip' (chosen in the settings): Call Next is never held, and the ball called cuts the one before", async () => {
    const voice = await voiceOf({ 'b-voices/b5.mp3': 1.5 });
    const room = createFakeRoom({ calls: 1 });
    renderRoom(room, voice as never);
    fireEvent.click(button('Room settings'));
    fireEvent.change(screen.getByLabelText('Voice pacing'), { target: { value: 'skip' } });
    expect(voice.manager.getSnapshot().pacing).toBe('skip');
    fireEvent.click(button('Room settings'));
    fireEvent.click(button('Call Next'));
    await advance(500);
    expect(button('Call Next')).toBeEnabled();
    space();
    await advance(0);
    expect(calls(room)).toBe(2);
    expect(voice.heard()).toEqual(['b-voices/b5.mp3@0', 'o-voices/o61.mp3@500']);
    expect(voice.context.cut().map((c) => c.name)).toEqual(['b-voices/b5.mp3']);
  });

  /** A manager loading the pack: the numbers come at once, the special sounds named in `held` when released. */
  function loadingVoice(held: (path: string) => boolean = (path) => !path.includes('-voices/')) {
    const server = fakePackServer();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const context = new FakeAudioContext();
    const manager = new VoiceManager({
      fetch: async (url, init) => {
        if (held(url.slice(TEST_PACK.fileBase.length))) await gate;
        return server.fetch(url, init);
      },
      createAudioContext: () => context,
      store: null,
      speech: fakeSpeech().speech,
      getToken: () => null,
      timers: {
        setTimeout: (callback, ms) => setTimeout(callback, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      },
      warn: () => {},
    });
    const loaded = manager.init(TEST_PACK);
    return { manager, context, loaded, release };
  }

  it("holds the first call while its voices load, says how far they are, and lets 'Start anyway'", async () => {
    const voice = loadingVoice();
    await vi.waitFor(() => expect(voice.manager.getSnapshot().progress.loaded).toBe(75));
    vi.useFakeTimers();
    const room = createFakeRoom();
    renderRoom(room, voice as never);
    expect(button('Call Next')).toBeDisabled();
    expect(button('Auto Call')).toBeDisabled();
    expect(
      screen.getByText('Voices loading: 75 of 86. The first ball waits for the start sounds.'),
    ).toBeInTheDocument();
    expect(button('Call Next')).toHaveAccessibleDescription(/Voices loading: 75 of 86/);
    space();
    await advance(0);
    expect(calls(room)).toBe(0);

    fireEvent.click(button('Start anyway'));
    expect(button('Call Next')).toBeEnabled();
    expect(button('Auto Call')).toBeEnabled();
    expect(screen.getByText(/^Voices still loading: 75 of 86\./)).toBeInTheDocument();
    fireEvent.click(button('Call Next'));
    await advance(0);
    expect(calls(room)).toBe(1);

    vi.useRealTimers();
    await act(async () => {
      voice.release();
      await voice.loaded;
    });
    expect(screen.queryByText(/Voices still loading/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start anyway' })).toBeNull();
  });

  it('lets the first call go once game_started and everybody_jump are in, before the other sounds', async () => {
    const essential = ['game_started.m4a', 'EVERYBODYJUMPBuilding.mp3'];
    const voice = loadingVoice((path) => !path.includes('-voices/') && !essential.includes(path));
    await vi.waitFor(() => expect(voice.manager.getSnapshot().essentialReady).toBe(true));
    vi.useFakeTimers();
    const room = createFakeRoom();
    renderRoom(room, voice as never);
    expect(voice.manager.getSnapshot().state).toBe('initialising');
    expect(button('Call Next')).toBeEnabled();
    expect(screen.queryByText(/Voices (still )?loading/)).toBeNull();
    fireEvent.click(button('Call Next'));
    await advance(0);
    // The opening is heard whole: game started, then the jingle, then the ball.
    await advance(10_000);
    expect(voice.context.started()).toEqual([
      'game_started.m4a',
      'EVERYBODYJUMPBuilding.mp3',
      'b-voices/b1.mp3',
    ]);
  });

  it('holds nothing while the voice is off', async () => {
    const voice = loadingVoice();
    voice.manager.setMuted(true);
    await vi.waitFor(() => expect(voice.manager.getSnapshot().progress.loaded).toBe(75));
    const room = createFakeRoom();
    renderRoom(room, voice as never);
    expect(button('Call Next')).toBeEnabled();
    expect(screen.queryByText(/Voices (still )?loading/)).toBeNull();
  });
});
