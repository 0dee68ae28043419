import type { Role } from '@cartela/contract';
import { Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { applyLanguage } from '@/i18n';
import { setUnauthorizedHandler } from '@/lib/api';
import { lazyPage, type PageEntry, PageSections } from '@/lib/pages';
import { paths } from '@/lib/paths';
import { endSession, useSession } from '@/lib/session';
import { PAGES } from './pages';
import { RouteErrorBoundary } from './route-error';
import { RouteGuard } from './route-guard';

const AppShell = lazyPage(
  () => import('./app-shell'),
  (m) => m.AppShell,
);

/**
 * The app's frame inside the router: it connects the api client's 401 rule to the router, applies a
 * user's saved language once per sign-in or session start, and catches pages that fail.
 */
function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const languageAppliedFor = useRef<string | null>(null);

  useEffect(
    () =>
      setUnauthorizedHandler(() => {
        endSession();
        void navigate(paths.login, {
          replace: true,
          state: { from: { pathname: window.location.pathname } },
        });
      }),
    [navigate],
  );

  useEffect(() => {
    if (!user) {
      languageAppliedFor.current = null;
    } else if (languageAppliedFor.current !== user.id) {
      languageAppliedFor.current = user.id;
      void applyLanguage(user.language);
    }
  }, [user]);

  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** A row of the page table as a <Route>, its sub-pages nested inside (and, to its layout, their sections). */
function pageRoute({ path, page: Page, children }: PageEntry) {
  const sections = (children ?? []).flatMap((child) =>
    'section' in child && child.section ? [{ ...child.section, to: child.path }] : [],
  );
  return (
    <Route
      key={path}
      path={path}
      element={
        sections.length > 0 ? (
          <PageSections.Provider value={sections}>
            <Page />
          </PageSections.Provider>
        ) : (
          <Page />
        )
      }
    >
      {children?.map((child) =>
        'redirect' in child ? (
          <Route key={child.path} path={child.path} element={<Navigate to={child.redirect} replace />} />
        ) : 'index' in child ? (
          <Route key="index" index element={<child.page />} />
        ) : (
          <Route key={child.path} path={child.path} element={<child.page />} />
        ),
      )}
    </Route>
  );
}

const Queries = lazyPage(
  () => import('./queries'),
  (m) => m.Queries,
);

/** The signed-in pages grouped by who may open them, one guard each. */
const GUARDED = new Map<string, { access: readonly Role[]; pages: PageEntry[] }>();
for (const page of PAGES) {
  if (page.access === 'public') continue;
  const key = page.access.join();
  const group = GUARDED.get(key) ?? { access: page.access, pages: [] };
  group.pages.push(page);
  GUARDED.set(key, group);
}

/**
 * Every page of the page table (app/pages.ts), each its own chunk, so the sign-in screen downloads only the
 * entry and the sign-in page. Pages are grouped under the guard of their access.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        {PAGES.filter((page) => page.signIn).map(pageRoute)}

        {/* Every other page within the data layer, which loads with the first of them (decision 071). */}
        <Route element={<Queries />}>
          {PAGES.filter((page) => page.access === 'public' && !page.signIn).map(pageRoute)}

          {/* The shell draws the navigation bar for a signed-in user; the guards inside decide who may pass. */}
          <Route element={<AppShell />}>
            {[...GUARDED].map(([key, group]) => (
              <Route key={key} element={<RouteGuard access={group.access} />}>
                {group.pages.map(pageRoute)}
              </Route>
            ))}
          </Route>
        </Route>

        <Route index element={<Navigate to={paths.dashboard} replace />} />
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Route>
    </Routes>
  );
}
