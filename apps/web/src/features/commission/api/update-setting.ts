import { commissionRoutes, type UpdateCommissionSettingRequest } from '@cartela/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { settingsQuery } from './settings';

/** PUT /api/commission/settings/:id (the agent's id): its admin commission rate (= systemCommissionShare) and notes. */
export function updateSetting({ agentId, body }: { agentId: string; body: UpdateCommissionSettingRequest }) {
  return api(commissionRoutes.updateSetting, { params: { id: agentId }, body });
}

export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: async ({ setting }) => {
      queryClient.setQueryData(settingsQuery().queryKey, (data) =>
        data ? { settings: data.settings.map((s) => (s.agentId === setting.agentId ? setting : s)) } : data,
      );
      // The rate is the agent's systemCommissionShare: the agents list shows it too.
      await Promise.all(
        [['commission', 'settings'], ['agents']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
