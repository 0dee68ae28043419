import { networkRoutes } from '@cartela/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The agents a pack can be offered to (GET /api/users?role=agent). */
export const agentUsersQuery = () =>
  queryOptions({
    queryKey: ['users', { role: 'agent' }],
    queryFn: ({ signal }) => api(networkRoutes.listUsers, { query: { role: 'agent' }, signal }),
    select: (data) => data.users,
  });

export const useAgentUsers = (enabled = true) => useQuery({ ...agentUsersQuery(), enabled });
