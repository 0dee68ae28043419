import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { homePathFor, useSession } from '../lib/session';

/**
 * Who may open a route (spec 01 section 2, "Route guard"): 'login' (the default) is any admin or agent;
 * 'admin' is the admin only; 'super-agent' is a super agent only.
 */
export type Access = 'login' | 'admin' | 'super-agent';

/**
 * Waits for the session, then lets the user through or sends them where they belong. A super agent has
 * only their own dashboard (spec 01 section 6), so any other signed-in page takes them there.
 */
export function RouteGuard({ access = 'login' }: { access?: Access }) {
  const { user, isLoading } = useSession();
  const location = useLocation();

  if (isLoading) return <FullPageSpinner />;
  if (!user) return <Navigate to="/login" replace state={{ from: location }} />;
  if (access === 'super-agent') {
    return user.role === 'super-agent' ? <Outlet /> : <Navigate to="/super-agent-login" replace />;
  }
  if (user.role === 'super-agent') return <Navigate to={homePathFor(user)} replace />;
  if (access === 'admin' && user.role !== 'admin') return <Navigate to="/dashboard" replace />;
  return <Outlet />;
}
