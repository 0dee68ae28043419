import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { queryClient } from '@/lib/query-client';
import { ToasterHost } from '@/lib/toast';
import { AppRoutes } from './routes';

/*
 * Declarative routing with React.lazy pages: the data router (createBrowserRouter) would add ~17 KB gzipped
 * to the sign-in screen for loaders and actions this app does not use (TanStack Query fetches the data).
 */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToasterHost />
    </QueryClientProvider>
  );
}
