import { voicePackRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** DELETE /api/voice-packs/:id: the pack and its files; agents who had chosen it hear the default pack. */
export function deleteVoicePack(id: string) {
  return api(voicePackRoutes.remove, { params: { id } });
}

export function useDeleteVoicePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVoicePack,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voice-packs'] }),
  });
}
