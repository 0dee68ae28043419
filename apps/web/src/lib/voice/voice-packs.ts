// The agent's voice packs (issue 9): which packs it may choose and which one it hears. The routes and their
// shapes are the contract's (packages/contract/src/voice-packs.ts); this file is the one place the feature
// calls them.
import {
  type AvailableVoicePack,
  type AvailableVoicePacksResponse,
  DEFAULT_VOICE_PACK_VERSION,
  DEFAULT_VOICE_PACKS,
  voicePackRoutes,
} from '@cartela/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { AvailableVoicePack, AvailableVoicePacksResponse };

export const availableVoicePacksQuery = () =>
  queryOptions({
    queryKey: ['voice-packs', 'available'],
    queryFn: ({ signal }) => api(voicePackRoutes.available, { signal }),
  });

/** GET /api/voice-packs/available: the packs the agent may choose (the defaults first) and its choice. */
export const useAvailableVoicePacks = (enabled = true) =>
  useQuery({ ...availableVoicePacksQuery(), enabled });

/** PUT /api/voice-packs/selected: the agent's pack; the list of packs then says it is the selected one. */
export function useSelectVoicePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (packId: string) => api(voicePackRoutes.select, { body: { packId } }),
    onSuccess: ({ selected }) => {
      queryClient.setQueryData(availableVoicePacksQuery().queryKey, (old) => old && { ...old, selected });
    },
  });
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
