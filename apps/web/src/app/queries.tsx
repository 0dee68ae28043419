import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { onSessionEnd } from '@/lib/session';

// A session's cached answers go with it: the next user on this device starts from none.
onSessionEnd(() => queryClient.clear());

/**
 * The data layer (TanStack Query) around every page but the sign-in screens, loaded with the first of them
 * (decision 071): the sign-in screen shows and takes typing without it.
 */
export function Queries() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
