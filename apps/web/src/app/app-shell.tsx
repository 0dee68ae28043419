import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { setBusinessTimeZone } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useSiteHeaderHidden } from '@/lib/site-header';
import { NavBar } from './nav-bar';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex justify-center py-24 text-ink-muted">
      <Spinner size="lg" label={t('common.loading')} className="text-brand-600" />
    </div>
  );
}

/**
 * The signed-in frame: the fixed navigation bar above the page. Without a user (still loading, or signed
 * out) it renders only its outlet, where the route guard shows 'Loading...' or redirects.
 */
export function AppShell() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Before any page renders a day: the days are the server's, in its business time zone (decision 065).
  setBusinessTimeZone(user?.businessTimeZone);
  const headerHidden = useSiteHeaderHidden();
  if (!user) return <Outlet />;
  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-surface focus:px-4 focus:py-2 focus:shadow-raised"
      >
        {t('common.skipToContent')}
      </a>
      {!headerHidden && <NavBar user={user} />}
      <main
        id="main"
        tabIndex={-1}
        className={headerHidden ? 'focus:outline-none' : 'pt-16 focus:outline-none'}
      >
        <div className="mx-auto w-full max-w-screen-2xl px-4 py-6 sm:px-6 sm:py-8">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </div>
      </main>
    </div>
  );
}
