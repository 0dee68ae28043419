import { type ComponentType, lazy, Suspense, useEffect, useRef } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { FullPageSpinner } from '../components/full-page-spinner';
import { applyLanguage } from '../i18n';
import { setUnauthorizedHandler } from '../lib/api';
import { endSession, useSession } from '../lib/session';
import { RouteErrorBoundary } from './route-error';
import { RouteGuard } from './route-guard';

/** A page in its own chunk, fetched the first time its route is visited. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return lazy(async () => ({ default: pick(await load()) }));
}

const LoginPage = page(
  () => import('../features/auth/pages/login-page'),
  (m) => m.LoginPage,
);
const AppShell = page(
  () => import('./app-shell'),
  (m) => m.AppShell,
);
const DashboardPage = page(
  () => import('../features/dashboard/pages/dashboard-page'),
  (m) => m.DashboardPage,
);
const SuperAgentDashboardPage = page(
  () => import('../features/super-agent-dashboard/pages/super-agent-dashboard-page'),
  (m) => m.SuperAgentDashboardPage,
);
const GamesPage = page(
  () => import('../features/games/pages/games-page'),
  (m) => m.GamesPage,
);
const GameRoomPage = page(
  () => import('../features/games/pages/game-room-page'),
  (m) => m.GameRoomPage,
);
const GameHistoryPage = page(
  () => import('../features/games/pages/game-history-page'),
  (m) => m.GameHistoryPage,
);
const ReportsPage = page(
  () => import('../features/reports/pages/reports-page'),
  (m) => m.ReportsPage,
);
const AdminReportsPage = page(
  () => import('../features/reports/pages/reports-page'),
  (m) => m.AdminReportsPage,
);
const AgentsPage = page(
  () => import('../features/agents/pages/agents-page'),
  (m) => m.AgentsPage,
);
const SettingsLayout = page(
  () => import('../features/settings/pages/settings-layout'),
  (m) => m.SettingsLayout,
);
const SettingsIndexPage = page(
  () => import('../features/settings/pages/settings-index-page'),
  (m) => m.SettingsIndexPage,
);
const ProfilePage = page(
  () => import('../features/settings/pages/profile-page'),
  (m) => m.ProfilePage,
);
const CommissionSettingsPage = page(
  () => import('../features/settings/pages/commission-settings-page'),
  (m) => m.CommissionSettingsPage,
);
const CommissionPage = page(
  () => import('../features/commission/pages/commission-page'),
  (m) => m.CommissionPage,
);
const BalancePage = page(
  () => import('../features/balance/pages/balance-page'),
  (m) => m.BalancePage,
);
const SuperAgentManagementPage = page(
  () => import('../features/super-agents/pages/super-agent-management-page'),
  (m) => m.SuperAgentManagementPage,
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
        void navigate('/login', { replace: true, state: { from: { pathname: window.location.pathname } } });
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

/**
 * Every route of spec 01 section 2 and spec 02's route table. Each page is its own chunk, so the sign-in
 * screen downloads only the entry and the sign-in page.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route path="login" element={<LoginPage />} />
        {/* The guard's target for super-agent pages; its own content is never shown (spec 01 section 2):
            it is the unified sign-in screen, which sends a signed-in user on to their home page. */}
        <Route path="super-agent-login" element={<LoginPage />} />

        {/* The shell draws the navigation bar for a signed-in user; the guards inside decide who may pass. */}
        <Route element={<AppShell />}>
          <Route element={<RouteGuard access="login" />}>
            <Route path="dashboard" element={<DashboardPage />} />
            <Route path="game" element={<GamesPage />} />
            <Route path="game/:gameId" element={<GameRoomPage />} />
            <Route path="game-history/:gameId" element={<GameHistoryPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="agents" element={<AgentsPage />} />
            <Route path="settings" element={<SettingsLayout />}>
              <Route index element={<SettingsIndexPage />} />
              <Route path="profile" element={<ProfilePage />} />
              <Route path="commission" element={<CommissionSettingsPage />} />
              <Route path="*" element={<Navigate to="/settings" replace />} />
            </Route>
          </Route>
          <Route element={<RouteGuard access="admin" />}>
            <Route path="admin/reports" element={<AdminReportsPage />} />
            <Route path="commission" element={<CommissionPage />} />
            <Route path="balance" element={<BalancePage />} />
            <Route path="super-agent-management" element={<SuperAgentManagementPage />} />
          </Route>
          <Route element={<RouteGuard access="super-agent" />}>
            <Route path="super-agent-dashboard" element={<SuperAgentDashboardPage />} />
          </Route>
        </Route>

        <Route index element={<Navigate to="/dashboard" replace />} />
        <Route path="*" element={<Navigate to="/dashboard" replace />} />
      </Route>
    </Routes>
  );
}
