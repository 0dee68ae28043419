import type { Role, SessionUser } from '@cartela/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/lib/paths';
import { homePathFor, useSession } from '@/lib/session';

/**
 * Where a signed-in user who opens `pathname` (a page with this access) is sent instead, or null to let them
 * in. A super agent has only their own dashboard (product/roles.md#route-guard), so any other signed-in page takes
 * them there. An account that still has its published demo password goes to its profile until it has chosen
 * its own: the server refuses everything else meanwhile (PASSWORD_CHANGE_REQUIRED).
 */
export function redirectFor(access: readonly Role[], user: SessionUser, pathname: string): string | null {
  if (user.mustChangePassword) return pathname === paths.settingsProfile ? null : paths.settingsProfile;
  if (access.includes(user.role)) return null;
  if (user.role === 'super-agent') return homePathFor(user);
  // The super agents' own pages send anyone else to the super agents' sign-in screen.
  return access.includes('super-agent') ? paths.superAgentLogin : paths.dashboard;
}

/**
 * Waits for the session, then lets the user through or sends them where they belong (`redirectFor`). The
 * access comes from the page table (app/pages.ts), the same rows the menus are built from.
 */
export function RouteGuard({ access }: { access: readonly Role[] }) {
  const { user, isLoading } = useSession();
  const location = useLocation();

  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Navigate to={paths.login} replace state={{ from: location }} />;
  const redirect = redirectFor(access, user, location.pathname);
  return redirect ? <Navigate to={redirect} replace /> : <Outlet />;
}
