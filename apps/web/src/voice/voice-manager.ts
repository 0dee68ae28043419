// The browser's voice manager (issue 9, docs/decisions/048-voice-manager.md): loads a voice pack once (IndexedDB
// first, then the network), decodes every clip into memory, and plays calls through the Web Audio API so a call
// starts the moment it is asked for; of the balls only the latest asked waits, and the claim's sounds go first
// (docs/decisions/082-voice-never-behind.md). Framework-free: everything it touches is injected, so tests fake it.
import {
  NUMBER_VOICE_PATHS,
  SPECIAL_SOUNDS,
  type SpecialSoundId,
  VOICE_MIN_BYTES,
  VOICE_READY_SPECIALS,
  VOICE_SEQUENCE_GAP_MS,
  WINNING_SOUND_MS,
} from '@cartela/contract/voices';
import { letterOf, NUMBER_MAX } from '@cartela/core';
import { type VoiceFileRecord, voiceFileKey } from '@/lib/offline-db';

/**
 * A User Timing mark (bench/voices.mjs reads them: initialisation from IndexedDB, and from asking for a call to
 * its start). Costs nothing measurable; absent where `performance.mark` is.
 */
const mark = (name: string, detail?: unknown) =>
  globalThis.performance?.mark?.(name, detail === undefined ? undefined : { detail });

/** The pack to load: where its files are and which version of them (the cache key follows the version). */
export interface VoicePackRef {
  id: string;
  /** 'am', 'en', ...: the language the speech fallback speaks. */
  language: string;
  /** URL prefix of the pack's files: '/assets/voices/' or '/api/voice-packs/{id}/files/' (needs the token). */
  fileBase: string;
  version: string;
}

type VoiceState = 'not-initialised' | 'initialising' | 'initialised';

/**
 * How the voice keeps up with the board (product/voices.md#voice-pacing, decision 082), set per device: 'wait'
 * holds Call Next while the ball's clip plays, 'skip' never holds it and cuts an older ball's clip short.
 */
export type VoicePacing = 'wait' | 'skip';
export const VOICE_PACINGS: readonly VoicePacing[] = ['wait', 'skip'];

interface VoiceProgress {
  loaded: number;
  total: number;
}

/** What the UI shows; a new object on every change (React's useSyncExternalStore compares it by identity). */
export interface VoiceSnapshot {
  state: VoiceState;
  /** The pack loaded or being loaded. */
  pack: VoicePackRef | null;
  progress: VoiceProgress;
  /** All 75 numbers and at least VOICE_READY_SPECIALS special sounds are decoded. */
  ready: boolean;
  /** Files of the pack that could not be had at the last initialisation. */
  missing: readonly string[];
  /** All 75 numbers, game_started and everybody_jump are decoded: the first call of a game can be heard whole. */
  essentialReady: boolean;
  /** A sound (or a sequence) is playing, or waits its turn: auto call waits meanwhile. */
  playing: boolean;
  /**
   * A ball's call is under way or waits its turn: its clip (or spoken call), or the first call's sounds before it.
   * With pacing 'wait' the room holds Call Next meanwhile (decision 082).
   */
  calling: boolean;
  /** What is heard now (its clip or spoken call); null between two sounds and when silent. */
  current: VoiceItem | null;
  pacing: VoicePacing;
  /**
   * A sound was asked for and the browser keeps the audio off: its AudioContext stays suspended until the page
   * has had a click or a key (after a reload, auto call goes on without one: decision 084). The room asks for
   * one; `unlock` from a click ends it.
   */
  soundBlocked: boolean;
  volume: number;
  speed: number;
  muted: boolean;
}

/** A number 1-75 or a special sound. */
export type VoiceItem = number | SpecialSoundId;

// The few members of the Web Audio API the manager uses: the browser's AudioContext has them all.
export interface AudioBufferLike {
  readonly duration: number;
}
interface AudioParamLike {
  value: number;
}
interface AudioNodeLike {
  connect(destination: never): unknown;
}
export interface AudioSourceLike extends AudioNodeLike {
  buffer: AudioBufferLike | null;
  readonly playbackRate: AudioParamLike;
  start(when?: number): void;
  stop(when?: number): void;
  disconnect(): void;
}
export interface GainLike extends AudioNodeLike {
  readonly gain: AudioParamLike;
}
export interface AudioContextLike {
  readonly state: string;
  readonly destination: unknown;
  resume(): Promise<void>;
  createGain(): GainLike;
  createBufferSource(): AudioSourceLike;
  decodeAudioData(data: ArrayBuffer): Promise<AudioBufferLike>;
}

/** The browser's speech synthesis, reduced to what the fallback needs. */
export interface SpeechLike {
  speak(text: string, options: { lang: string; rate: number; volume: number; onEnd: () => void }): void;
  cancel(): void;
}

/** Where decoded files are kept between visits: the voiceFiles table of BingoOfflineDB fits. */
interface VoiceFileStore {
  bulkGet(keys: string[]): Promise<(VoiceFileRecord | undefined)[]>;
  put(record: VoiceFileRecord): Promise<unknown>;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface VoiceManagerDeps {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  createAudioContext: () => AudioContextLike;
  /** null where the browser has no IndexedDB: every visit downloads. */
  store: VoiceFileStore | null;
  /** null where the browser has no speech synthesis. */
  speech: SpeechLike | null;
  /** The bearer token for files under /api/ (custom packs). */
  getToken: () => string | null;
  timers?: Timers;
  warn?: (...args: unknown[]) => void;
}

/** product/voices.md#voice-manager: the voice manager plays at 0.5-2; the room's voice speed is 0.1-3. */
const VOICE_SPEED_RANGE = {
  dashboard: { min: 0.5, max: 2 },
  room: { min: 0.1, max: 3 },
} as const;
type VoiceSpeedRange = keyof typeof VOICE_SPEED_RANGE;

/** Downloads at once: enough to fill a link, few enough to leave room for the app's own calls. */
const VOICE_DOWNLOAD_CONCURRENCY = 6;
/** A spoken fallback that never reports its end does not hold a sequence longer than this. */
const SPEECH_MAX_MS = 4000;
const SPECIAL_IDS = new Set<string>(SPECIAL_SOUNDS.map((s) => s.id));

type Slot = { kind: 'number'; n: number } | { kind: 'special'; id: SpecialSoundId };
interface PackFile {
  path: string;
  slot: Slot;
}
interface Step {
  item: VoiceItem;
  /** Stop the sound after this long (the winning sound after good bingo). */
  maxMs?: number;
}
/** One play of the queue: its steps (a ball's steps are dropped when a later ball is asked) and where it is. */
interface Play {
  steps: Step[];
  /** The step sounding, or the one whose end the gap after it follows. */
  index: number;
  /** The step at `index` is heard now (false: the gap after it, or not yet started). */
  sounding: boolean;
}

const isBall = (step: Step) => typeof step.item === 'number';
/**
 * The claim's sounds (decision 082): heard at the moment of the claim, before any ball still waiting, and a
 * ball's clip that plays is cut for them.
 */
const CLAIM_SOUNDS = new Set<VoiceItem>([
  'winner_cartela',
  'cartela_not_in_game',
  'good_bingo',
  'winning',
  'cartela_blocked',
]);
/** What the first call of a game needs to be heard whole (FIRST_CALL_SOUNDS of use-game-sounds.ts). */
const ESSENTIAL_SPECIALS: readonly SpecialSoundId[] = ['game_started', 'everybody_jump'];

const PACK_FILES: readonly PackFile[] = [
  ...NUMBER_VOICE_PATHS.map((path, i) => ({ path, slot: { kind: 'number', n: i + 1 } as const })),
  ...SPECIAL_SOUNDS.map((s) => ({ path: s.file, slot: { kind: 'special', id: s.id } as const })),
];
const PACK_PATHS: readonly string[] = PACK_FILES.map((file) => file.path);
/** The order files load in: what the first call needs first, so the room holds it as briefly as it can. */
const essentialFirst = (file: PackFile) =>
  file.slot.kind === 'number' || ESSENTIAL_SPECIALS.includes(file.slot.id) ? 0 : 1;
const LOAD_ORDER: readonly number[] = PACK_FILES.map((_, i) => i).sort(
  (a, b) => essentialFirst(PACK_FILES[a]!) - essentialFirst(PACK_FILES[b]!) || a - b,
);

/** How long a resume may take before the browser counts as keeping the sound off (it answers at once when allowed). */
export const SOUND_BLOCKED_MS = 400;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Why a download is not a clip (product/voices.md#voice-manager), or null when it may be one. */
export function corruptReason(bytes: ArrayBuffer, contentType: string): string | null {
  if (/text\/html/i.test(contentType)) return 'an HTML page';
  const view = new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 64));
  const first = view.find((b) => b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0xef);
  if (first === 0x3c) return 'an HTML page'; // '<': an error page or the app's index.html, not audio
  if (bytes.byteLength < VOICE_MIN_BYTES) return `${bytes.byteLength} bytes, under ${VOICE_MIN_BYTES}`;
  return null;
}

function mimeOf(path: string): string {
  return path.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg';
}

/** What the speech fallback says for a number: the letter, then the number ('B 5'). */
function spokenCall(n: number): string {
  return `${letterOf(n)} ${n}`;
}

/** The speech synthesis language of a pack's language. */
function speechLanguage(language: string | undefined): string {
  if (!language || language === 'am') return 'am-ET';
  if (language === 'en') return 'en-US';
  return language;
}

/** Run the tasks with at most `limit` at a time. */
async function runLimited(tasks: ReadonlyArray<() => Promise<void>>, limit: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

export class VoiceManager {
  private readonly deps: VoiceManagerDeps;
  private readonly timers: Timers;
  private readonly warn: (...args: unknown[]) => void;
  private snapshot: VoiceSnapshot = {
    state: 'not-initialised',
    pack: null,
    progress: { loaded: 0, total: PACK_FILES.length },
    ready: false,
    essentialReady: false,
    missing: [],
    playing: false,
    calling: false,
    current: null,
    pacing: 'wait',
    soundBlocked: false,
    volume: 1,
    speed: 1,
    muted: false,
  };
  private readonly listeners = new Set<() => void>();
  private readonly numbers = new Map<number, AudioBufferLike>();
  private readonly specials = new Map<SpecialSoundId, AudioBufferLike>();
  private context: AudioContextLike | null = null;
  private master: GainLike | null = null;

  /** The initialisation in flight, shared by every caller asking for the same pack version. */
  private initialisation: { key: string; promise: Promise<VoiceSnapshot> } | null = null;
  /** The pack version whose clips are in memory. */
  private loadedKey: string | null = null;
  /** Bumped when a pack switch makes an initialisation in flight stale. */
  private generation = 0;

  /** Bumped whenever what plays is cut (stopAll, a later ball, a claim): a step of what was cut never goes on. */
  private call = 0;
  /**
   * What waits its turn (docs/decisions/060-every-ball-heard.md): a play asked for while another plays starts
   * when that one (and everything queued before it) has ended. Of the balls only the latest asked waits: an older
   * ball not yet heard is dropped when a later one is asked (decision 082), so the queue never holds more than the
   * current ball.
   */
  private readonly queue: Play[] = [];
  /** The play under way: its sound, a gap of its sequence, or its spoken call. */
  private active: Play | null = null;
  private readonly sources = new Set<AudioSourceLike>();
  /** The timers of the play under way (its clip's end, its gaps, its spoken call's limit). */
  private readonly pending = new Set<unknown>();
  /** The play under way speaks a number through the browser's speech synthesis now. */
  private speaking = false;

  constructor(deps: VoiceManagerDeps) {
    this.deps = deps;
    this.timers = deps.timers ?? {
      setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
      clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
    this.warn = deps.warn ?? ((...args) => console.warn(...args));
  }

  // ---- state -----------------------------------------------------------------------------------------------

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): VoiceSnapshot => this.snapshot;

  private update(change: Partial<VoiceSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    for (const listener of this.listeners) listener();
  }

  // ---- loading ---------------------------------------------------------------------------------------------

  /**
   * Loads a pack: resolves when every file was tried, with `ready` saying whether the hall has a full voice.
   * Callers asking at the same time share one initialisation; asking for the loaded pack resolves at once;
   * asking for another pack (or another version) switches to it.
   */
  init = (pack: VoicePackRef, onProgress?: (progress: VoiceProgress) => void): Promise<VoiceSnapshot> => {
    const key = `${pack.id}@${pack.version}@${pack.fileBase}`;
    if (this.initialisation?.key === key) return this.follow(this.initialisation.promise, onProgress);
    if (this.loadedKey === key && this.snapshot.state === 'initialised') {
      return Promise.resolve(this.snapshot);
    }
    this.stopAll();
    const generation = ++this.generation;
    this.loadedKey = null;
    this.numbers.clear();
    this.specials.clear();
    this.update({
      state: 'initialising',
      pack,
      progress: { loaded: 0, total: PACK_FILES.length },
      ready: false,
      essentialReady: false,
      missing: [],
    });
    const promise = this.load(pack, generation).finally(() => {
      if (this.initialisation?.promise === promise) this.initialisation = null;
    });
    this.initialisation = { key, promise };
    this.loadedKey = key;
    return this.follow(promise, onProgress);
  };

  /** Reports progress to one caller until the initialisation ends. */
  private follow(
    promise: Promise<VoiceSnapshot>,
    onProgress?: (progress: VoiceProgress) => void,
  ): Promise<VoiceSnapshot> {
    if (!onProgress) return promise;
    onProgress(this.snapshot.progress);
    let last = this.snapshot.progress;
    const unsubscribe = this.subscribe(() => {
      if (this.snapshot.progress !== last) {
        last = this.snapshot.progress;
        onProgress(last);
      }
    });
    void promise.finally(unsubscribe);
    return promise;
  }

  private audio(): AudioContextLike {
    if (!this.context) {
      this.context = this.deps.createAudioContext();
      this.master = this.context.createGain();
      this.master.gain.value = this.snapshot.muted ? 0 : this.snapshot.volume;
      this.master.connect(this.context.destination as never);
    }
    return this.context;
  }

  private async load(pack: VoicePackRef, generation: number): Promise<VoiceSnapshot> {
    const stale = () => generation !== this.generation;
    mark('cartela:voice-init-start');
    let context: AudioContextLike;
    try {
      context = this.audio();
    } catch (error) {
      this.warn('Web Audio is not available: numbers will be spoken by the browser', error);
      this.update({ state: 'not-initialised', missing: PACK_FILES.map((f) => f.path) });
      return this.snapshot;
    }

    const keys = PACK_FILES.map((file) => voiceFileKey(pack.id, pack.version, file.path));
    let cached: (VoiceFileRecord | undefined)[] = [];
    if (this.deps.store) {
      try {
        cached = await this.deps.store.bulkGet(keys);
      } catch (error) {
        this.warn('The voice cache (IndexedDB) could not be read: downloading', error);
      }
    }

    const missing: string[] = [];
    let loaded = 0;
    await runLimited(
      LOAD_ORDER.map((i) => async () => {
        const file = PACK_FILES[i]!;
        if (stale()) return;
        const buffer = await this.loadFile(context, pack, file.path, keys[i]!, cached[i]);
        if (stale()) return;
        if (!buffer) missing.push(file.path);
        else if (file.slot.kind === 'number') this.numbers.set(file.slot.n, buffer);
        else this.specials.set(file.slot.id, buffer);
        loaded += 1;
        this.update({
          progress: { loaded, total: PACK_FILES.length },
          essentialReady: this.essentialReady(),
        });
      }),
      // Downloads a few at a time; a pack kept on this device is decoded all at once (the browser decodes off
      // the main thread, in parallel; bench/voices.mjs: median 322 ms, against 434-573 ms six at a time).
      cached.length === keys.length && cached.every(Boolean) ? PACK_FILES.length : VOICE_DOWNLOAD_CONCURRENCY,
    );
    if (stale()) return this.snapshot;
    // Named in the pack's own order, whatever order they loaded in.
    missing.sort((a, b) => PACK_PATHS.indexOf(a) - PACK_PATHS.indexOf(b));

    const ready = this.numbers.size === NUMBER_MAX && this.specials.size >= VOICE_READY_SPECIALS;
    if (!ready) {
      this.warn(
        `Voice pack "${pack.id}" is incomplete (${this.numbers.size}/${NUMBER_MAX} numbers, ` +
          `${this.specials.size}/${VOICE_READY_SPECIALS} special sounds): missing numbers are spoken by the browser`,
      );
    }
    this.update({ state: ready ? 'initialised' : 'not-initialised', ready, missing });
    mark('cartela:voice-init-end');
    return this.snapshot;
  }

  private essentialReady(): boolean {
    return this.numbers.size === NUMBER_MAX && ESSENTIAL_SPECIALS.every((id) => this.specials.has(id));
  }

  /** One file: the cached copy, else a download; decoded, or null (with a warning) when it cannot be had. */
  private async loadFile(
    context: AudioContextLike,
    pack: VoicePackRef,
    path: string,
    key: string,
    cached: VoiceFileRecord | undefined,
  ): Promise<AudioBufferLike | null> {
    if (cached) {
      try {
        const data = cached.data;
        const bytes = 'arrayBuffer' in data ? await data.arrayBuffer() : data;
        // decodeAudioData detaches the buffer it is given: decode a copy.
        return await context.decodeAudioData(bytes.slice(0));
      } catch (error) {
        this.warn(`Cached voice file ${path} could not be decoded: downloading it again`, error);
      }
    }
    const download = await this.download(pack, path);
    if (!download) return null;
    let buffer: AudioBufferLike;
    try {
      buffer = await context.decodeAudioData(download.bytes.slice(0));
    } catch (error) {
      this.warn(`Voice file ${path} is not playable audio: skipped`, error);
      return null;
    }
    // Kept only once it decodes, so the cache never holds a file that cannot play.
    if (this.deps.store) {
      try {
        await this.deps.store.put({ id: key, name: path, data: download.bytes, type: download.type });
      } catch (error) {
        this.warn(`Voice file ${path} could not be kept for offline use`, error);
      }
    }
    return buffer;
  }

  /**
   * Downloads a file; a corrupt answer is fetched once more, a missing file is skipped
   * (product/voices.md#voice-manager).
   */
  private async download(
    pack: VoicePackRef,
    path: string,
  ): Promise<{ bytes: ArrayBuffer; type: string } | null> {
    const base = pack.fileBase.endsWith('/') ? pack.fileBase : `${pack.fileBase}/`;
    const url = `${base}${path}`;
    const headers: Record<string, string> = {};
    const token = this.deps.getToken();
    if (token && new URL(url, 'http://x').pathname.startsWith('/api/'))
      headers.Authorization = `Bearer ${token}`;
    let problem = '';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      try {
        // The second try skips the HTTP cache, which may hold the corrupt answer.
        const response = await this.deps.fetch(url, { headers, ...(attempt > 1 ? { cache: 'reload' } : {}) });
        if (response.status === 404) {
          this.warn(`Voice file missing: ${url} (skipped)`);
          return null;
        }
        if (!response.ok) {
          problem = `HTTP ${response.status}`;
        } else {
          const type = response.headers.get('content-type') ?? '';
          const bytes = await response.arrayBuffer();
          const reason = corruptReason(bytes, type);
          if (!reason) return { bytes, type: type.split(';')[0]!.trim() || mimeOf(path) };
          problem = `corrupt: ${reason}`;
        }
      } catch (error) {
        problem = `network error: ${error instanceof Error ? error.message : String(error)}`;
      }
      if (attempt === 1) this.warn(`Voice file ${url} failed (${problem}): downloading it again`);
    }
    this.warn(`Voice file ${url} could not be loaded (${problem}): skipped`);
    return null;
  }

  // ---- playback --------------------------------------------------------------------------------------------

  /**
   * Lets sound out after a user gesture (browsers start an AudioContext suspended until one): call it from a
   * click handler, before or after init.
   */
  unlock = async (): Promise<void> => {
    let context: AudioContextLike;
    try {
      context = this.audio();
    } catch {
      return;
    }
    if (context.state === 'suspended') {
      try {
        await context.resume();
      } catch (error) {
        this.warn('The audio context could not be resumed', error);
      }
    }
    if (context.state !== 'suspended' && this.snapshot.soundBlocked) this.update({ soundBlocked: false });
  };

  /**
   * Asks a suspended context to resume (allowed once the page has had a gesture); when it is still suspended a
   * moment later, the browser is keeping the sound off: `soundBlocked` says so until a resume goes through.
   */
  private wake(context: AudioContextLike): void {
    void context
      .resume()
      .then(() => {
        if (context.state !== 'suspended' && this.snapshot.soundBlocked) this.update({ soundBlocked: false });
      })
      .catch(() => {});
    this.timers.setTimeout(() => {
      if (context.state === 'suspended' && !this.snapshot.soundBlocked) this.update({ soundBlocked: true });
    }, SOUND_BLOCKED_MS);
  }

  /**
   * Calls a number (B-1 ... O-75): at once when nothing plays, else as soon as what plays has ended. An older ball
   * not yet heard is dropped (the queue holds only the latest ball); with pacing 'skip' an older ball's clip that
   * plays is cut, so the ball asked starts at once (decision 082). Two clips never overlap.
   */
  playNumber = (n: number): void => this.play([{ item: n }]);

  /** A special sound; a claim's sound (CLAIM_SOUNDS) goes before any ball still waiting and cuts a ball's clip. */
  playSpecial = (id: SpecialSoundId): void => this.play([{ item: id }]);

  /** Plays the items one after another, VOICE_SEQUENCE_GAP_MS between the end of one and the next. */
  playSequence = (items: readonly VoiceItem[]): void => this.play(items.map((item) => ({ item })));

  /** Good bingo, then the winning sound, stopped after WINNING_SOUND_MS (product/voices.md#sounds-of-a-game). */
  goodBingo = (): void => this.play([{ item: 'good_bingo' }, { item: 'winning', maxMs: WINNING_SOUND_MS }]);

  /** The blocked voice of Block Cartela. */
  blocked = (): void => this.play([{ item: 'cartela_blocked' }]);

  /** 'Everybody jump': when the voice is turned on, and at the first call of a game. */
  everybodyJump = (): void => this.play([{ item: 'everybody_jump' }]);

  /** Stops every sound, pending step and spoken call. */
  stopAll = (): void => {
    this.cut();
    this.deps.speech?.cancel();
    this.queue.length = 0;
    this.active = null;
    this.publish();
  };

  setVolume = (volume: number): void => {
    if (!Number.isFinite(volume)) return;
    const value = clamp(volume, 0, 1);
    if (this.master && !this.snapshot.muted) this.master.gain.value = value;
    this.update({ volume: value });
  };

  /** Speed (playback rate), clamped to the range of where it is set: the dashboard's or the room's. */
  setSpeed = (speed: number, range: VoiceSpeedRange = 'dashboard'): void => {
    if (!Number.isFinite(speed)) return;
    const { min, max } = VOICE_SPEED_RANGE[range];
    const value = clamp(speed, min, max);
    for (const source of this.sources) source.playbackRate.value = value;
    this.update({ speed: value });
  };

  /** Muted (the voice toggle off): nothing plays, and what plays stops. */
  setMuted = (muted: boolean): void => {
    if (muted) this.stopAll();
    if (this.master) this.master.gain.value = muted ? 0 : this.snapshot.volume;
    if (muted !== this.snapshot.muted) this.update({ muted });
  };

  /** The device's voice pacing (product/voices.md#voice-pacing): anything else than 'wait' or 'skip' is ignored. */
  setPacing = (pacing: VoicePacing): void => {
    if (!VOICE_PACINGS.includes(pacing) || pacing === this.snapshot.pacing) return;
    this.update({ pacing });
  };

  private play(steps: readonly Step[]): void {
    if (this.snapshot.muted || steps.length === 0) return;
    mark(
      'cartela:voice-ask',
      steps.map((s) => s.item),
    );
    if (!this.snapshot.ready) this.warn('Voice system not initialized');
    if (this.context?.state === 'suspended') this.wake(this.context);
    const play: Play = { steps: [...steps], index: 0, sounding: false };
    // Decision 082: the voice is never more than the current ball behind the board, and a claim is heard at its
    // moment; otherwise every play waits its turn (decision 060).
    const claim = CLAIM_SOUNDS.has(steps[0]!.item);
    if (claim || steps.some(isBall)) this.dropBalls(claim || this.snapshot.pacing === 'skip');
    if (claim) {
      let at = 0;
      while (at < this.queue.length && CLAIM_SOUNDS.has(this.queue[at]!.steps[0]!.item)) at += 1;
      this.queue.splice(at, 0, play);
    } else this.queue.push(play);
    if (this.active) this.publish();
    else this.next();
  }

  /**
   * Drops every ball not yet heard, from the queue and from the play under way (its other sounds stay: the first
   * call's game_started and everybody_jump are never lost); `cut`: a ball's clip (or spoken call) heard now is
   * stopped too, and what is left of its play goes on at once.
   */
  private dropBalls(cut: boolean): void {
    const keep = (step: Step) => {
      if (!isBall(step)) return true;
      mark('cartela:voice-drop', step.item);
      return false;
    };
    for (let i = this.queue.length - 1; i >= 0; i -= 1) {
      const play = this.queue[i]!;
      play.steps = play.steps.filter(keep);
      if (play.steps.length === 0) this.queue.splice(i, 1);
    }
    const active = this.active;
    if (!active) return;
    const from = active.sounding ? active.index + 1 : active.index;
    active.steps = [...active.steps.slice(0, from), ...active.steps.slice(from).filter(keep)];
    const heard = active.sounding ? active.steps[active.index]! : null;
    if (cut && heard && isBall(heard)) {
      mark('cartela:voice-cut', heard.item);
      this.cut();
      this.active = null;
      active.index += 1;
      active.sounding = false;
      if (active.index < active.steps.length) this.queue.unshift(active);
    } else if (!active.sounding && active.index >= active.steps.length) {
      // In the gap after its last sound, the ball it led to dropped: the play is over.
      this.cut();
      this.active = null;
    }
  }

  /** Stops what is heard now and every pending step of the play under way (the queue is left as it is). */
  private cut(): void {
    this.call += 1;
    for (const handle of this.pending) this.timers.clearTimeout(handle);
    this.pending.clear();
    for (const source of this.sources) this.stopSource(source);
    this.sources.clear();
    if (this.speaking) this.deps.speech?.cancel();
    this.speaking = false;
  }

  /** The snapshot's playing, calling and current, told to the listeners only when one of them changed. */
  private publish(): void {
    const active = this.active;
    const ballAhead = (play: Play) => play.steps.slice(play.index).some(isBall);
    const playing = active !== null || this.queue.length > 0;
    const calling = (active !== null && ballAhead(active)) || this.queue.some(ballAhead);
    const current = active?.sounding ? (active.steps[active.index]?.item ?? null) : null;
    const { snapshot } = this;
    if (playing === snapshot.playing && calling === snapshot.calling && current === snapshot.current) return;
    this.update({ playing, calling, current });
  }

  /** Starts the next play of the queue, or says that nothing plays any more. */
  private next(): void {
    const play = this.queue.shift() ?? null;
    this.active = play;
    if (!play) {
      this.publish();
      return;
    }
    this.step(play, this.call);
  }

  /** Starts the play's step at its index (or ends the play). */
  private step(play: Play, call: number): void {
    if (call !== this.call || play !== this.active) return;
    if (play.index >= play.steps.length) {
      this.next();
      return;
    }
    const { item, maxMs } = play.steps[play.index]!;
    const ended = () => {
      if (call !== this.call || play !== this.active) return;
      play.sounding = false;
      play.index += 1;
      if (play.index >= play.steps.length) {
        this.next();
        return;
      }
      this.publish();
      this.later(VOICE_SEQUENCE_GAP_MS, () => this.step(play, call));
    };
    const skip = () => {
      play.index += 1;
      this.step(play, call);
    };

    if (typeof item === 'number') {
      if (!Number.isInteger(item) || item < 1 || item > NUMBER_MAX) {
        this.warn(`Not a ball number: ${item}`);
        skip();
        return;
      }
      const buffer = this.numbers.get(item);
      if (buffer) this.playBuffer(play, buffer, maxMs, ended, item);
      else this.speak(play, item, ended);
      return;
    }

    const buffer = this.specials.get(item);
    if (!buffer) {
      // Only numbers have a spoken fallback; before the voices are loaded the warning above said why.
      if (this.snapshot.ready || !SPECIAL_IDS.has(item)) this.warn(`Voice sound missing: ${item} (skipped)`);
      skip();
      return;
    }
    this.playBuffer(play, buffer, maxMs, ended, item);
  }

  private playBuffer(
    play: Play,
    buffer: AudioBufferLike,
    maxMs: number | undefined,
    onEnd: () => void,
    item: VoiceItem,
  ): void {
    const context = this.audio();
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.playbackRate.value = this.snapshot.speed;
    source.connect(this.master as never);
    source.start();
    mark('cartela:voice-start', item);
    this.sources.add(source);
    play.sounding = true;
    this.publish();
    // The end is timed rather than taken from `onended`, which also fires on stop(); the clip's own length at
    // this speed.
    const ms = Math.min((buffer.duration * 1000) / this.snapshot.speed, maxMs ?? Number.POSITIVE_INFINITY);
    this.later(ms, () => {
      this.stopSource(source);
      this.sources.delete(source);
      onEnd();
    });
  }

  /** The spoken fallback of a number whose clip cannot be had, so a hall is never silent. */
  private speak(play: Play, n: number, onEnd: () => void): void {
    const speech = this.deps.speech;
    if (!speech) {
      onEnd();
      return;
    }
    const call = this.call;
    let done = false;
    const finish = () => {
      if (done || call !== this.call) return;
      done = true;
      this.speaking = false;
      onEnd();
    };
    this.speaking = true;
    play.sounding = true;
    // The sound log (the browser tests' and the benches') counts a spoken ball as heard, like its clip.
    mark('cartela:voice-start', n);
    this.publish();
    speech.speak(spokenCall(n), {
      lang: speechLanguage(this.snapshot.pack?.language),
      rate: this.snapshot.speed,
      volume: this.snapshot.volume,
      onEnd: finish,
    });
    this.later(SPEECH_MAX_MS, finish);
  }

  private later(ms: number, callback: () => void): void {
    const handle = this.timers.setTimeout(() => {
      this.pending.delete(handle);
      callback();
    }, ms);
    this.pending.add(handle);
  }

  private stopSource(source: AudioSourceLike): void {
    try {
      source.stop();
      source.disconnect();
    } catch {
      // Already stopped.
    }
  }
}
