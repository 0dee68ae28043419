// The room's alert tone (docs/decisions/084-network-loss-in-the-room.md): two short beeps the moment calls stop
// reaching the server, so a hall whose agent looks at the players hears it at once. Made with Web Audio's
// oscillator (no file to download, nothing to preload: it sounds offline, which is when it is needed) and
// kept apart from the voice manager: it never waits in the voice's queue and never cuts a ball's clip short.
// Framework-free; the AudioContext comes from a factory so tests give their own.

interface ParamLike {
  value: number;
  setValueAtTime(value: number, time: number): unknown;
  exponentialRampToValueAtTime(value: number, time: number): unknown;
}

/** The members of an OscillatorNode the tone uses. */
export interface ToneOscillatorLike {
  type: string;
  readonly frequency: ParamLike;
  connect(destination: never): unknown;
  start(when?: number): void;
  stop(when?: number): void;
}

/** The members of a GainNode the tone uses. */
export interface ToneGainLike {
  readonly gain: ParamLike;
  connect(destination: never): unknown;
}

/** The members of the browser's AudioContext the tone uses. */
export interface ToneContextLike {
  readonly currentTime: number;
  readonly destination: unknown;
  readonly state: string;
  resume(): Promise<void>;
  createOscillator(): ToneOscillatorLike;
  createGain(): ToneGainLike;
}

/** The beeps: a high then a lower one, each short, a warning rather than a ball's call. */
export const ALERT_TONE_BEEPS = [
  { hz: 880, at: 0, seconds: 0.16 },
  { hz: 660, at: 0.22, seconds: 0.22 },
] as const;

/** The loudest the tone gets, at the voice's full volume: under a call's level, heard over a hall. */
const PEAK_GAIN = 0.35;
const SILENT = 0.0001;

function browserContext(): ToneContextLike | null {
  const scope = globalThis as { AudioContext?: new () => unknown; webkitAudioContext?: new () => unknown };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  return Context ? (new Context() as ToneContextLike) : null;
}

export interface AlertTone {
  /** Plays the tone once at `volume` (0-1, the voice's). False when this browser cannot play it. */
  play(volume?: number): boolean;
}

/**
 * A tone player over `createContext` (the browser's AudioContext by default), made on the first play and kept:
 * browsers allow few contexts, and one made after the room's first click may play (the page has the user's
 * gesture by then).
 */
export function createAlertTone(createContext: () => ToneContextLike | null = browserContext): AlertTone {
  let context: ToneContextLike | null = null;
  return {
    play(volume = 1) {
      const level = Math.min(1, Math.max(0, Number.isFinite(volume) ? volume : 1)) * PEAK_GAIN;
      if (level <= 0) return false;
      try {
        context ??= createContext();
        if (!context) return false;
        if (context.state === 'suspended') void context.resume().catch(() => {});
        const start = context.currentTime;
        for (const beep of ALERT_TONE_BEEPS) {
          const at = start + beep.at;
          const end = at + beep.seconds;
          const oscillator = context.createOscillator();
          const gain = context.createGain();
          oscillator.type = 'sine';
          oscillator.frequency.setValueAtTime(beep.hz, at);
          // A quick rise and a falling tail: no click at either end.
          gain.gain.setValueAtTime(SILENT, at);
          gain.gain.exponentialRampToValueAtTime(level, at + 0.015);
          gain.gain.exponentialRampToValueAtTime(SILENT, end);
          oscillator.connect(gain as never);
          gain.connect(context.destination as never);
          oscillator.start(at);
          oscillator.stop(end + 0.02);
        }
        return true;
      } catch {
        // No audio on this device: the banner still says it.
        return false;
      }
    },
  };
}

/** The tab's tone. */
export const alertTone: AlertTone = createAlertTone();
