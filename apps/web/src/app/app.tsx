import { BrowserRouter } from 'react-router';
import { ToasterHost } from '@/lib/toast';
import { AppRoutes } from './routes';

/*
 * Declarative routing with React.lazy pages: the data router (createBrowserRouter) would add ~17 KB gzipped
 * to the sign-in screen for loaders and actions this app does not use (TanStack Query fetches the data, inside
 * the pages' own layer: app/queries.tsx).
 */
export function App() {
  return (
    <>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <ToasterHost />
    </>
  );
}
