import type { AvailableVoicePacksResponse, Language } from '@cartela/contract';
import { useQuery } from '@tanstack/react-query';
import { lazyRouteQuery } from './client';
import { lazyRoute } from './lazy-route';

// The packs an agent may choose from: the one read the game room's voice setup makes. Apart from the packs'
// writes (voice-packs.ts) so the room does not load the mutations' code with it, and a lazy route so it does not
// load zod before its first paint (decision 073).

const availableRoute = lazyRoute('GET', '/api/voice-packs/available', (c) => c.voicePackRoutes.available);

/** GET /api/voice-packs/available: the packs the agent may choose (the defaults first) and its choice. */
export const availableVoicePacksQuery = () => lazyRouteQuery(availableRoute);

/**
 * The same read, kept apart per interface language of the agent: the pack it hears before choosing one follows its
 * language (an Oromo screen hears the Oromo pack, decision 078), so a language change asks the server again.
 */
export function useAvailableVoicePacks(language: Language | undefined, enabled = true) {
  const query = availableVoicePacksQuery();
  return useQuery<AvailableVoicePacksResponse>({
    ...query,
    queryKey: [...query.queryKey, language],
    enabled,
  });
}
