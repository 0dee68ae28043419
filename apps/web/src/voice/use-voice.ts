// React glue of the voice manager: the tab's manager (or a test's), its state, and the pack the agent hears.
import type { AvailableVoicePack } from '@cartela/contract';
import { DEFAULT_VOICE_PACK_VERSION, DEFAULT_VOICE_PACKS } from '@cartela/contract/voices';
import {
  createContext,
  createElement,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useSyncExternalStore,
} from 'react';
import { useAvailableVoicePacks } from '@/api/voice-choice';
import { useSession } from '@/lib/session';
import type { VoiceManager, VoiceSnapshot } from './voice-manager';
import { getVoiceManager } from './voice-runtime';

const VoiceContext = createContext<VoiceManager | null>(null);

/** Gives the components below a manager of one's own (tests); without it they use the tab's. */
export function VoiceProvider({ manager, children }: { manager: VoiceManager; children: ReactNode }) {
  return createElement(VoiceContext.Provider, { value: manager }, children);
}

export function useVoiceManager(): VoiceManager {
  return useContext(VoiceContext) ?? getVoiceManager();
}

type VoiceApi = VoiceSnapshot &
  Pick<
    VoiceManager,
    | 'init'
    | 'unlock'
    | 'playNumber'
    | 'playSpecial'
    | 'playSequence'
    | 'goodBingo'
    | 'blocked'
    | 'everybodyJump'
    | 'stopAll'
    | 'setVolume'
    | 'setMuted'
    | 'setPacing'
  >;

/** The voice's state (re-rendering on every change) and what it can do. */
export function useVoice(): VoiceApi {
  const manager = useVoiceManager();
  const snapshot = useSyncExternalStore(manager.subscribe, manager.getSnapshot);
  return useMemo(
    () => ({
      ...snapshot,
      init: manager.init,
      unlock: manager.unlock,
      playNumber: manager.playNumber,
      playSpecial: manager.playSpecial,
      playSequence: manager.playSequence,
      goodBingo: manager.goodBingo,
      blocked: manager.blocked,
      everybodyJump: manager.everybodyJump,
      stopAll: manager.stopAll,
      setVolume: manager.setVolume,
      setMuted: manager.setMuted,
      setPacing: manager.setPacing,
    }),
    [snapshot, manager],
  );
}

/** The default Amharic pack as the server describes it: what plays before the server answered, or offline. */
export const DEFAULT_PACK: AvailableVoicePack = {
  id: DEFAULT_VOICE_PACKS[0].id,
  name: DEFAULT_VOICE_PACKS[0].name,
  language: DEFAULT_VOICE_PACKS[0].language,
  kind: 'default',
  fileBase: DEFAULT_VOICE_PACKS[0].baseUrl,
  version: DEFAULT_VOICE_PACK_VERSION,
};

/** The last pack the server named for this device: what loads offline, and at once before the server answers. */
const PACK_KEY = 'voicePack';

/**
 * The remembered pack when it has every field a pack has (an older app's or a hand-edited copy does not). Checked
 * by hand, not with the contract's schema: the room reads it before zod has loaded (decision 073).
 */
function rememberedVoicePack(): AvailableVoicePack | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(PACK_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const pack = stored as Record<keyof AvailableVoicePack, unknown>;
    const texts = [pack.id, pack.name, pack.language, pack.fileBase, pack.version];
    if (!texts.every((v) => typeof v === 'string') || (pack.kind !== 'default' && pack.kind !== 'custom')) {
      return null;
    }
    return stored as AvailableVoicePack;
  } catch {
    return null;
  }
}

export function rememberVoicePack(pack: AvailableVoicePack): void {
  try {
    localStorage.setItem(PACK_KEY, JSON.stringify(pack));
  } catch {
    // No storage: the server is asked again next time.
  }
}

/**
 * The pack the signed-in agent hears: its choice on the server; the one remembered on this device while the
 * server has not answered or cannot be reached; the default Amharic pack otherwise (and for other roles).
 */
export function useVoicePack(): AvailableVoicePack | undefined {
  const { user } = useSession();
  const agent = user?.role === 'agent';
  const query = useAvailableVoicePacks(user?.language, agent);
  const fromServer = query.data
    ? (query.data.packs.find((p) => p.id === query.data.selected) ?? query.data.packs[0] ?? DEFAULT_PACK)
    : undefined;
  useEffect(() => {
    if (fromServer) rememberVoicePack(fromServer);
  }, [fromServer]);
  if (fromServer) return fromServer;
  if (!agent || query.isError) return rememberedVoicePack() ?? DEFAULT_PACK;
  return rememberedVoicePack() ?? undefined;
}

/**
 * Loads the agent's pack into the manager (once per pack version; shared with anyone else asking) and
 * returns the voice: what a room calls on mount, showing <VoicePreload /> while `state` is 'initialising'.
 * `enabled` false holds the loading back (the room starts it once its game is on screen).
 */
export function useVoiceSetup(enabled = true): VoiceApi {
  const voice = useVoice();
  const pack = useVoicePack();
  const { init } = voice;
  // By value: the remembered pack is a new object on every render.
  const packKey = pack ? JSON.stringify(pack) : null;
  useEffect(() => {
    if (enabled && packKey) void init(JSON.parse(packKey) as AvailableVoicePack);
  }, [init, packKey, enabled]);
  return voice;
}
