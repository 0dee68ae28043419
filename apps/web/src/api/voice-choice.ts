import { useQuery } from '@tanstack/react-query';
import { lazyRouteQuery } from './client';
import { lazyRoute } from './lazy-route';

// The packs an agent may choose from: the one read the game room's voice setup makes. Apart from the packs'
// writes (voice-packs.ts) so the room does not load the mutations' code with it, and a lazy route so it does not
// load zod before its first paint (decision 073).

const availableRoute = lazyRoute('GET', '/api/voice-packs/available', (c) => c.voicePackRoutes.available);

/** GET /api/voice-packs/available: the packs the agent may choose (the defaults first) and its choice. */
export const availableVoicePacksQuery = () => lazyRouteQuery(availableRoute);

export const useAvailableVoicePacks = (enabled = true) =>
  useQuery({ ...availableVoicePacksQuery(), enabled });
