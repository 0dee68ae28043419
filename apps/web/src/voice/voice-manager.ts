// The browser's voice manager (issue 9, docs/decisions/048-voice-manager.md): loads a voice pack once (IndexedDB
// first, then the network), decodes every clip into memory, and plays calls through the Web Audio API so a call
// starts the moment it is asked for. Framework-free: everything it touches is injected, so tests fake it all.
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
  /** A sound (or a sequence) is playing: the voice toggle blocks clicks meanwhile. */
  playing: boolean;
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

const PACK_FILES: readonly PackFile[] = [
  ...NUMBER_VOICE_PATHS.map((path, i) => ({ path, slot: { kind: 'number', n: i + 1 } as const })),
  ...SPECIAL_SOUNDS.map((s) => ({ path: s.file, slot: { kind: 'special', id: s.id } as const })),
];

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
    missing: [],
    playing: false,
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

  /** Bumped by stopAll: a sound or step of what was stopped never plays afterwards. */
  private call = 0;
  /**
   * What waits its turn (issue 19, docs/decisions/060-every-ball-heard.md): a play asked for while another
   * plays starts when that one (and everything queued before it) has ended. Nothing is cut but by stopAll.
   */
  private readonly queue: Step[][] = [];
  /** A play (one of the queue's entries) is under way: its sound, a gap of its sequence, or its spoken call. */
  private busy = false;
  private readonly sources = new Set<AudioSourceLike>();
  private readonly pending = new Set<unknown>();

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
      PACK_FILES.map((file, i) => async () => {
        if (stale()) return;
        const buffer = await this.loadFile(context, pack, file.path, keys[i]!, cached[i]);
        if (stale()) return;
        if (!buffer) missing.push(file.path);
        else if (file.slot.kind === 'number') this.numbers.set(file.slot.n, buffer);
        else this.specials.set(file.slot.id, buffer);
        loaded += 1;
        this.update({ progress: { loaded, total: PACK_FILES.length } });
      }),
      // Downloads a few at a time; a pack kept on this device is decoded all at once (the browser decodes off
      // the main thread, in parallel; bench/voices.mjs: median 322 ms, against 434-573 ms six at a time).
      cached.length === keys.length && cached.every(Boolean) ? PACK_FILES.length : VOICE_DOWNLOAD_CONCURRENCY,
    );
    if (stale()) return this.snapshot;

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
  };

  /**
   * Calls a number (B-1 ... O-75): at once when nothing plays, else as soon as what plays (and what was asked
   * before it) has ended. A clip is never cut short by the next call, and never overlaps another.
   */
  playNumber = (n: number): void => this.play([{ item: n }]);

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
    this.call += 1;
    for (const handle of this.pending) this.timers.clearTimeout(handle);
    this.pending.clear();
    this.queue.length = 0;
    this.busy = false;
    for (const source of this.sources) this.stopSource(source);
    this.sources.clear();
    this.deps.speech?.cancel();
    if (this.snapshot.playing) this.update({ playing: false });
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

  private play(steps: readonly Step[]): void {
    if (this.snapshot.muted || steps.length === 0) return;
    mark(
      'cartela:voice-ask',
      steps.map((s) => s.item),
    );
    if (!this.snapshot.ready) this.warn('Voice system not initialized');
    if (this.context?.state === 'suspended') void this.context.resume().catch(() => {});
    // Every play waits its turn: the one playing is never cut (decision 060, replacing 048's 'latest call wins').
    this.queue.push([...steps]);
    if (!this.busy) this.next();
  }

  /** Starts the next play of the queue, or says that nothing plays any more. */
  private next(): void {
    const steps = this.queue.shift();
    if (!steps) {
      this.busy = false;
      if (this.snapshot.playing) this.update({ playing: false });
      return;
    }
    this.busy = true;
    this.step(steps, 0, this.call);
  }

  private step(steps: readonly Step[], index: number, call: number): void {
    if (call !== this.call) return;
    if (index >= steps.length) {
      this.next();
      return;
    }
    const { item, maxMs } = steps[index]!;
    const next = () => {
      if (call !== this.call) return;
      if (index + 1 >= steps.length) this.step(steps, index + 1, call);
      else this.later(VOICE_SEQUENCE_GAP_MS, () => this.step(steps, index + 1, call));
    };

    if (typeof item === 'number') {
      if (!Number.isInteger(item) || item < 1 || item > NUMBER_MAX) {
        this.warn(`Not a ball number: ${item}`);
        this.step(steps, index + 1, call);
        return;
      }
      const buffer = this.numbers.get(item);
      if (buffer) this.playBuffer(buffer, maxMs, next, item);
      else this.speak(item, next);
      return;
    }

    const buffer = this.specials.get(item);
    if (!buffer) {
      // Only numbers have a spoken fallback; before the voices are loaded the warning above said why.
      if (this.snapshot.ready || !SPECIAL_IDS.has(item)) this.warn(`Voice sound missing: ${item} (skipped)`);
      this.step(steps, index + 1, call);
      return;
    }
    this.playBuffer(buffer, maxMs, next, item);
  }

  private playBuffer(
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
    if (!this.snapshot.playing) this.update({ playing: true });
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
  private speak(n: number, onEnd: () => void): void {
    const speech = this.deps.speech;
    if (!speech) {
      onEnd();
      return;
    }
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      onEnd();
    };
    if (!this.snapshot.playing) this.update({ playing: true });
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
