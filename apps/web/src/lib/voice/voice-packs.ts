// The agent's voice packs (issue 9): which packs it may choose and which one it hears. The routes and their
// shapes are the contract's (packages/contract/src/voice-packs.ts); the calls are src/api/voice-packs.ts's.
import {
  type AvailableVoicePack,
  type AvailableVoicePacksResponse,
  DEFAULT_VOICE_PACK_VERSION,
  DEFAULT_VOICE_PACKS,
} from '@cartela/contract';

// What the voice setup reads (the agent's packs and choice), kept under the route's key by src/api/.
export { useAvailableVoicePacks } from '@/api/voice-choice';
export type { AvailableVoicePack, AvailableVoicePacksResponse };

/** The default Amharic pack as the server describes it: what plays before the server answered, or offline. */
export const DEFAULT_PACK: AvailableVoicePack = {
  id: DEFAULT_VOICE_PACKS[0].id,
  name: DEFAULT_VOICE_PACKS[0].name,
  language: DEFAULT_VOICE_PACKS[0].language,
  kind: 'default',
  fileBase: DEFAULT_VOICE_PACKS[0].baseUrl,
  version: DEFAULT_VOICE_PACK_VERSION,
};
