import 'fake-indexeddb/auto';
import { VOICE_PACK_FILES } from '@cartela/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BingoOfflineDB } from '@/lib/offline-db';
import {
  FakeAudioContext,
  type FileAnswer,
  fakePackServer,
  fakeVoiceManager,
  PACK_FILE_COUNT,
  TEST_PACK,
} from './testing';
import { corruptReason, SOUND_BLOCKED_MS, VoiceManager } from './voice-manager';

/** The voice item of a clip's path (the fake pack's names). */
const itemOf = (path: string): unknown => {
  const ball = /^[bingo]-voices\/[bingo](\d+)\.mp3$/.exec(path);
  if (ball) return Number(ball[1]);
  return { 'Goodbingo.m4a': 'good_bingo', 'winning.mp3': 'winning' }[path] ?? path;
};

/**
 * Read from the manager's marks as the browser tests read the sound log: for each ball's clip that started, how
 * many balls had been asked after it by then (0: it is the latest ball asked).
 */
function ballsBehind(): number[] {
  const asked: number[] = [];
  const behind: number[] = [];
  for (const mark of performance.getEntriesByType('mark') as PerformanceMark[]) {
    if (mark.name === 'cartela:voice-ask') {
      for (const item of mark.detail as unknown[]) if (typeof item === 'number') asked.push(item);
    } else if (mark.name === 'cartela:voice-start' && typeof mark.detail === 'number') {
      behind.push(asked.length - 1 - asked.lastIndexOf(mark.detail));
    }
  }
  return behind;
}

/** The path of a ball's clip: 'b-voices/b1.mp3'. */
const ballPath = (n: number) => {
  const letter = 'bingo'[Math.floor((n - 1) / 15)]!;
  return `${letter}-voices/${letter}${n}.mp3`;
};

const NOT_READY = 'Voice system not initialized';

function setup(
  answers: Record<string, FileAnswer | FileAnswer[]> = {},
  seconds: Record<string, number> = {},
) {
  const server = fakePackServer(answers, { seconds });
  const warn = vi.fn();
  const fake = fakeVoiceManager({ fetch: server.fetch, warn });
  return { ...fake, server, warn };
}

const warned = (warn: ReturnType<typeof vi.fn>, text: string | RegExp) =>
  warn.mock.calls.some(([message]) =>
    typeof text === 'string' ? String(message).includes(text) : text.test(String(message)),
  );

let dbs: BingoOfflineDB[] = [];
afterEach(async () => {
  for (const db of dbs) await db.delete();
  dbs = [];
});

describe('the voice manager: loading a pack', () => {
  it('goes not-initialised -> initialising -> initialised, once for concurrent callers, with progress', async () => {
    const { manager, server } = setup();
    expect(manager.getSnapshot().state).toBe('not-initialised');

    const progress: Array<[number, number]> = [];
    const first = manager.init(TEST_PACK, (p) => progress.push([p.loaded, p.total]));
    const second = manager.init({ ...TEST_PACK });
    expect(second).toBe(first);
    expect(manager.getSnapshot().state).toBe('initialising');

    const done = await first;
    expect(done).toMatchObject({ state: 'initialised', ready: true, missing: [] });
    expect(done.progress).toEqual({ loaded: PACK_FILE_COUNT, total: PACK_FILE_COUNT });
    // Every file downloaded exactly once, for both callers.
    expect(server.total()).toBe(PACK_FILE_COUNT);
    expect(progress[0]).toEqual([0, PACK_FILE_COUNT]);
    expect(progress.at(-1)).toEqual([PACK_FILE_COUNT, PACK_FILE_COUNT]);
    expect(progress.map(([loaded]) => loaded)).toEqual([...progress.map(([l]) => l)].sort((a, b) => a - b));

    // Asking again for the loaded pack costs nothing.
    await manager.init(TEST_PACK);
    expect(server.total()).toBe(PACK_FILE_COUNT);
  });

  it('downloads at most 6 files at a time', async () => {
    const server = fakePackServer();
    let inFlight = 0;
    let most = 0;
    const { manager } = fakeVoiceManager({
      fetch: async (url, init) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight -= 1;
        return server.fetch(url, init);
      },
    });
    expect((await manager.init(TEST_PACK)).ready).toBe(true);
    expect(most).toBe(6);
  });

  it.each<[string, FileAnswer]>([
    ['a download under 10,000 bytes', 'small'],
    ['an HTML page instead of audio', 'html'],
    ['an answer typed text/html', 'html-type'],
    ['a server error', 'error'],
  ])('downloads again after %s, and uses the good second answer', async (_, bad) => {
    const { manager, server, warn } = setup({ 'b-voices/b1.mp3': [bad, 'ok'] });
    const done = await manager.init(TEST_PACK);
    expect(done.ready).toBe(true);
    expect(server.requests.get('b-voices/b1.mp3')).toBe(2);
    expect(server.requests.get('b-voices/b2.mp3')).toBe(1);
    expect(warned(warn, /b1\.mp3 failed .*downloading it again/)).toBe(true);
  });

  it('skips a file that is still corrupt on the second try, with a warning; a number missing means not ready', async () => {
    const { manager, server, warn } = setup({ 'n-voices/n42.mp3': 'small' });
    const done = await manager.init(TEST_PACK);
    expect(server.requests.get('n-voices/n42.mp3')).toBe(2);
    expect(warned(warn, /n42\.mp3 could not be loaded .*skipped/)).toBe(true);
    expect(done).toMatchObject({ state: 'not-initialised', ready: false, missing: ['n-voices/n42.mp3'] });
    expect(done.progress.loaded).toBe(PACK_FILE_COUNT);
  });

  it('skips a missing file (404) after one request, with a warning', async () => {
    const { manager, server, warn } = setup({ 'g-voices/g50.mp3': 'missing' });
    const done = await manager.init(TEST_PACK);
    expect(server.requests.get('g-voices/g50.mp3')).toBe(1);
    expect(warned(warn, 'Voice file missing: /assets/voices/g-voices/g50.mp3')).toBe(true);
    expect(done.ready).toBe(false);
  });

  it('skips a file that is not audio', async () => {
    const { manager, warn } = setup({ 'winning.mp3': 'not-audio' });
    const done = await manager.init(TEST_PACK);
    expect(warned(warn, 'Voice file winning.mp3 is not playable audio')).toBe(true);
    expect(done.missing).toEqual(['winning.mp3']);
  });

  it('is ready with all 75 numbers and 8 special sounds, not with 7', async () => {
    const three = {
      'game_end.m4a': 'missing',
      'pause_voice.m4a': 'missing',
      'shuffling.mp3': 'missing',
    } as const;
    expect((await setup(three).manager.init(TEST_PACK)).ready).toBe(true);
    const four = { ...three, 'Coin-shuffle-system.mp3': 'missing' } as const;
    const done = await setup(four).manager.init(TEST_PACK);
    expect(done.ready).toBe(false);
    expect(done.state).toBe('not-initialised');
  });

  it('is essentialReady once the 75 numbers, game_started and everybody_jump are decoded, which load first', async () => {
    const { manager } = setup();
    const seen: Array<{ loaded: number; essential: boolean }> = [];
    manager.subscribe(() => {
      const { progress, essentialReady } = manager.getSnapshot();
      if (seen.at(-1)?.loaded !== progress.loaded)
        seen.push({ loaded: progress.loaded, essential: essentialReady });
    });
    await manager.init(TEST_PACK);
    const first = seen.find((s) => s.essential)!;
    // The first call's sounds come before the other special sounds: the hold lasts 77 files, not 86.
    expect(first.loaded).toBe(77);
    expect(seen.filter((s) => s.loaded < 77).every((s) => !s.essential)).toBe(true);
    expect(manager.getSnapshot().essentialReady).toBe(true);

    const noJingle = await setup({ 'EVERYBODYJUMPBuilding.mp3': 'missing' }).manager.init(TEST_PACK);
    expect(noJingle).toMatchObject({ ready: true, essentialReady: false });
  });

  it('sends the bearer token for files under /api/ only', async () => {
    const custom = { id: 'p1', language: 'en', fileBase: '/api/voice-packs/p1/files/', version: 'h1' };
    const server = fakePackServer({}, { base: custom.fileBase });
    const { manager } = fakeVoiceManager({ fetch: server.fetch });
    expect((await manager.init(custom)).ready).toBe(true);
    expect(new Headers(server.calls[0]!.init?.headers).get('Authorization')).toBe('Bearer token-1');

    const defaults = fakePackServer();
    await fakeVoiceManager({ fetch: defaults.fetch }).manager.init(TEST_PACK);
    expect(new Headers(defaults.calls[0]!.init?.headers).get('Authorization')).toBeNull();
  });

  it('keeps the files in IndexedDB: a second visit downloads nothing, a new version downloads again', async () => {
    const db = new BingoOfflineDB(`voices-test-${Math.random()}`);
    dbs.push(db);
    const first = fakePackServer();
    await fakeVoiceManager({ fetch: first.fetch, store: db.voiceFiles }).manager.init(TEST_PACK);
    expect(first.total()).toBe(PACK_FILE_COUNT);
    expect(await db.voiceFiles.count()).toBe(PACK_FILE_COUNT);
    const record = await db.voiceFiles.get('default-am@v1/b-voices/b1.mp3');
    expect(record).toMatchObject({ name: 'b-voices/b1.mp3', type: 'audio/mpeg' });
    expect((record!.data as ArrayBuffer).byteLength).toBe(12_000);

    // Another tab, another visit: served from IndexedDB, offline.
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const second = fakeVoiceManager({ fetch: offline, store: db.voiceFiles });
    const done = await second.manager.init(TEST_PACK);
    expect(done).toMatchObject({ state: 'initialised', ready: true });
    expect(offline).not.toHaveBeenCalled();
    expect(second.context.decodes).toBe(PACK_FILE_COUNT);

    const changed = fakePackServer();
    await fakeVoiceManager({ fetch: changed.fetch, store: db.voiceFiles }).manager.init({
      ...TEST_PACK,
      version: 'v2',
    });
    expect(changed.total()).toBe(PACK_FILE_COUNT);
  });

  it('never caches a corrupt or undecodable download', async () => {
    const db = new BingoOfflineDB(`voices-test-${Math.random()}`);
    dbs.push(db);
    const server = fakePackServer({ 'b-voices/b2.mp3': 'html', 'winning.mp3': 'not-audio' });
    await fakeVoiceManager({ fetch: server.fetch, store: db.voiceFiles }).manager.init(TEST_PACK);
    expect(await db.voiceFiles.get('default-am@v1/b-voices/b2.mp3')).toBeUndefined();
    expect(await db.voiceFiles.get('default-am@v1/winning.mp3')).toBeUndefined();
    expect(await db.voiceFiles.count()).toBe(PACK_FILE_COUNT - 2);
  });

  it('switches packs: back to initialising, then the new pack plays', async () => {
    const en = { id: 'default-en', language: 'en', fileBase: '/assets/voices/en/', version: 'v1' };
    const am = fakePackServer();
    const english = fakePackServer({}, { base: en.fileBase });
    const { manager, context, clock } = fakeVoiceManager({
      fetch: (url, init) => (url.startsWith(en.fileBase) ? english.fetch(url, init) : am.fetch(url, init)),
    });
    await manager.init(TEST_PACK);
    const switching = manager.init(en);
    expect(manager.getSnapshot()).toMatchObject({ state: 'initialising', ready: false, pack: en });
    expect((await switching).ready).toBe(true);
    expect(english.total()).toBe(PACK_FILE_COUNT);
    manager.playNumber(3);
    expect(context.audible()).toEqual(['b-voices/b3.mp3']);
    clock.advance(1000);
  });

  it('lets a pack that failed be tried again', async () => {
    const { manager, server } = setup({ 'o-voices/o75.mp3': ['missing', 'ok'] });
    expect((await manager.init(TEST_PACK)).ready).toBe(false);
    expect((await manager.init(TEST_PACK)).ready).toBe(true);
    expect(server.requests.get('o-voices/o75.mp3')).toBe(2);
  });
});

describe('the voice manager: playing', () => {
  async function ready(seconds: Record<string, number> = {}, answers: Record<string, FileAnswer> = {}) {
    const fake = setup(answers, seconds);
    await fake.manager.init(TEST_PACK);
    fake.warn.mockClear();
    return fake;
  }

  it("logs 'Voice system not initialized' before the voices are ready and plays no clip", () => {
    const { manager, context, speech, warn } = setup();
    manager.playSpecial('good_bingo');
    manager.goodBingo();
    manager.playSequence(['game_started']);
    expect(warn).toHaveBeenCalledWith(NOT_READY);
    expect(warn).toHaveBeenCalledTimes(3);
    expect(context.sources).toHaveLength(0);
    // A number is still heard: the browser speaks it.
    manager.playNumber(5);
    expect(speech.spoken).toEqual([{ text: 'B 5', lang: 'am-ET' }]);
    expect(warn).toHaveBeenCalledTimes(4);
  });

  it('plays a decoded clip at once through a gain node, at the speed set', async () => {
    const { manager, context, warn } = await ready();
    manager.setSpeed(1.5);
    manager.playNumber(42);
    expect(context.audible()).toEqual(['n-voices/n42.mp3']);
    expect(context.sources[0]!.playbackRate.value).toBe(1.5);
    expect(warn).not.toHaveBeenCalled();
  });

  it('clamps volume to 0-1 and speed to 0.5-2 (dashboard) or 0.1-3 (room)', async () => {
    const { manager, context } = await ready();
    manager.setVolume(1.7);
    expect(manager.getSnapshot().volume).toBe(1);
    manager.setVolume(-0.2);
    expect(manager.getSnapshot().volume).toBe(0);
    manager.setVolume(0.3);
    expect(context.gain.gain.value).toBe(0.3);
    manager.setVolume(Number.NaN);
    expect(manager.getSnapshot().volume).toBe(0.3);

    manager.setSpeed(0.1);
    expect(manager.getSnapshot().speed).toBe(0.5);
    manager.setSpeed(3);
    expect(manager.getSnapshot().speed).toBe(2);
    manager.setSpeed(0.05, 'room');
    expect(manager.getSnapshot().speed).toBe(0.1);
    manager.setSpeed(4, 'room');
    expect(manager.getSnapshot().speed).toBe(3);
    manager.setSpeed(2.5, 'room');
    expect(manager.getSnapshot().speed).toBe(2.5);
  });

  it('waits 1 s between the sounds of a sequence', async () => {
    const { manager, context, clock } = await ready({ 'game_started.m4a': 2 });
    manager.playSequence(['game_started', 1, 75]);
    expect(context.audible()).toEqual(['game_started.m4a']);
    expect(manager.getSnapshot().playing).toBe(true);
    clock.advance(2000); // the clip ends
    expect(context.audible()).toEqual([]);
    clock.advance(999);
    expect(context.started()).toEqual(['game_started.m4a']);
    clock.advance(1);
    expect(context.audible()).toEqual(['b-voices/b1.mp3']);
    clock.advance(2000);
    expect(context.audible()).toEqual(['o-voices/o75.mp3']);
    expect(manager.getSnapshot().playing).toBe(true);
    clock.advance(1000);
    expect(context.audible()).toEqual([]);
    expect(manager.getSnapshot().playing).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it('times a sequence at the speed set', async () => {
    const { manager, context, clock } = await ready();
    manager.setSpeed(2);
    manager.playSequence([1, 2]);
    clock.advance(1499);
    expect(context.started()).toEqual(['b-voices/b1.mp3']);
    clock.advance(1);
    expect(context.audible()).toEqual(['b-voices/b2.mp3']);
  });

  it('plays good bingo, then the winning sound, stopped after 10 s', async () => {
    const { manager, context, clock } = await ready({ 'Goodbingo.m4a': 1.5, 'winning.mp3': 25 });
    manager.goodBingo();
    expect(context.audible()).toEqual(['Goodbingo.m4a']);
    clock.advance(2500);
    expect(context.audible()).toEqual(['winning.mp3']);
    clock.advance(9999);
    expect(context.audible()).toEqual(['winning.mp3']);
    clock.advance(1);
    expect(context.audible()).toEqual([]);
    expect(manager.getSnapshot().playing).toBe(false);
  });

  it('plays the blocked voice and everybody jump', async () => {
    const { manager, context, clock } = await ready();
    manager.blocked();
    expect(context.audible()).toEqual(['cartelaa_blocked.m4a']);
    clock.advance(1000);
    manager.everybodyJump();
    expect(context.audible()).toEqual(['EVERYBODYJUMPBuilding.mp3']);
  });

  it("'wait': a clip that plays is never cut; a ball asked meanwhile takes the place of the one waiting (2.6 s clips called every 2 s)", async () => {
    const seconds = Object.fromEntries(VOICE_PACK_FILES.map((f) => [f, 2.6]));
    const { manager, context, clock } = await ready(seconds);
    performance.clearMarks();
    const asked: Array<{ n: number; at: number }> = [];
    for (let n = 1; n <= 30; n += 1) {
      manager.playNumber(n);
      asked.push({ n, at: clock.time });
      // Never two at once.
      expect(context.audible().length).toBeLessThanOrEqual(1);
      clock.advance(2000);
      expect(context.audible().length).toBeLessThanOrEqual(1);
    }
    clock.advance(30_000);
    // Decision 082: each clip that starts is the latest ball asked by then (decision 060 played all 30, the
    // 30th at 75.4 s), back to back, and whole.
    const timeline = context.timeline();
    expect(ballsBehind()).toEqual(timeline.map(() => 0));
    for (const { name, at } of timeline) {
      // Behind the board by at most the clip that played when it was asked.
      const ask = asked.find((a) => ballPath(a.n) === name)!;
      expect(at - ask.at).toBeLessThanOrEqual(2600);
    }
    expect(timeline.at(-1)!.name).toBe(ballPath(30));
    expect(context.cut()).toEqual([]);
    expect(manager.getSnapshot().playing).toBe(false);
    expect(clock.pending).toBe(0);
  });

  it("the game's first call: the first ball waits for the jingle; a ball asked meanwhile replaces it, the opening stays", async () => {
    const { manager, context, clock } = await ready({
      'game_started.m4a': 1.5,
      'EVERYBODYJUMPBuilding.mp3': 1.6,
      'b-voices/b1.mp3': 1.8,
    });
    // Issue 19: at 2 s the first ball was never heard; at 3 s it began at 2.6 s and was cut at 3 s.
    manager.playSequence(['game_started', 'everybody_jump', 1]);
    expect(manager.getSnapshot()).toMatchObject({ calling: true, current: 'game_started' });
    clock.advance(6000);
    manager.playNumber(5); // asked while ball 1 plays: it waits for it
    clock.advance(20_000);
    expect(context.timeline()).toEqual([
      { name: 'game_started.m4a', at: 0 },
      { name: 'EVERYBODYJUMPBuilding.mp3', at: 2500 },
      { name: 'b-voices/b1.mp3', at: 5100 },
      { name: 'b-voices/b5.mp3', at: 6900 },
    ]);
    expect(context.cut()).toEqual([]);

    // A ball asked during the opening (only another way than the held Call Next can) is heard right after the
    // jingle, in place of the first ball: the start sounds are never lost.
    const second = await ready({ 'game_started.m4a': 1.5, 'EVERYBODYJUMPBuilding.mp3': 1.6 });
    second.manager.playSequence(['game_started', 'everybody_jump', 1]);
    second.clock.advance(2000);
    second.manager.playNumber(5);
    second.clock.advance(20_000);
    expect(second.context.timeline()).toEqual([
      { name: 'game_started.m4a', at: 0 },
      { name: 'EVERYBODYJUMPBuilding.mp3', at: 2500 },
      { name: 'b-voices/b5.mp3', at: 4100 },
    ]);
  });

  it('says it plays until everything asked for has been heard', async () => {
    const { manager, clock } = await ready();
    const playing: boolean[] = [];
    manager.subscribe(() => {
      if (playing.at(-1) !== manager.getSnapshot().playing) playing.push(manager.getSnapshot().playing);
    });
    manager.playNumber(1);
    manager.playNumber(2);
    clock.advance(1500);
    expect(manager.getSnapshot().playing).toBe(true);
    clock.advance(500);
    expect(manager.getSnapshot().playing).toBe(false);
    // No flicker to silent between two queued clips: auto call must not slip a call in between.
    expect(playing).toEqual([true, false]);
  });

  it('a call waits for good bingo and its winning sound; stopAll drops everything still queued', async () => {
    const { manager, context, clock } = await ready({ 'Goodbingo.m4a': 1.5, 'winning.mp3': 25 });
    manager.goodBingo();
    clock.advance(500);
    manager.playNumber(9);
    expect(context.audible()).toEqual(['Goodbingo.m4a']);
    clock.advance(20_000);
    expect(context.started()).toEqual(['Goodbingo.m4a', 'winning.mp3', 'b-voices/b9.mp3']);
    // Only the winning sound is stopped early, on purpose (10 s).
    expect(context.cut().map((c) => c.name)).toEqual(['winning.mp3']);

    manager.playNumber(10);
    manager.playNumber(11);
    manager.stopAll();
    clock.advance(10_000);
    expect(context.started().slice(3)).toEqual(['b-voices/b10.mp3']);
    expect(manager.getSnapshot().playing).toBe(false);
    manager.playNumber(12);
    expect(context.audible()).toEqual(['b-voices/b12.mp3']);
  });

  describe('never behind the board (decision 082)', () => {
    const SECONDS = Object.fromEntries(VOICE_PACK_FILES.map((f) => [f, 1.2]));
    const marks = (name: string) =>
      performance.getEntriesByName(name).map((m) => (m as PerformanceMark).detail);

    /** 20 calls 0.5 s apart over 1.2 s clips, then GOOD BINGO: what started, and how long GOOD BINGO waited. */
    async function twentyQuickCalls(pacing: 'wait' | 'skip') {
      const fake = await ready({ ...SECONDS, 'Goodbingo.m4a': 1.5, 'winning.mp3': 25 });
      const { manager, context, clock } = fake;
      manager.setPacing(pacing);
      performance.clearMarks();
      const asked: Array<{ n: number; at: number }> = [];
      for (let n = 1; n <= 20; n += 1) {
        manager.playNumber(n);
        asked.push({ n, at: clock.time });
        expect(context.audible().length).toBeLessThanOrEqual(1);
        clock.advance(500);
      }
      const balls = context.timeline();
      const askedAt = clock.time;
      manager.goodBingo();
      const bingo = context.timeline().find((t) => t.name === 'Goodbingo.m4a');
      clock.advance(15_000);
      return { ...fake, asked, balls, bingoWait: bingo ? bingo.at - askedAt : null };
    }

    it("'skip': the clip that starts is always the latest ball asked, at once; GOOD BINGO starts when asked", async () => {
      const { context, asked, balls, bingoWait, manager } = await twentyQuickCalls('skip');
      expect(balls.map((b) => b.name)).toEqual(asked.map((a) => ballPath(a.n)));
      expect(ballsBehind()).toEqual(asked.map(() => 0));
      for (const [i, ball] of balls.entries()) expect(ball.at).toBe(asked[i]!.at);
      // Each ball cut by the next, the 20th by GOOD BINGO; the winning sound stopped after its 10 s.
      expect(context.cut().map((c) => c.name)).toEqual([...asked.map((a) => ballPath(a.n)), 'winning.mp3']);
      expect(bingoWait).not.toBeNull();
      expect(bingoWait!).toBeLessThanOrEqual(5);
      expect(context.started().slice(-2)).toEqual(['Goodbingo.m4a', 'winning.mp3']);
      // The sound log the browser tests read: every request with its items, every start with its item.
      expect(marks('cartela:voice-ask')).toEqual([...asked.map((a) => [a.n]), ['good_bingo', 'winning']]);
      expect(marks('cartela:voice-start')).toEqual([...asked.map((a) => a.n), 'good_bingo', 'winning']);
      expect(manager.getSnapshot().playing).toBe(false);
    });

    it("'wait': no clip is cut but by GOOD BINGO, each that starts is the latest ball asked, and GOOD BINGO starts when asked", async () => {
      const { context, asked, balls, bingoWait } = await twentyQuickCalls('wait');
      expect(ballsBehind()).toEqual(balls.map(() => 0));
      for (const { name, at } of balls) {
        expect(at - asked.find((a) => ballPath(a.n) === name)!.at).toBeLessThanOrEqual(1200);
      }
      // Decision 060 would still be on ball 9 here, 12 balls behind.
      expect(balls.map((b) => b.name)).toEqual([1, 3, 5, 8, 10, 12, 15, 17, 20].map(ballPath));
      // The ball playing at GOOD BINGO is cut for it; the older balls never were.
      expect(context.cut().map((c) => c.name)).toEqual([ballPath(20), 'winning.mp3']);
      expect(bingoWait!).toBeLessThanOrEqual(5);
      // Every start is in the log with its item.
      expect(marks('cartela:voice-start')).toEqual(context.started().map((name) => itemOf(name)));
    });

    it('the claim sounds go before the balls waiting; a pause or shuffle sound is never cut for them', async () => {
      const { manager, context, clock } = await ready({ 'shuffling.mp3': 3 });
      manager.playSpecial('shuffling');
      manager.playNumber(7);
      manager.playSpecial('winner_cartela');
      clock.advance(1000);
      manager.goodBingo();
      clock.advance(20_000);
      expect(context.started()).toEqual([
        'shuffling.mp3',
        'winner_cartela_voice.m4a',
        'Goodbingo.m4a',
        'winning.mp3',
      ]);
      expect(context.cut()).toEqual([]);
    });

    it("says 'calling' while a ball's call is under way or waits, 'current' while a sound is heard", async () => {
      const { manager, clock } = await ready({ 'pause_voice.m4a': 2 });
      manager.playSequence(['game_started', 'everybody_jump', 1]);
      expect(manager.getSnapshot()).toMatchObject({ calling: true, playing: true, current: 'game_started' });
      clock.advance(1000); // the gap after game_started
      expect(manager.getSnapshot()).toMatchObject({ calling: true, current: null });
      clock.advance(3000); // ball 1
      expect(manager.getSnapshot()).toMatchObject({ calling: true, current: 1 });
      manager.playSpecial('pause');
      clock.advance(1000); // ball 1 over, the pause voice heard: no ball under way
      expect(manager.getSnapshot()).toMatchObject({ calling: false, playing: true, current: 'pause' });
      clock.advance(2000);
      expect(manager.getSnapshot()).toMatchObject({ calling: false, playing: false, current: null });
    });

    it('cuts a spoken ball too, in skip mode', async () => {
      const { manager, speech } = await ready({}, { 'b-voices/b3.mp3': 'missing' });
      manager.setPacing('skip');
      manager.playNumber(3);
      expect(speech.spoken.map((s) => s.text)).toEqual(['B 3']);
      const cancels = speech.cancels();
      manager.playNumber(4);
      expect(speech.cancels()).toBe(cancels + 1);
      expect(manager.getSnapshot().current).toBe(4);
    });

    it("keeps 'wait' as the pacing unless told 'skip'", async () => {
      const { manager } = await ready();
      expect(manager.getSnapshot().pacing).toBe('wait');
      manager.setPacing('skip');
      manager.setPacing('fast' as never);
      expect(manager.getSnapshot().pacing).toBe('skip');
    });
  });

  it("speaks a number whose clip is missing, in the pack's language", async () => {
    const { manager, context, speech, clock } = await ready({}, { 'i-voices/i17.mp3': 'missing' });
    manager.playNumber(17);
    expect(speech.spoken).toEqual([{ text: 'I 17', lang: 'am-ET' }]);
    expect(context.sources).toHaveLength(0);
    // The clips it has still play.
    clock.advance(5000);
    manager.playNumber(18);
    expect(context.audible()).toEqual(['i-voices/i18.mp3']);

    const en = { id: 'default-en', language: 'en', fileBase: '/assets/voices/', version: 'v1' };
    const english = fakeVoiceManager({ fetch: fakePackServer({ 'o-voices/o70.mp3': 'missing' }).fetch });
    await english.manager.init(en);
    english.manager.playNumber(70);
    expect(english.speech.spoken).toEqual([{ text: 'O 70', lang: 'en-US' }]);
  });

  it('speaks every number when Web Audio is missing', async () => {
    const { manager, speech } = fakeVoiceManager({
      createAudioContext: () => {
        throw new ReferenceError('AudioContext is not defined');
      },
    });
    expect((await manager.init(TEST_PACK)).ready).toBe(false);
    manager.playNumber(61);
    expect(speech.spoken).toEqual([{ text: 'O 61', lang: 'am-ET' }]);
  });

  it('mute stops what plays and silences what comes; stopAll stops everything', async () => {
    const { manager, context, speech, clock } = await ready();
    manager.playSequence([1, 2, 3]);
    manager.setMuted(true);
    expect(context.audible()).toEqual([]);
    expect(context.gain.gain.value).toBe(0);
    manager.playNumber(4);
    clock.advance(10_000);
    expect(context.started()).toEqual(['b-voices/b1.mp3']);
    expect(speech.spoken).toEqual([]);

    manager.setMuted(false);
    expect(context.gain.gain.value).toBe(1);
    manager.playSequence([5, 6]);
    manager.stopAll();
    clock.advance(10_000);
    expect(context.started()).toEqual(['b-voices/b1.mp3', 'b-voices/b5.mp3']);
    expect(manager.getSnapshot().playing).toBe(false);
  });

  it('unlock resumes a suspended audio context', async () => {
    const context = new FakeAudioContext();
    const manager = new VoiceManager({
      fetch: fakePackServer().fetch,
      createAudioContext: () => context,
      store: null,
      speech: null,
      getToken: () => null,
    });
    expect(context.state).toBe('suspended');
    await manager.unlock();
    expect(context.state).toBe('running');
  });

  it('says the browser keeps the sound off when a sound is asked and the context stays suspended', async () => {
    const { manager, context, clock } = setup();
    await manager.init(TEST_PACK);
    // A page without a click or a key since its (re)load: the browser leaves a resume pending.
    let allowed = false;
    context.state = 'suspended';
    context.resume = () => {
      if (!allowed) return new Promise<void>(() => {});
      context.state = 'running';
      return Promise.resolve();
    };
    manager.playNumber(5);
    expect(manager.getSnapshot().soundBlocked).toBe(false);
    clock.advance(SOUND_BLOCKED_MS);
    expect(manager.getSnapshot().soundBlocked).toBe(true);
    // The agent's click: the resume goes through, the warning ends.
    allowed = true;
    await manager.unlock();
    expect(manager.getSnapshot().soundBlocked).toBe(false);
    // A context the browser lets play at once never warns.
    manager.playNumber(6);
    clock.advance(SOUND_BLOCKED_MS);
    expect(manager.getSnapshot().soundBlocked).toBe(false);
  });
});

describe('corruptReason', () => {
  it('accepts audio of 10,000 bytes and more, refuses less and HTML', () => {
    const audio = new Uint8Array(10_000).fill(1);
    expect(corruptReason(audio.buffer, 'audio/mpeg')).toBeNull();
    expect(corruptReason(audio.slice(0, 9_999).buffer, 'audio/mpeg')).toMatch(/9999 bytes/);
    expect(corruptReason(audio.buffer, 'text/html')).toBe('an HTML page');
    const page = new TextEncoder().encode(`\n  <html>${' '.repeat(20_000)}`);
    expect(corruptReason(page.buffer as ArrayBuffer, '')).toBe('an HTML page');
  });
});
