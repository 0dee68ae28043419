import { type UpdateVoicePackRequest, voicePackRoutes } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** PUT /api/voice-packs/:id with only what changed: name, who it is offered to, on or off. */
export function updateVoicePack({ id, body }: { id: string; body: UpdateVoicePackRequest }) {
  return api(voicePackRoutes.update, { params: { id }, body });
}

export function useUpdateVoicePack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVoicePack,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['voice-packs'] }),
  });
}
