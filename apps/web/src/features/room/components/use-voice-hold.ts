import { useCallback, useState } from 'react';
import type { VoiceSnapshot } from '@/voice/voice-manager';

/**
 * Why the room holds Call Next now (docs/decisions/082-voice-never-behind.md): 'voice', the ball's call is being
 * heard and the device's pacing is 'wait'; 'voices', the first call of the game waits for the sounds it needs
 * (the 75 numbers, game_started, everybody_jump) to be decoded.
 */
export type CallHold = 'voice' | 'voices' | null;

export interface VoiceHold {
  reason: CallHold;
  /**
   * The voices' loading (files loaded of the pack's), while the first call waits for them and, after Start
   * anyway, until they are in; null otherwise.
   */
  loading: { loaded: number; total: number } | null;
  /** 'Start anyway': the first call goes without waiting for the voices. */
  startAnyway(): void;
}

/**
 * The voice's hold on the calls of the tab that `speaks` (a viewer is never held, and neither is a tab whose voice
 * is off: there is nothing to wait for). Auto call already waits for the voice (use-auto-call.ts); this holds the
 * agent's own Call Next, and the first call of a game until its start sounds can be heard.
 */
export function useVoiceHold({
  voice,
  speaks,
  firstCall,
}: {
  voice: Pick<VoiceSnapshot, 'state' | 'essentialReady' | 'progress' | 'muted' | 'pacing' | 'calling'>;
  speaks: boolean;
  /** No ball called yet, the game running. */
  firstCall: boolean;
}): VoiceHold {
  const [anyway, setAnyway] = useState(false);
  const heard = speaks && !voice.muted;
  // Only while a pack loads: a pack that ended without them (a file missing) has nothing more to wait for.
  const loadingEssential = heard && voice.state === 'initialising' && !voice.essentialReady;
  const waitsForVoices = loadingEssential && firstCall && !anyway;
  const reason: CallHold = waitsForVoices
    ? 'voices'
    : heard && voice.pacing === 'wait' && voice.calling
      ? 'voice'
      : null;
  const startAnyway = useCallback(() => setAnyway(true), []);
  return {
    reason,
    loading: loadingEssential && (waitsForVoices || anyway) ? voice.progress : null,
    startAnyway,
  };
}
