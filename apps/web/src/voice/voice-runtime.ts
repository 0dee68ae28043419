// The one voice manager of the tab, on the browser's real Web Audio, IndexedDB and speech synthesis. Loaded only
// with the pages that make sound (never with the sign-in route or the shell).
import { offlineDb } from '@/lib/offline-db';
import { storage } from '@/lib/storage';
import { type SpeechLike, VoiceManager, type VoiceManagerDeps } from './voice-manager';

type AudioContextClass = new () => AudioContext;

function browserSpeech(): SpeechLike | null {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return null;
  const synth = window.speechSynthesis;
  return {
    speak(text, { lang, rate, volume, onEnd }) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      utterance.rate = rate;
      utterance.volume = volume;
      utterance.onend = onEnd;
      utterance.onerror = onEnd;
      synth.cancel();
      synth.speak(utterance);
    },
    cancel: () => synth.cancel(),
  };
}

function browserVoiceDeps(): VoiceManagerDeps {
  return {
    fetch: (url, init) => fetch(url, init),
    createAudioContext: () => {
      const Context =
        (globalThis as { AudioContext?: AudioContextClass }).AudioContext ??
        (globalThis as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
      if (!Context) throw new ReferenceError('Web Audio is not available');
      return new Context();
    },
    store: offlineDb()?.voiceFiles ?? null,
    speech: browserSpeech(),
    getToken: () => storage.getToken(),
  };
}

let manager: VoiceManager | null = null;

/** The voice toggle's position on this device: a hall that turned the voice off stays silent after a reload. */
const MUTED_KEY = 'voiceMuted';
/** The device's voice pacing, 'skip' when chosen (the default 'wait' is not stored): decision 082. */
const PACING_KEY = 'voicePacing';

/** The tab's voice manager, made on first use. */
export function getVoiceManager(): VoiceManager {
  if (!manager) {
    const made = new VoiceManager(browserVoiceDeps());
    try {
      if (localStorage.getItem(MUTED_KEY) === 'true') made.setMuted(true);
      if (localStorage.getItem(PACING_KEY) === 'skip') made.setPacing('skip');
      let { muted, pacing } = made.getSnapshot();
      made.subscribe(() => {
        const now = made.getSnapshot();
        if (now.muted !== muted) {
          muted = now.muted;
          if (muted) localStorage.setItem(MUTED_KEY, 'true');
          else localStorage.removeItem(MUTED_KEY);
        }
        if (now.pacing !== pacing) {
          pacing = now.pacing;
          if (pacing === 'skip') localStorage.setItem(PACING_KEY, 'skip');
          else localStorage.removeItem(PACING_KEY);
        }
      });
    } catch {
      // No storage (private mode): the toggle is remembered for this tab only.
    }
    manager = made;
  }
  return manager;
}

/** Replaces the tab's manager (tests put one on fakes here); null makes a real one again on next use. */
export function setVoiceManager(next: VoiceManager | null): void {
  manager?.stopAll();
  manager = next;
}
