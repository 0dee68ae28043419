import type { SessionUser } from '@cartela/contract';
import { clsx } from 'clsx';
import { Coins, LogOut, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/language-switch';
import { MENU_ICONS } from '@/components/menu-icons';
import { BrandMark } from '@/components/ui/brand-mark';
import { Button } from '@/components/ui/button';
import { useFormat } from '@/lib/format';
import { paths } from '@/lib/paths';
import { logout } from '@/lib/session';
import { notify } from '@/lib/toast';
import { menuFor } from './pages';

function CoinCount({ user, className }: { user: SessionUser; className?: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1.5 rounded-full bg-coin-50 px-3 py-1 text-sm font-semibold text-coin-800 ring-1 ring-coin-500/40 ring-inset',
        className,
      )}
    >
      <Coins className="size-4" aria-hidden="true" />
      {t('nav.coins', { count: user.virtualCoins, value: format.number(user.virtualCoins) })}
    </span>
  );
}

function UserBlock({ user, className }: { user: SessionUser; className?: string }) {
  const { t } = useTranslation();
  return (
    <div className={clsx('flex min-w-0 items-center gap-3', className)}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-bold text-brand-700 uppercase"
      >
        {user.username.slice(0, 1)}
      </span>
      <span className="flex min-w-0 flex-col leading-tight">
        <span className="truncate text-sm font-semibold text-ink">{user.username}</span>
        <span className="truncate text-xs text-ink-muted">{t(`roles.${user.role}`)}</span>
      </span>
    </div>
  );
}

/**
 * The fixed top bar (product/screens.md#navigation-bar): logo, the role's menu with the current page highlighted,
 * coins for virtual-coin agents, language, user and logout. Below the lg breakpoint (xl for a long menu) it folds into a menu panel.
 */
export function NavBar({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  // Until a demo password is replaced every page leads to the profile: a menu would only bounce there.
  const items = user.mustChangePassword ? [] : menuFor(user.role, user.financialModel);
  const showCoins = user.role === 'agent' && user.financialModel === 'virtual-coin';
  // The admin's eight items, and a virtual-coin agent's six with its coins beside them, sit in one row only on an
  // extra-large screen, in every language (Oromo's are the longest, decision 078; at 1024 px the agent's six
  // overflowed even in English, decision 085); below it they fold into the menu panel, as every menu does below lg.
  const fold =
    items.length > 5 ? { row: 'xl:flex', panel: 'xl:hidden' } : { row: 'lg:flex', panel: 'lg:hidden' };

  // The panel closes whenever the page changes (an item was chosen, or the back button was used).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false);
        menuButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  function signOut() {
    setMenuOpen(false);
    logout();
    notify.auth.success(t('auth.loggedOut'));
    void navigate(paths.login, { replace: true });
  }

  const linkClasses = ({ isActive }: { isActive: boolean }) =>
    clsx(
      'inline-flex items-center gap-2 rounded-lg px-2 text-sm font-medium transition-colors 2xl:px-3',
      isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-muted hover:bg-surface-muted hover:text-ink',
    );

  return (
    <>
      {menuOpen && (
        // A tap outside the panel closes it, as on any phone menu. (Outside the header: its backdrop-filter
        // would make it the containing block of a fixed child.)
        <div
          aria-hidden="true"
          className={clsx('fixed inset-0 z-30 bg-ink/30 animate-fade-in', fold.panel)}
          onClick={() => setMenuOpen(false)}
        />
      )}
      <header className="fixed inset-x-0 top-0 z-40 border-b border-line bg-surface/95 shadow-xs backdrop-blur supports-[backdrop-filter]:bg-surface/85">
        <nav aria-label={t('nav.main')}>
          <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-4 px-4 sm:px-6">
            <Link
              to={paths.dashboard}
              className="flex shrink-0 items-center gap-2.5 rounded-lg py-1 pr-2"
              onClick={() => setMenuOpen(false)}
            >
              <BrandMark className="size-9" />
              <span className="text-lg font-bold tracking-tight text-ink">{t('common.appName')}</span>
            </Link>

            <ul className={clsx('hidden min-w-0 flex-1 items-center gap-1', fold.row)}>
              {items.map((item) => (
                <li key={item.to}>
                  <NavLink to={item.to} className={(state) => clsx(linkClasses(state), 'h-10')}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>

            <div className={clsx('ml-auto hidden items-center gap-3', fold.row)}>
              {showCoins && <CoinCount user={user} />}
              <LanguageSwitch compact />
              <UserBlock user={user} className="max-w-40 border-l border-line pl-3" />
              <Button variant="ghost" size="sm" onClick={signOut} icon={LogOut}>
                {t('nav.logout')}
              </Button>
            </div>

            <Button
              ref={menuButton}
              variant="ghost"
              size="icon"
              className={clsx('ml-auto', fold.panel)}
              aria-label={t('nav.menu')}
              aria-expanded={menuOpen}
              aria-controls={panelId}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? (
                <X className="size-6" aria-hidden="true" />
              ) : (
                <Menu className="size-6" aria-hidden="true" />
              )}
            </Button>
          </div>

          {menuOpen && (
            <div
              id={panelId}
              className={clsx(
                'max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-line bg-surface shadow-raised',
                fold.panel,
              )}
            >
              <div className="flex items-center justify-between gap-3 px-4 pt-4 sm:px-6">
                <UserBlock user={user} />
                {showCoins && <CoinCount user={user} />}
              </div>
              <ul className="space-y-1 px-3 py-3 sm:px-5">
                {items.map((item) => {
                  const Icon = MENU_ICONS[item.icon];
                  return (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        className={(state) => clsx(linkClasses(state), 'h-12 w-full text-base')}
                        onClick={() => setMenuOpen(false)}
                      >
                        <Icon className="size-5" aria-hidden="true" />
                        {t(item.label)}
                      </NavLink>
                    </li>
                  );
                })}
              </ul>
              <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line px-4 py-4 sm:px-6">
                <LanguageSwitch />
                <Button variant="outline" onClick={signOut} icon={LogOut}>
                  {t('nav.logout')}
                </Button>
              </div>
            </div>
          )}
        </nav>
      </header>
    </>
  );
}
