// Fakes for the voice manager's tests: an audio context that records what plays, a pack server, speech, a clock.
import { VOICE_PACK_FILES } from '@cartela/contract';
import type {
  AudioBufferLike,
  AudioContextLike,
  AudioSourceLike,
  GainLike,
  SpeechLike,
  Timers,
  VoiceManagerDeps,
  VoicePackRef,
} from './voice-manager';
import { VoiceManager } from './voice-manager';

export const TEST_PACK: VoicePackRef = {
  id: 'default-am',
  language: 'am',
  fileBase: '/assets/voices/',
  version: 'v1',
};

const MAGIC = [0x49, 0x44, 0x33]; // 'ID3', as an mp3 starts

/**
 * The bytes of a fake clip: 'ID3', its length in tenths of a second, then its name (so the fake context knows
 * which clip plays), padded to `size` bytes.
 */
function clipBytes(name: string, { seconds = 1, size = 12_000 } = {}): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set(MAGIC);
  bytes[3] = Math.round(seconds * 10);
  bytes.set(new TextEncoder().encode(name).slice(0, size - 5), 4);
  return bytes;
}

interface FakeBuffer extends AudioBufferLike {
  name: string;
}

class FakeSource implements AudioSourceLike {
  buffer: AudioBufferLike | null = null;
  readonly playbackRate = { value: 1 };
  started = false;
  stopped = false;
  /** When it started and stopped, on the context's clock (0 without one). */
  startedAt = 0;
  stoppedAt: number | null = null;
  constructor(private readonly now: () => number = () => 0) {}
  connect() {
    return undefined;
  }
  start() {
    this.started = true;
    this.startedAt = this.now();
  }
  stop() {
    if (!this.stopped) this.stoppedAt = this.now();
    this.stopped = true;
  }
  /** Stopped before its clip's length at its speed had played (1 ms of rounding allowed). */
  get cutShort(): boolean {
    if (this.stoppedAt === null || !this.buffer) return false;
    const length = (this.buffer.duration * 1000) / this.playbackRate.value;
    return this.stoppedAt - this.startedAt < length - 1;
  }
  disconnect() {}
  get name(): string {
    return (this.buffer as FakeBuffer | null)?.name ?? '';
  }
}

/** Records every source it makes; decodes the bytes of clipBytes() and refuses anything else. */
export class FakeAudioContext implements AudioContextLike {
  state = 'suspended';
  readonly destination = {};
  readonly sources: FakeSource[] = [];
  readonly gain: GainLike = { gain: { value: 1 }, connect: () => undefined };
  decodes = 0;
  /** Reads `clock` (when given) for the sources' start and stop times. */
  constructor(private readonly clock?: { readonly time: number }) {}

  async resume() {
    this.state = 'running';
  }
  createGain() {
    return this.gain;
  }
  createBufferSource() {
    const source = new FakeSource(() => this.clock?.time ?? 0);
    this.sources.push(source);
    return source;
  }
  async decodeAudioData(data: ArrayBuffer): Promise<FakeBuffer> {
    this.decodes += 1;
    const bytes = new Uint8Array(data);
    if (!MAGIC.every((b, i) => bytes[i] === b)) throw new DOMException('Unable to decode', 'EncodingError');
    const end = bytes.indexOf(0, 4);
    const name = new TextDecoder().decode(bytes.slice(4, end === -1 ? undefined : end));
    return { name, duration: bytes[3]! / 10 };
  }
  /** The names of the clips started and not stopped. */
  audible(): string[] {
    return this.sources.filter((s) => s.started && !s.stopped).map((s) => s.name);
  }
  /** The clips stopped before their end (a call cut short), with when they started. */
  cut(): Array<{ name: string; at: number }> {
    return this.sources.filter((s) => s.cutShort).map((s) => ({ name: s.name, at: s.startedAt }));
  }
  /** Every clip started: its name and when, in order. */
  timeline(): Array<{ name: string; at: number }> {
    return this.sources.filter((s) => s.started).map((s) => ({ name: s.name, at: s.startedAt }));
  }
  /** The names of every clip started, in order. */
  started(): string[] {
    return this.sources.filter((s) => s.started).map((s) => s.name);
  }
}

/** A clock the test moves by hand. */
export class FakeClock implements Timers {
  private now = 0;
  private seq = 0;
  /** The clock's time, in ms since it was made. */
  get time(): number {
    return this.now;
  }
  private readonly tasks = new Map<number, { at: number; callback: () => void }>();
  setTimeout(callback: () => void, ms: number): unknown {
    this.seq += 1;
    this.tasks.set(this.seq, { at: this.now + Math.max(0, ms), callback });
    return this.seq;
  }
  clearTimeout(handle: unknown) {
    this.tasks.delete(handle as number);
  }
  /** Runs what falls due in the next `ms` milliseconds, in time order. */
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = [...this.tasks.entries()]
        .filter(([, t]) => t.at <= end)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.tasks.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = end;
  }
  get pending(): number {
    return this.tasks.size;
  }
}

export type FileAnswer = 'ok' | 'missing' | 'small' | 'html' | 'html-type' | 'error' | 'not-audio';

/**
 * A pack server: every file of a pack answers a valid clip unless `answers` says otherwise for a path; an
 * array of answers is served in turn (the last one repeats). Counts the requests of each path.
 */
export function fakePackServer(
  answers: Record<string, FileAnswer | FileAnswer[]> = {},
  { seconds = {} as Record<string, number>, base = TEST_PACK.fileBase } = {},
) {
  const requests = new Map<string, number>();
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetch = async (url: string, init?: RequestInit): Promise<Response> => {
    calls.push({ url, init });
    if (!url.startsWith(base)) return new Response('', { status: 404 });
    const path = url.slice(base.length);
    const count = (requests.get(path) ?? 0) + 1;
    requests.set(path, count);
    const planned = answers[path] ?? 'ok';
    const answer = Array.isArray(planned) ? planned[Math.min(count, planned.length) - 1]! : planned;
    const type = path.endsWith('.m4a') ? 'audio/mp4' : 'audio/mpeg';
    switch (answer) {
      case 'missing':
        return new Response('Not Found', { status: 404 });
      case 'error':
        return new Response('', { status: 503 });
      case 'small':
        return new Response(clipBytes(path, { size: 2_000 }), { headers: { 'content-type': type } });
      case 'html':
        return new Response(`<!doctype html><html>${'x'.repeat(12_000)}</html>`, {
          headers: { 'content-type': 'application/octet-stream' },
        });
      case 'html-type':
        return new Response(clipBytes(path), { headers: { 'content-type': 'text/html; charset=utf-8' } });
      case 'not-audio':
        return new Response(new Uint8Array(12_000).fill(7), { headers: { 'content-type': type } });
      default:
        return new Response(clipBytes(path, { seconds: seconds[path] ?? 1 }), {
          headers: { 'content-type': type },
        });
    }
  };
  return { fetch, requests, calls, total: () => calls.length };
}

export function fakeSpeech() {
  const spoken: Array<{ text: string; lang: string }> = [];
  let cancels = 0;
  const speech: SpeechLike = {
    speak: (text, { lang }) => {
      spoken.push({ text, lang });
    },
    cancel: () => {
      cancels += 1;
    },
  };
  return { speech, spoken, cancels: () => cancels };
}

/** A manager on fakes; returns the fakes too. */
export function fakeVoiceManager(overrides: Partial<VoiceManagerDeps> = {}) {
  const clock = new FakeClock();
  const context = new FakeAudioContext(clock);
  const server = fakePackServer();
  const speech = fakeSpeech();
  const warn = (..._args: unknown[]) => {};
  const manager = new VoiceManager({
    fetch: server.fetch,
    createAudioContext: () => context,
    store: null,
    speech: speech.speech,
    getToken: () => 'token-1',
    timers: clock,
    warn,
    ...overrides,
  });
  return { manager, context, server, speech, clock };
}

export const PACK_FILE_COUNT = VOICE_PACK_FILES.length;
