import { voicePackRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Every custom voice pack, newest first (GET /api/voice-packs, admin). */
export const voicePacksQuery = () =>
  queryOptions({
    queryKey: ['voice-packs', 'list'],
    queryFn: ({ signal }) => api(voicePackRoutes.list, { signal }),
    select: (data) => data.packs,
  });

export const useVoicePacks = () => useQuery(voicePacksQuery());
