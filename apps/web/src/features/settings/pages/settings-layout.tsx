import '../i18n';
import { clsx } from 'clsx';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { MENU_ICONS } from '@/components/menu-icons';
import { PageHeader } from '@/components/ui/page-header';
import { usePageSections } from '@/lib/pages';
import { useSession } from '@/lib/session';

/** /settings/*: a sidebar of sections (tabs on a phone) beside the chosen section. */
export function SettingsLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The sections are the page table's (features/settings/routes.tsx, and Voice from the voices feature).
  const sections = usePageSections();
  const tabs = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections are a row of tabs that scrolls sideways: keep the open one in sight.
  useEffect(() => {
    const list = tabs.current;
    const current = list?.querySelector<HTMLElement>(`a[href="${pathname}"]`);
    if (list && current && list.scrollWidth > list.clientWidth) {
      list.scrollLeft = current.offsetLeft - list.offsetLeft - 4;
    }
  }, [pathname]);
  const section = (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
  if (user?.mustChangePassword) {
    // Only the profile opens until the demo password is replaced: no sections to choose from.
    return (
      <>
        <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
        <div className="max-w-4xl">{section}</div>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('settings.title')} description={t('settings.subtitle')} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8">
        <nav aria-label={t('settings.sections')}>
          <ul
            ref={tabs}
            className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:flex-col lg:overflow-visible"
          >
            {sections.map(({ to, label, icon }) => {
              const Icon = MENU_ICONS[icon];
              return (
                <li key={to} className="shrink-0">
                  <NavLink
                    to={to}
                    className={({ isActive }) =>
                      clsx(
                        'flex h-11 items-center gap-2.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                        isActive
                          ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-200 ring-inset'
                          : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
                      )
                    }
                  >
                    <Icon className="size-4" aria-hidden="true" />
                    {t(label)}
                  </NavLink>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="min-w-0 max-w-4xl">{section}</div>
      </div>
    </>
  );
}
