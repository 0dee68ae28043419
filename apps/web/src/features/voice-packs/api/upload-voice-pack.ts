import { type VoicePackUploadQuery, voicePackRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/voice-packs: the zip as the request body, its name and language in the query. Sent as
 * application/zip whatever type the browser gave the file (Windows says x-zip-compressed, some none at all).
 */
export function uploadVoicePack({ file, query }: { file: Blob; query: VoicePackUploadQuery }) {
  return api(voicePackRoutes.upload, { query, rawBody: new Blob([file], { type: 'application/zip' }) });
}

export function useUploadVoicePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadVoicePack,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voice-packs'] }),
  });
}
