import '../i18n';
import { useSession } from '@/lib/session';
import { AdminDashboard } from '../components/admin-dashboard';
import { AgentDashboard } from '../components/agent-dashboard';

/** /dashboard: the admin view for the admin, the agent view for anyone else (product/screens.md#dashboard). */
export function DashboardPage() {
  const { user } = useSession();
  if (user?.role === 'admin') return <AdminDashboard />;
  return <AgentDashboard name={user?.username ?? ''} />;
}
