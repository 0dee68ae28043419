import { voicePackRoutes } from '@cartela/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery } from './client';

// The packs an agent may choose from: the one read the game room's voice setup makes. Apart from the packs'
// writes (voice-packs.ts) so the room does not load the mutations' code with it.

/** GET /api/voice-packs/available: the packs the agent may choose (the defaults first) and its choice. */
export const availableVoicePacksQuery = () => routeQuery(voicePackRoutes.available);

export const useAvailableVoicePacks = (enabled = true) =>
  useQuery({ ...availableVoicePacksQuery(), enabled });
