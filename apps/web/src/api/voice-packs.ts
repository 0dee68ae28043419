import {
  type AvailableVoicePacksResponse,
  type UpdateVoicePackRequest,
  type VoicePackUploadQuery,
  voicePackRoutes,
} from '@cartela/contract';
import { useQuery } from '@tanstack/react-query';
import { routeQuery } from './client';
import { availableVoicePacksQuery } from './voice-choice';
import { useWrite } from './write';

// voicePackRoutes: the admin's custom packs, and the agent's choice (what it may choose from: voice-choice.ts).

/** Every custom voice pack, newest first (GET /api/voice-packs, admin). */
export const voicePacksQuery = () => routeQuery(voicePackRoutes.list, {}, { select: (data) => data.packs });

export const useVoicePacks = () => useQuery(voicePacksQuery());

/** PUT /api/voice-packs/selected: the agent's pack; the list of packs then says it is the selected one. */
export const useSelectVoicePack = () =>
  useWrite(voicePackRoutes.select, {
    request: (packId: string) => ({ body: { packId } }),
    onSuccess: ({ selected }, _, queryClient) => {
      // Every language's copy of the list (voice-choice.ts keys it by language).
      queryClient.setQueriesData<AvailableVoicePacksResponse>(
        { queryKey: availableVoicePacksQuery().queryKey },
        (old) => old && { ...old, selected },
      );
    },
    invalidates: [],
  });

/** A pack added, changed or deleted: the admin's list and the packs offered to choose from. */
const PACKS_CHANGED = [voicePackRoutes.list, voicePackRoutes.available] as const;

/**
 * POST /api/voice-packs: the zip as the request body, its name and language in the query. Sent as
 * application/zip whatever type the browser gave the file (Windows says x-zip-compressed, some none at all).
 */
export const useUploadVoicePack = () =>
  useWrite(voicePackRoutes.upload, {
    request: ({ file, query }: { file: Blob; query: VoicePackUploadQuery }) => ({
      query,
      rawBody: new Blob([file], { type: 'application/zip' }),
    }),
    invalidates: PACKS_CHANGED,
  });

/** PUT /api/voice-packs/:id with only what changed: name, who it is offered to, on or off. */
export const useUpdateVoicePack = () =>
  useWrite(voicePackRoutes.update, {
    request: ({ id, body }: { id: string; body: UpdateVoicePackRequest }) => ({ params: { id }, body }),
    invalidates: PACKS_CHANGED,
  });

/** DELETE /api/voice-packs/:id: the pack and its files; agents who had chosen it hear the default pack. */
export const useDeleteVoicePack = () =>
  useWrite(voicePackRoutes.remove, {
    request: (id: string) => ({ params: { id } }),
    invalidates: PACKS_CHANGED,
  });
